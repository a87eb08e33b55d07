// GET /company/{id}/peek (spec 1 §7): the settings the tenant's screens obey, for companies in the tenant's scope only.
import type { CompanyPeek } from '@portal/domain/api-shapes';
import { fromCents } from '@portal/domain/money';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { companyInTenantScope } from './tenant-scope.ts';

export async function peekCompany(db: Executor, customerId: string, id: string): Promise<CompanyPeek> {
  const [c] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), companyInTenantScope(db, customerId)))
    .limit(1);
  if (!c) throw AppError.notFound('Company');
  return {
    id: c.id,
    parentId: c.parentId,
    name: c.name,
    country: c.country,
    manageBalance: c.manageBalance,
    overpaymentAllowed: c.overpaymentAllowed,
    onlyPMPaymentAllowed: c.onlyPMPaymentAllowed,
    blockPartialPayments: c.blockPartialPayments,
    enforceCustomAmount: c.enforceCustomAmount,
    displayChargeCodes: c.displayChargeCodes,
    chargeCodes: c.chargeCodes,
    softMaximumPaymentAmount: c.softMaximumPaymentAmount == null ? null : fromCents(c.softMaximumPaymentAmount),
    acceptedPaymentTypes: c.acceptedPaymentTypes,
    createBankAccountFromPlaidRequired: c.createBankAccountFromPlaidRequired,
    serviceCreditReporting: c.serviceCreditReporting,
    conciergeEnabled: c.conciergeEnabled,
    customCard: c.customCard ?? null,
    insuranceIntegration: c.insuranceIntegration ?? null,
    microlendingEnabled: c.microlendingEnabled,
    neobankPromotionEnabled: c.neobankPromotionEnabled,
    integrationId: c.integrationId,
  };
}
