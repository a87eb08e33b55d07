// Issue 11 demo data: the `harbourview` application page with every template section, two custom fields and a fee,
// and applications of tenant@demo.test in each status, the submitted ones screened through the sandbox provider (real
// PDF reports in storage). No notice is sent (the fresh demo has no notifications).
//
// The page enables credit, background and income verification but not identity verification, so the dashboard's
// progress stays 40 % (in progress) and 80 % (submitted): 3 + 1 + 5 sections + fee = 10 sections.
import { applicationSectionsAsking } from '@portal/domain/application-form';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { loadScreeningSubject } from '../services/screening/applicant.ts';
import { attemptIncomeVerification, attemptScreening } from '../services/screening/attempt.ts';
import { incomeVerifications, leaseApplicationPages, leaseApplications, propertyLeases, screenings } from './schema.ts';
import { DEMO_IDS } from './seed-ids.ts';

/** The applications this file adds beside DEMO_IDS.appInProgress and DEMO_IDS.appPending. */
export const DEMO_APPLICATION_IDS = {
  notStarted: '00000000-0000-4000-8000-000000000803',
  approved: '00000000-0000-4000-8000-000000000804',
  declined: '00000000-0000-4000-8000-000000000805',
} as const;

export const DEMO_APPLICATION_PAGE_SECTIONS = applicationSectionsAsking({ '7': ['bankruptcy'], '8': ['email'] });

export const DEMO_APPLICATION_CUSTOM_FIELDS = [
  {
    id: 'vehicles',
    label: { en: 'Number of vehicles', fr: 'Nombre de véhicules' },
    type: 'NUMBER',
    required: true,
  },
  {
    id: 'moveInNotes',
    label: { en: 'Move-in notes', fr: 'Notes pour l’emménagement' },
    type: 'TEXT',
    required: false,
    maxLength: 500,
  },
];

const at = (today: Date, daysAgo: number, minutes = 0) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo, 16, minutes)).toISOString();

const applicant = {
  phone: '+16045550142',
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'tenant@demo.test',
  birthDate: '1990-04-12',
};

const answers = {
  addresses: [
    {
      street1: '4700 Kingsway',
      city: 'Burnaby',
      province: 'BC',
      country: 'CA',
      postalCode: 'V5H 4M1',
      monthsAtAddress: 24,
    },
  ],
  otherOccupants: [{ names: 'Sam Tremblay', age: 34, relationship: 'Spouse' }],
  employment: {
    employment: 'EMPLOYED',
    employerName: 'Coastal Health',
    phone: '+16045550190',
    occupation: 'Nurse',
    monthsEmployed: 48,
    monthlySalary: 6_200,
  },
  referenceList: [
    { name: 'Priya Shah', phone: '+16045550111', email: 'priya.shah@example.com', relationship: 'Former landlord' },
  ],
  emergencyContact: { firstName: 'Louise', lastName: 'Tremblay', phone: '+15145550123', relationship: 'Mother' },
  otherInfo: { maritalStatus: 'MARRIED', pets: false, smoking: false },
  customFields: { vehicles: 1, moveInNotes: 'We would like to move in on a weekend.' },
};

/** Screens a submitted application now (credit, background, income as the page enables), dated at its submission. */
async function screenSubmitted(ctx: AppContext, applicationId: string, submittedAt: string): Promise<void> {
  const subject = await loadScreeningSubject(ctx, applicationId);
  if (!subject) return;
  const types = [...(subject.flags.credit ? ['CREDIT'] : []), ...(subject.flags.background ? ['BASIC'] : [])];
  if (types.length) {
    await ctx.db
      .insert(screenings)
      .values(types.map((type) => ({ applicationId, type, status: 'PENDING', createdAt: submittedAt })))
      .onConflictDoNothing();
  }
  if (subject.flags.income) {
    await ctx.db
      .insert(incomeVerifications)
      .values({ applicationId, status: 'PENDING', createdAt: submittedAt })
      .onConflictDoNothing();
  }
  const answeredAt = new Date(new Date(submittedAt).getTime() + 2 * 60_000).toISOString();
  for (const row of await ctx.db.select().from(screenings).where(eq(screenings.applicationId, applicationId))) {
    if (row.status === 'PENDING') await attemptScreening(ctx, row, subject);
  }
  await ctx.db
    .update(screenings)
    .set({ completedAt: answeredAt })
    .where(and(eq(screenings.applicationId, applicationId)));
  const [income] = await ctx.db.select().from(incomeVerifications).where(eq(incomeVerifications.applicationId, applicationId));
  if (income?.status === 'PENDING') await attemptIncomeVerification(ctx, income, subject);
  await ctx.db
    .update(incomeVerifications)
    .set({ completedAt: answeredAt })
    .where(eq(incomeVerifications.applicationId, applicationId));
}

export async function seedDemoApplications(ctx: AppContext, today: Date): Promise<void> {
  const I = DEMO_IDS;
  const A = DEMO_APPLICATION_IDS;
  await ctx.db
    .update(leaseApplicationPages)
    .set({
      sections: DEMO_APPLICATION_PAGE_SECTIONS,
      customFields: DEMO_APPLICATION_CUSTOM_FIELDS,
      applicationFeeAmount: 3_500,
      creditReportEnabled: true,
      backgroundCheckEnabled: true,
      identityVerificationEnabled: false,
      incomeVerificationEnabled: true,
    })
    .where(eq(leaseApplicationPages.id, I.appPage));

  // IN_PROGRESS (kept as seeded: terms, property, phone, one address = 4 of 10 sections) resumes at the addresses step.
  await ctx.db
    .update(leaseApplications)
    .set({ currentStep: 'addresses', birthDate: applicant.birthDate, updatedAt: at(today, 2) })
    .where(eq(leaseApplications.id, I.appInProgress));

  // PENDING (shown as SUBMITTED): every section answered, screened: credit PASS, background PASS, income report.
  const pendingAt = at(today, 3);
  await ctx.db
    .update(leaseApplications)
    .set({
      ...answers,
      birthDate: applicant.birthDate,
      currentStep: 'terms',
      submittedAt: pendingAt,
      createdAt: at(today, 5),
      updatedAt: pendingAt,
    })
    .where(eq(leaseApplications.id, I.appPending));
  await screenSubmitted(ctx, I.appPending, pendingAt);

  const approvedAt = at(today, 12);
  const declinedAt = at(today, 30);
  await ctx.db.insert(leaseApplications).values([
    {
      // NOT_STARTED: created from the page, the applicant filled in from the account.
      id: A.notStarted,
      status: 'NOT_STARTED',
      customerId: I.tenant,
      pageName: 'harbourview',
      companyId: I.companyCa,
      ...applicant,
      createdAt: at(today, 1),
      updatedAt: at(today, 1),
    },
    {
      // APPROVED: its lease is the demo's pending lease (unit 12, starting next month; the job activates it then).
      id: A.approved,
      status: 'APPROVED',
      customerId: I.tenant,
      pageName: 'harbourview',
      propertyId: I.propertyCa2,
      companyId: I.companyCa,
      acknowledgedTerms: true,
      ...applicant,
      ...answers,
      currentStep: 'terms',
      submittedAt: at(today, 14),
      decidedAt: approvedAt,
      decidedBy: I.admin,
      decisionComment: 'Welcome! Keys are at the front desk from the start date.',
      leaseId: I.leasePending,
      createdAt: at(today, 16),
      updatedAt: approvedAt,
    },
    {
      // DECLINED: the sandbox's "Fail" surname: credit and background FAIL, a weak income report.
      id: A.declined,
      status: 'DECLINED',
      customerId: I.tenant,
      pageName: 'harbourview',
      propertyId: I.propertyCa,
      companyId: I.companyCa,
      acknowledgedTerms: true,
      ...applicant,
      lastName: 'Tremblay-Fail',
      ...answers,
      currentStep: 'terms',
      submittedAt: at(today, 33),
      decidedAt: declinedAt,
      decidedBy: I.admin,
      decisionComment: 'The screening reports do not meet the building’s criteria.',
      createdAt: at(today, 35),
      updatedAt: declinedAt,
    },
  ]);
  await screenSubmitted(ctx, A.approved, at(today, 14));
  await screenSubmitted(ctx, A.declined, at(today, 33));
  await ctx.db
    .update(propertyLeases)
    .set({ origin: 'APPLICATION', applicationId: A.approved, approvedAt })
    .where(eq(propertyLeases.id, I.leasePending));
}
