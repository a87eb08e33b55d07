// A partner policy bought on the partner's sandbox page (spec 2 §7 "Quote partners"; issue 22): the partner tells the
// portal its policy number (this call stands for the partner's purchase notification) and the tenant's policy is
// created in insurance_policies exactly once, whatever the clicks, retries or concurrent calls: the quote row is locked
// and the policy is unique per lease and policy number.
//
// approvalStatus APPROVED: a partner policy is issued by a partner the property's company integrated (its switches in
// companies/properties.insurance_integration) and needs no proof for the manager to review, unlike an uploaded policy
// (PENDING, spec 2 §4). status NEW, insuranceExternal false, policyProvider = the partner (spec 2 §3).
import { addDays, addMonths } from '@portal/domain/dates';
import type { InsurancePartner } from '@portal/domain/entities';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { customers, insurancePolicies, insuranceQuotes } from '../../db/schema.ts';
import { sandboxPolicyPath } from '../../providers/insurance-partners/insurance-partners.ts';

export const PARTNER_CARRIER_NAMES: Record<InsurancePartner, string> = {
  NUERA: 'Nuera Insurance',
  MELLO: 'Mello Insurance',
  APOLLO: 'Apollo Insurance',
};

export type PolicyRow = typeof insurancePolicies.$inferSelect;

/** The tenant's partner policy for a bought quote (created once); null when the portal never gave that quote. */
export async function recordPartnerPurchase(
  ctx: AppContext,
  input: { partner: InsurancePartner; partnerQuoteRef: string; policyNumber: string; monthlyCents: number },
): Promise<PolicyRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [quote] = await tx
      .select()
      .from(insuranceQuotes)
      .where(and(eq(insuranceQuotes.partner, input.partner), eq(insuranceQuotes.partnerQuoteRef, input.partnerQuoteRef)))
      .for('update');
    if (!quote) return null;
    const find = async () => {
      const [row] = await tx
        .select()
        .from(insurancePolicies)
        .where(and(eq(insurancePolicies.leaseId, quote.leaseId), eq(insurancePolicies.policyIdentifier, input.policyNumber)));
      return row ?? null;
    };
    let policy = await find();
    if (!policy) {
      const [tenant] = await tx
        .select({ firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(eq(customers.id, quote.userId));
      const start = ctx.now().toISOString().slice(0, 10);
      await tx
        .insert(insurancePolicies)
        .values({
          userId: quote.userId,
          leaseId: quote.leaseId,
          carrierName: PARTNER_CARRIER_NAMES[input.partner],
          firstName: tenant?.firstName ?? null,
          lastName: tenant?.lastName ?? null,
          startDate: start,
          effectiveDate: start,
          // a one-year term, as the partners sell it
          endDate: addDays(addMonths(start, 12), -1),
          policyIdentifier: input.policyNumber,
          policyProvider: input.partner,
          status: 'NEW',
          approvalStatus: 'APPROVED',
          insuranceExternal: false,
          quoteId: quote.id,
          providerUrl: sandboxPolicyPath(input.partner, input.policyNumber),
          monthlyCostCents: quote.monthlyCents ?? input.monthlyCents,
        })
        .onConflictDoNothing({ target: [insurancePolicies.leaseId, insurancePolicies.policyIdentifier] });
      policy = await find();
    }
    if (policy && (quote.status !== 'PURCHASED' || quote.policyId !== policy.id))
      await tx.update(insuranceQuotes).set({ status: 'PURCHASED', policyId: policy.id }).where(eq(insuranceQuotes.id, quote.id));
    return policy;
  });
}
