// Demo of the insurance quote partners (issue 22 "Demo data"; spec 2 §7 "Quote partners", §9): a MELLO partner policy
// bought on the demo tenant's Harbourview lease (the partner's own record, the portal's quote and the policy with its
// button to the provider's site), and a property in Quebec (Maple Leaf) where no partner is offered (spec 2 §9). The
// Quebec property has no lease: the demo tenant's three leases stay three (the dashboard and tests count them).
import { addDays, addMonths } from '@portal/domain/dates';
import type { AppContext } from '../context.ts';
import { sandboxPolicyPath, sandboxQuotePath } from '../providers/insurance-partners/insurance-partners.ts';
import { buildExternalQuoteRequest } from '../services/insurance/quote-request.ts';
import { insurancePolicies, insuranceQuotes, properties, sandboxInsurancePartnerQuotes } from './schema.ts';
import { DEMO_IDS } from './seed-ids.ts';

export const INSURANCE_PARTNER_DEMO_IDS = {
  propertyQuebec: '00000000-0000-4000-8000-000000000e01',
  partnerQuote: '00000000-0000-4000-8000-000000000e11',
  quote: '00000000-0000-4000-8000-000000000e12',
  policy: '00000000-0000-4000-8000-000000000e13',
} as const;

export const DEMO_PARTNER_POLICY_NUMBER = 'ML-20481357';

export async function seedDemoInsurancePartners(ctx: AppContext, today: Date): Promise<void> {
  const I = DEMO_IDS;
  const D = INSURANCE_PARTNER_DEMO_IDS;
  const bought = addDays(today.toISOString().slice(0, 10), -40);
  // the partner's record of the quote, as the sandbox partner keeps it (the documented price: $18.75 / $207.00)
  const request = buildExternalQuoteRequest({
    tenant: {
      firstName: 'Camille',
      lastName: 'Tremblay',
      email: 'tenant@demo.test',
      phone: '+16045550142',
      birthDate: '1990-04-12',
    },
    property: {
      street1: '1250 Granville Street',
      street2: null,
      city: 'Vancouver',
      province: 'BC',
      postalCode: 'V6Z 1M6',
      country: 'CA',
    },
    lease: { id: I.leaseActive, unit: '804' },
    effectiveDate: bought,
  });
  const at = `${bought}T18:30:00.000Z`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(properties).values({
      id: D.propertyQuebec,
      companyId: I.companyCa,
      propertyName: 'Plateau Mont-Royal Lofts',
      street1: '4520 Rue Saint-Denis',
      city: 'Montréal',
      province: 'QC',
      country: 'CA',
      postalCode: 'H2J 2L3',
      category: 'RESIDENTIAL',
      // every switch on: spec 2 §9 alone leaves no partner in Quebec
      insuranceIntegration: { NUERA: { enabled: true }, MELLO: { enabled: true }, APOLLO: { enabled: true } },
    });
    await tx.insert(sandboxInsurancePartnerQuotes).values({
      id: D.partnerQuote,
      partner: 'MELLO',
      request: request ?? {},
      monthlyCents: 1875,
      yearlyCents: 20700,
      currency: 'CAD',
      policyNumber: DEMO_PARTNER_POLICY_NUMBER,
      purchasedAt: at,
      createdAt: at,
    });
    await tx.insert(insuranceQuotes).values({
      id: D.quote,
      userId: I.tenant,
      leaseId: I.leaseActive,
      partner: 'MELLO',
      partnerQuoteRef: D.partnerQuote,
      link: sandboxQuotePath('MELLO', D.partnerQuote),
      currency: 'CAD',
      monthlyCents: 1875,
      yearlyCents: 20700,
      status: 'PURCHASED',
      policyId: D.policy,
      createdAt: at,
    });
    await tx.insert(insurancePolicies).values({
      id: D.policy,
      userId: I.tenant,
      leaseId: I.leaseActive,
      carrierName: 'Mello Insurance',
      firstName: 'Camille',
      lastName: 'Tremblay',
      startDate: bought,
      effectiveDate: bought,
      endDate: addDays(addMonths(bought, 12), -1),
      policyIdentifier: DEMO_PARTNER_POLICY_NUMBER,
      policyProvider: 'MELLO',
      status: 'NEW',
      approvalStatus: 'APPROVED',
      insuranceExternal: false,
      quoteId: D.quote,
      providerUrl: sandboxPolicyPath('MELLO', DEMO_PARTNER_POLICY_NUMBER),
      monthlyCostCents: 1875,
      createdAt: at,
    });
  });
}
