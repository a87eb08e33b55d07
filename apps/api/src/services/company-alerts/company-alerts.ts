// Issue 21 §2 (spec 1 §8, spec 2 §8): the one-time alerts of listed companies. A company flagged
// (companies.alert_payment_method_reentry / alert_service_fee_change) alerts each tenant with a lease there once: what a
// tenant has been shown is remembered in company_alerts_seen, so another device or a reload does not show it again.
import type { CompanyAlert, CompanyAlertRecord } from '@portal/domain/company-alerts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, companyAlertsSeen, propertyLeases } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

const FLAG_OF: Record<CompanyAlert, typeof companies.alertPaymentMethodReentry | typeof companies.alertServiceFeeChange> = {
  PAYMENT_METHOD_REENTRY: companies.alertPaymentMethodReentry,
  SERVICE_FEE_CHANGE: companies.alertServiceFeeChange,
};

/** The flagged companies of the customer's leases, each alert the customer has not been shown yet. */
export async function listPendingCompanyAlerts(ctx: AppContext, customerId: string): Promise<CompanyAlertRecord[]> {
  const rows = await ctx.db
    .selectDistinct({
      companyId: companies.id,
      companyName: companies.name,
      reentry: companies.alertPaymentMethodReentry,
      feeChange: companies.alertServiceFeeChange,
    })
    .from(companies)
    .innerJoin(propertyLeases, and(eq(propertyLeases.companyId, companies.id), eq(propertyLeases.userId, customerId)))
    .where(sql`${companies.alertPaymentMethodReentry} OR ${companies.alertServiceFeeChange}`)
    .orderBy(companies.name, companies.id);
  if (rows.length === 0) return [];
  const seen = await ctx.db
    .select({ companyId: companyAlertsSeen.companyId, alert: companyAlertsSeen.alert })
    .from(companyAlertsSeen)
    .where(eq(companyAlertsSeen.customerId, customerId));
  const wasSeen = (companyId: string, alert: CompanyAlert) => seen.some((s) => s.companyId === companyId && s.alert === alert);
  const out: CompanyAlertRecord[] = [];
  for (const r of rows) {
    if (r.reentry && !wasSeen(r.companyId, 'PAYMENT_METHOD_REENTRY'))
      out.push({ companyId: r.companyId, companyName: r.companyName, alert: 'PAYMENT_METHOD_REENTRY' });
    if (r.feeChange && !wasSeen(r.companyId, 'SERVICE_FEE_CHANGE'))
      out.push({ companyId: r.companyId, companyName: r.companyName, alert: 'SERVICE_FEE_CHANGE' });
  }
  return out;
}

/**
 * Remembers that the customer was shown the alert. Only an alert the customer can have (a lease at that company, the
 * company flagged) is remembered, else 404 as for a missing record; a second call changes nothing.
 */
export async function markCompanyAlertSeen(
  ctx: AppContext,
  input: { customerId: string; companyId: string; alert: CompanyAlert },
): Promise<void> {
  const [company] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .innerJoin(propertyLeases, and(eq(propertyLeases.companyId, companies.id), eq(propertyLeases.userId, input.customerId)))
    .where(and(eq(companies.id, input.companyId), eq(FLAG_OF[input.alert], true)))
    .limit(1);
  if (!company) throw AppError.notFound('Company');
  await ctx.db
    .insert(companyAlertsSeen)
    .values({ customerId: input.customerId, companyId: input.companyId, alert: input.alert })
    .onConflictDoNothing();
}
