// Demo insurance (issue 22 "Demo data"): the companies' insurance switches (spec 2 §6) so that the BC property offers
// every quote partner and the upload option, while the US property offers none (spec 2 §9: no partner in the US, and
// its company switches nothing on); a pending uploaded policy with its proof document and an approved one with the
// manager's comment. The partner policy and the Quebec property are seeded by the quote partners' own seed file.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { documentUrl } from '../services/documents/document-url.ts';
import { companies, documents, insurancePolicies } from './schema.ts';
import { tinyPng } from './seed.ts';
import { DEMO_IDS } from './seed-ids.ts';

export const INSURANCE_DEMO_IDS = {
  policyPending: '00000000-0000-4000-8000-000000000901',
  policyApproved: '00000000-0000-4000-8000-000000000902',
  docPolicyPending: '00000000-0000-4000-8000-000000000911',
} as const;

const ALL_INSURANCE_ON = {
  NUERA: { enabled: true },
  MELLO: { enabled: true },
  APOLLO: { enabled: true },
  MANUAL: { enabled: true },
};

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);

export async function seedDemoInsurance(ctx: AppContext, today: Date): Promise<void> {
  const I = DEMO_IDS;
  const proof = tinyPng();
  const proofKey = await ctx.storage.save(proof);
  const proofName = 'home-insurance-proof.png';
  await ctx.db.transaction(async (tx) => {
    // spec 2 §6: the company switches its integrations on; the property's own flags (seed.ts) narrow them
    await tx.update(companies).set({ insuranceIntegration: ALL_INSURANCE_ON }).where(eq(companies.id, I.companyCa));
    await tx.insert(insurancePolicies).values([
      {
        id: INSURANCE_DEMO_IDS.policyApproved,
        userId: I.tenant,
        leaseId: I.leaseActive,
        carrierName: 'Maple Mutual Insurance',
        firstName: 'Camille',
        lastName: 'Tremblay',
        startDate: ymd(addDays(today, -300)),
        endDate: ymd(addDays(today, 65)),
        effectiveDate: ymd(addDays(today, -300)),
        policyIdentifier: 'MMI-204118',
        policyProvider: 'TENANT_UPLOAD',
        status: 'NEW',
        approvalStatus: 'APPROVED',
        approvalStatusComment: 'Liability coverage of $1,000,000 confirmed. Thank you!',
        reviewedAt: addDays(today, -295).toISOString(),
        reviewedBy: I.admin,
        createdAt: addDays(today, -298).toISOString(),
      },
      {
        id: INSURANCE_DEMO_IDS.policyPending,
        userId: I.tenant,
        leaseId: I.leaseActive,
        carrierName: 'Coastal Home Insurance',
        firstName: 'Camille',
        lastName: 'Tremblay',
        startDate: ymd(addDays(today, 60)),
        endDate: ymd(addDays(today, 425)),
        policyIdentifier: 'CHI-88-3301',
        policyProvider: 'TENANT_UPLOAD',
        status: 'NEW',
        approvalStatus: 'PENDING',
        createdAt: addDays(today, -2).toISOString(),
      },
    ]);
    await tx.insert(documents).values({
      id: INSURANCE_DEMO_IDS.docPolicyPending,
      ownerType: 'TYPE_CUSTOMER',
      ownerId: I.tenant,
      customerId: I.tenant,
      recordType: 'INSURANCE_POLICY',
      recordId: INSURANCE_DEMO_IDS.policyPending,
      name: proofName,
      url: documentUrl(INSURANCE_DEMO_IDS.docPolicyPending, I.tenant, proofName),
      size: proof.length,
      mimeType: 'image/png',
      storageKey: proofKey,
    });
  });
}
