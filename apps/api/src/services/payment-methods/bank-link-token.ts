// spec 1 §7: GET /bank_account/createfromplaid/{customerId}?country= answers the bank-linking widget's link token.
// spec 1 §2: the widget defaults to the sandbox environment and to the country of the company that requires it.

import { bankLinkingCompany } from '@portal/domain/add-method-options';
import type { BankLinkToken } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import type { AppContext } from '../../context.ts';
import { bankLinkCountry, findCustomerBasics, findTenantLeases } from './tenant-leases.ts';

export async function getBankLinkToken(ctx: AppContext, customerId: string, country?: Country): Promise<BankLinkToken> {
  const customer = await findCustomerBasics(ctx.db, customerId);
  const leases = await findTenantLeases(ctx.db, customerId);
  const linkCountry = country ?? bankLinkCountry(leases, customer.country);
  const provider = ctx.providers.bankLinking;
  const { token } = await provider.createLinkToken({ customerId, country: linkCountry });
  return {
    clientName: bankLinkingCompany(leases)?.name ?? 'Tenant portal',
    env: provider.env,
    publicKey: provider.publicKey,
    product: provider.products,
    selectAccount: true,
    token,
    webhook: provider.webhook,
    country: linkCountry,
    widgetUrl: provider.widgetUrl,
  };
}
