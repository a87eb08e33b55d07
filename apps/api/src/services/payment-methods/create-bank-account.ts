// POST /create TYPE_BANK_ACCOUNT (spec 1 §3, §5: CA institution + transit, whose concatenation is the routing number;
// US routing number) and POST /bank_account/createfromplaid (the bank-linking widget's account). The processor
// tokenizes the account first; the address and method are then written in one transaction. The same account saved
// again answers the method already saved (200) rather than a second copy.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import type { AddressFields, CreateBankAccountBody, CreateFromPlaidBody } from '@portal/domain/payment-method-bodies';
import { AppError } from '../../lib/app-error.ts';
import { billingAddressIdOf, requireOwnAddress } from './addresses.ts';
import { type CreateContext, type Created, findByFingerprint, insertPaymentMethod, isUniqueViolation } from './create-context.ts';
import { toPaymentMethodRecord } from './payment-method-record.ts';
import { askProcessor } from './processor-errors.ts';
import { assertMayAdd, findCustomerBasics } from './tenant-leases.ts';

interface BankAccountDetails {
  country: Country;
  accountHolder: string;
  bankName: string | null;
  accountNumber: string;
  routingNumber: string;
  institutionNumber: string | null;
  transitNumber: string | null;
  billingAddressId?: string;
  billingAddress?: AddressFields;
}

async function saveBankAccount(c: CreateContext, details: BankAccountDetails): Promise<Created<PaymentMethodRecord>> {
  const { ctx, customerId, actor } = c;
  if (details.billingAddressId) await requireOwnAddress(ctx.db, customerId, details.billingAddressId);
  const account = await askProcessor(() =>
    ctx.providers.processor.tokenizeBankAccount({
      country: details.country,
      accountNumber: details.accountNumber,
      routingNumber: details.routingNumber,
      institutionNumber: details.institutionNumber ?? undefined,
      transitNumber: details.transitNumber ?? undefined,
      accountHolder: details.accountHolder,
    }),
  );
  const existing = async () => {
    await ctx.providers.processor.deleteToken(account.token).catch(() => undefined);
    const row = await findByFingerprint(ctx.db, customerId, account.fingerprint);
    return row ? ({ status: 200, record: toPaymentMethodRecord(row, c.lang) } as const) : null;
  };
  try {
    const row = await ctx.db.transaction(async (tx) => {
      if (await findByFingerprint(tx, customerId, account.fingerprint)) return null;
      return insertPaymentMethod(tx, customerId, actor, {
        type: 'TYPE_BANK_ACCOUNT',
        country: details.country,
        processorToken: account.token,
        fingerprint: account.fingerprint,
        last4: account.last4,
        accountHolder: details.accountHolder,
        bankName: details.bankName ?? account.bankName,
        routingNumber: details.routingNumber,
        institutionNumber: details.institutionNumber,
        transitNumber: details.transitNumber,
        billingAddressId: await billingAddressIdOf(tx, customerId, details, actor),
      });
    });
    if (row) return { status: 201, record: toPaymentMethodRecord(row, c.lang) };
    const found = await existing();
    if (found) return found;
    throw new Error('bank account fingerprint vanished');
  } catch (err) {
    if (isUniqueViolation(err, 'payment_methods_fingerprint_uq')) {
      const found = await existing();
      if (found) return found;
    }
    await ctx.providers.processor.deleteToken(account.token).catch(() => undefined);
    throw err;
  }
}

export async function createBankAccount(c: CreateContext, body: CreateBankAccountBody): Promise<Created<PaymentMethodRecord>> {
  await assertMayAdd(c.ctx.db, c.customerId, 'TYPE_BANK_ACCOUNT');
  return saveBankAccount(c, {
    country: body.country,
    accountHolder: body.accountHolder,
    bankName: body.bankName?.trim() || null,
    accountNumber: body.bankAccountNumber,
    routingNumber: body.routingNumber,
    institutionNumber: body.institutionNumber ?? null,
    transitNumber: body.transitNumber ?? null,
    billingAddressId: body.billingAddressId,
    billingAddress: body.billingAddress,
  });
}

// spec 1 §7: POST /bank_account/createfromplaid: loginId is the widget's public token, which must be the caller's
export async function createBankAccountFromLink(
  c: CreateContext,
  body: CreateFromPlaidBody,
): Promise<Created<PaymentMethodRecord>> {
  const linked = await c.ctx.providers.bankLinking.exchangePublicToken(body.loginId, body.accountId);
  // A forged, expired or someone else's public token: the same answer, naming nobody.
  if (!linked || linked.customerId !== c.customerId) throw AppError.onField('loginId', 'server.paymentMethods.bankLinkInvalid');
  if (linked.country !== body.country) throw AppError.onField('country', 'server.paymentMethods.bankLinkAccountMismatch');
  await assertMayAdd(c.ctx.db, c.customerId, 'TYPE_BANK_ACCOUNT');
  const customer = await findCustomerBasics(c.ctx.db, c.customerId);
  return saveBankAccount(c, {
    country: linked.country,
    accountHolder: `${customer.firstName} ${customer.lastName}`.trim(),
    bankName: linked.institutionName,
    accountNumber: linked.accountNumber,
    routingNumber: linked.routingNumber,
    institutionNumber: linked.institutionNumber,
    transitNumber: linked.transitNumber,
  });
}
