// The demo data of README (fixed logins; dates relative to "today" so overdue and upcoming stay true).
import { deflateSync } from 'node:zlib';
import { type FeeProfile, SEED_FEE_PROFILES } from '@portal/domain/fees';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/password.ts';
import { documentUrl } from '../services/documents/document-url.ts';
import {
  addresses,
  broadcastMessages,
  companies,
  corporateUsers,
  customers,
  documents,
  feeProfiles,
  leaseApplicationPages,
  leaseApplications,
  openCharges,
  paymentMethods,
  paymentTransactions,
  properties,
  propertyLeases,
  recurringPayments,
  recurringSchedules,
  sandboxProcessorCharges,
} from './schema.ts';
import { seedDemoApplications } from './seed-applications.ts';
import { seedDemoCharges } from './seed-charges.ts';
import { seedDemoCreditReporting } from './seed-credit-reporting.ts';
import { seedDemoCreditReports } from './seed-credit-reports.ts';
import { DEMO_IDS } from './seed-ids.ts';
import { seedDemoInsurance } from './seed-insurance.ts';
import { seedDemoInsurancePartners } from './seed-insurance-partners.ts';
import { seedDemoServices } from './seed-services.ts';
import { seedDemoSignup } from './seed-signup.ts';

export const DEMO_PASSWORD = 'Demo1234';
export { DEMO_IDS } from './seed-ids.ts';

export const DEMO_LOGINS = [
  { email: 'tenant@demo.test', role: 'tenant (Canada, 3 leases)' },
  { email: 'tenant.us@demo.test', role: 'tenant (United States)' },
  { email: 'admin@demo.test', role: 'administrator (every company; can mimic a tenant)' },
  { email: 'manager@demo.test', role: 'property manager, Maple Leaf Property Management (console at /admin)' },
  { email: 'manager2@demo.test', role: 'property manager, Okanagan Rentals (French console)' },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const firstOfMonth = (today: Date, offset: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + offset, 1));
const daysAgo = (today: Date, days: number, hour = 15) =>
  new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, hour, 12)).toISOString();

/** A tiny valid PNG (1x1, brand blue) so the seeded documents download as real files. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x1c, 0x64, 0xd2]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function isDatabaseEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(customers);
  return (row?.n ?? 0) === 0;
}

type FeeProfileRow = typeof feeProfiles.$inferInsert;

function feeProfileRow(p: FeeProfile, companyId: string | null): FeeProfileRow {
  return {
    ...(companyId ? {} : { id: p.id }),
    companyId,
    country: p.country,
    paymentType: p.paymentType,
    cardType: p.cardType ?? null,
    cardBrand: p.cardBrand ?? null,
    walletType: p.walletType ?? null,
    processor: p.processor ?? null,
    padSchedule: p.padSchedule ?? null,
    feeRate: String(p.feeRate),
    rateType: p.rateType,
    feeType: p.feeType ?? null,
    internationalFeeRate: p.internationalFeeRate == null ? null : String(p.internationalFeeRate),
    internationalRateType: p.internationalRateType ?? null,
    paidByCompany: !!p.paidByCompany,
  };
}

/** Monthly credit-reporting service fee of the Maple Leaf demo company (spec 2 §5: a non-zero fee needs a card). */
export const DEMO_CREDIT_REPORT_FEE = 4.95;

/**
 * spec 1 §9 / spec 2 §9: the announced schedule (SEED_FEE_PROFILES) as the platform default (companyId NULL) and for
 * every demo company, each showing a variant: Maple Leaf the schedule as announced plus a CREDIT_REPORT service fee;
 * Okanagan card fees paid by the company; Liberty Homes bank fees taken out of the amount (feeType SUBTRACT).
 */
function demoFeeProfiles(): FeeProfileRow[] {
  const I = DEMO_IDS;
  const schedule = (country: 'CA' | 'US') => SEED_FEE_PROFILES.filter((p) => p.country === country);
  return [
    ...SEED_FEE_PROFILES.map((p) => feeProfileRow(p, null)),
    ...schedule('CA').map((p) => feeProfileRow(p, I.companyCa)),
    {
      companyId: I.companyCa,
      service: 'CREDIT_REPORT',
      country: 'CA',
      paymentType: 'TYPE_CREDIT_REPORT',
      feeRate: String(DEMO_CREDIT_REPORT_FEE),
      rateType: 'FLAT',
      feeType: 'ADD',
    },
    ...schedule('CA').map((p) => feeProfileRow({ ...p, paidByCompany: p.paymentType === 'TYPE_CREDIT_CARD' }, I.companyCa2)),
    ...schedule('US').map((p) =>
      feeProfileRow({ ...p, feeType: p.paymentType === 'TYPE_BANK_ACCOUNT' ? 'SUBTRACT' : p.feeType }, I.companyUs),
    ),
  ];
}

export async function seedDemo(ctx: AppContext): Promise<void> {
  const today = ctx.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const I = DEMO_IDS;
  const lastMonth = firstOfMonth(today, -1);
  const nextMonth = firstOfMonth(today, 1);

  const docTenantBytes = Buffer.from('item,amount\nRent,1850.00\nParking,75.00\n', 'utf8');
  const docManagerBytes = tinyPng();
  const docUsBytes = Buffer.from('note\nMove-in checklist\n', 'utf8');
  const keys = {
    tenant: await ctx.storage.save(docTenantBytes),
    manager: await ctx.storage.save(docManagerBytes),
    us: await ctx.storage.save(docUsBytes),
  };

  await ctx.db.transaction(async (tx) => {
    await tx.insert(customers).values([
      {
        id: I.tenant,
        email: 'tenant@demo.test',
        passwordHash,
        firstName: 'Camille',
        lastName: 'Tremblay',
        birthDate: '1990-04-12',
        phone: '+16045550142',
        languageCode: 'en',
        preferredContactMethod: 'EMAIL',
        acknowledgedTerms: false,
        country: 'CA',
        // issue 25: the demo tenants' addresses are verified (receipts by e-mail reach the sandbox inbox)
        emailVerifiedAt: new Date().toISOString(),
      },
      {
        id: I.tenantUs,
        email: 'tenant.us@demo.test',
        passwordHash,
        firstName: 'Jordan',
        lastName: 'Miller',
        birthDate: '1987-09-30',
        phone: '+12065550199',
        languageCode: 'en',
        preferredContactMethod: 'MOBILE_PHONE',
        acknowledgedTerms: true,
        country: 'US',
        emailVerifiedAt: new Date().toISOString(),
      },
    ]);
    await tx.insert(corporateUsers).values([
      { id: I.admin, email: 'admin@demo.test', passwordHash, firstName: 'Alex', lastName: 'Admin', type: 'TYPE_ADMIN' },
      {
        id: I.manager,
        email: 'manager@demo.test',
        passwordHash,
        firstName: 'Morgan',
        lastName: 'Lee',
        type: 'TYPE_MANAGER',
        companyId: I.companyCa,
      },
      {
        id: I.manager2,
        email: 'manager2@demo.test',
        passwordHash,
        firstName: 'Camille',
        lastName: 'Roy',
        type: 'TYPE_MANAGER',
        companyId: I.companyCa2,
        languageCode: 'fr',
      },
    ]);
    await tx.insert(companies).values([
      {
        id: I.companyCa,
        name: 'Maple Leaf Property Management',
        country: 'CA',
        manageBalance: 'YES',
        overpaymentAllowed: 'YES',
        onlyPMPaymentAllowed: 'NO',
        softMaximumPaymentAmount: 500_000,
        acceptedPaymentTypes: [
          'TYPE_CREDIT_CARD',
          'TYPE_BANK_ACCOUNT',
          'TYPE_PAY_PAL',
          'TYPE_WALLET',
          'TYPE_CASH',
          'TYPE_INSTALLMENT_PAY',
          'TYPE_UNION_PAY',
        ],
        serviceCreditReporting: { RESIDENTIAL: true, COMMERCIAL: false },
        conciergeEnabled: true,
      },
      {
        id: I.companyCa2,
        name: 'Okanagan Rentals',
        country: 'CA',
        manageBalance: 'NO',
        overpaymentAllowed: 'NO',
        // issue 7 demo: payment-method changes only through the manager, bank accounts through the bank-linking widget
        onlyPMPaymentAllowed: 'YES',
        createBankAccountFromPlaidRequired: true,
        acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT'],
      },
      {
        id: I.companyUs,
        name: 'Liberty Homes LLC',
        country: 'US',
        manageBalance: 'YES',
        overpaymentAllowed: 'NO',
        blockPartialPayments: true,
        // issue 21 §2 demo: the one-time alerts of a listed company (re-enter a payment method; a service-fee change)
        alertPaymentMethodReentry: true,
        alertServiceFeeChange: true,
        acceptedPaymentTypes: ['TYPE_CREDIT_CARD', 'TYPE_BANK_ACCOUNT', 'TYPE_CASH'],
      },
    ]);
    await tx.insert(properties).values([
      {
        id: I.propertyCa,
        companyId: I.companyCa,
        propertyName: 'Harbourview Residences',
        street1: '1250 Granville Street',
        city: 'Vancouver',
        province: 'BC',
        country: 'CA',
        postalCode: 'V6Z 1M6',
        category: 'RESIDENTIAL',
        insuranceIntegration: {
          NUERA: { enabled: true },
          MELLO: { enabled: true },
          APOLLO: { enabled: true },
          MANUAL: { enabled: true },
        },
        monevoIntegration: { enabled: true },
      },
      {
        id: I.propertyCa2,
        companyId: I.companyCa2,
        propertyName: 'Lakeside Townhomes',
        street1: '455 Lakeshore Road',
        city: 'Kelowna',
        province: 'BC',
        country: 'CA',
        postalCode: 'V1W 1V4',
      },
      {
        id: I.propertyCaOld,
        companyId: I.companyCa,
        propertyName: 'Metrotown Lofts',
        street1: '4700 Kingsway',
        city: 'Burnaby',
        province: 'BC',
        country: 'CA',
        postalCode: 'V5H 4M1',
      },
      {
        id: I.propertyUs,
        companyId: I.companyUs,
        propertyName: 'Pike Street Flats',
        street1: '1520 Pike Street',
        city: 'Seattle',
        province: 'WA',
        country: 'US',
        postalCode: '98101',
      },
    ]);
    await tx.insert(propertyLeases).values([
      {
        id: I.leaseActive,
        status: 'ACTIVE',
        unit: '804',
        userId: I.tenant,
        propertyId: I.propertyCa,
        companyId: I.companyCa,
        startDate: ymd(firstOfMonth(today, -14)),
        endDate: ymd(new Date(Date.UTC(today.getUTCFullYear() + 2, today.getUTCMonth(), 0))),
        tenantNotes: 'Parking stall P2-14 is included with this lease.',
        monthlyPaymentDueDay: 1,
        charges: [
          { code: 'Rent', name: 'Rent', amount: 185_000 },
          { code: 'parking', name: 'Parking', amount: 7_500 },
        ],
        acceptInstallmentPay: true,
      },
      {
        id: I.leasePending,
        status: 'PENDING',
        unit: '12',
        userId: I.tenant,
        propertyId: I.propertyCa2,
        companyId: I.companyCa2,
        startDate: ymd(nextMonth),
        monthlyPaymentDueDay: 1,
        charges: [{ code: 'Rent', name: 'Rent', amount: 210_000 }],
      },
      {
        id: I.leaseTerminated,
        status: 'TERMINATED',
        unit: '1502',
        userId: I.tenant,
        propertyId: I.propertyCaOld,
        companyId: I.companyCa,
        startDate: ymd(firstOfMonth(today, -38)),
        endDate: ymd(firstOfMonth(today, -15)),
        monthlyPaymentDueDay: 1,
        charges: [{ code: 'Rent', name: 'Rent', amount: 165_000 }],
      },
      {
        id: I.leaseUs,
        status: 'ACTIVE',
        unit: '3B',
        userId: I.tenantUs,
        propertyId: I.propertyUs,
        companyId: I.companyUs,
        startDate: ymd(firstOfMonth(today, -6)),
        monthlyPaymentDueDay: 1,
        charges: [{ code: 'Rent', name: 'Rent', amount: 240_000 }],
        blockPartialPayments: true,
        // issue 7 demo: bank payments blocked by the manager (spec 1 §8 bank-blocked alert)
        blockPayments: { TYPE_BANK_ACCOUNT: { blocked: true } },
        // issue 10 demo: the manager requires autopay (spec 2 §2: notice with the due day, no close button); no schedule
        // yet, so the tenant sets one up with the Mastercard (custom amount, if any, = the 2400.00 balance: partials
        // are blocked and overpayment is off)
        requireAutoPay: true,
      },
    ]);
    await tx.insert(feeProfiles).values(demoFeeProfiles());
    await tx.insert(openCharges).values([
      {
        id: I.chargeOverdue,
        billingAccountId: I.leaseActive,
        code: 'Rent',
        name: 'Rent',
        dueDate: ymd(lastMonth),
        postMonth: ymd(lastMonth),
        amount: 185_000,
        balance: 185_000,
      },
      {
        billingAccountId: I.leaseActive,
        code: 'parking',
        name: 'Parking',
        dueDate: ymd(lastMonth),
        postMonth: ymd(lastMonth),
        amount: 7_500,
        balance: 7_500,
      },
      {
        id: I.chargeNextMonth,
        billingAccountId: I.leaseActive,
        code: 'Rent',
        name: 'Rent',
        dueDate: ymd(nextMonth),
        postMonth: ymd(nextMonth),
        amount: 185_000,
        balance: 185_000,
      },
      {
        id: I.chargeUs,
        billingAccountId: I.leaseUs,
        code: 'Rent',
        name: 'Rent',
        dueDate: ymd(firstOfMonth(today, 0)),
        postMonth: ymd(firstOfMonth(today, 0)),
        amount: 240_000,
        balance: 240_000,
      },
    ]);
    const [billing] = await tx
      .insert(addresses)
      .values({
        userId: I.tenant,
        street1: '1250 Granville Street',
        suite: '804',
        city: 'Vancouver',
        province: 'BC',
        postalCode: 'V6Z 1M6',
        country: 'CA',
      })
      .returning({ id: addresses.id });
    await tx.insert(paymentMethods).values([
      {
        id: I.cardVisa,
        userId: I.tenant,
        type: 'TYPE_CREDIT_CARD',
        country: 'CA',
        processorToken: 'tok_sandbox_visa_4242',
        brand: 'VISA',
        cardType: 'CREDIT',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: today.getUTCFullYear() + 3,
        nameOnCard: 'Camille Tremblay',
        billingAddressId: billing.id,
      },
      {
        id: I.bankCa,
        userId: I.tenant,
        type: 'TYPE_BANK_ACCOUNT',
        country: 'CA',
        processorToken: 'tok_sandbox_bank_6789',
        last4: '6789',
        institutionNumber: '004',
        transitNumber: '12345',
        routingNumber: '00412345',
        accountHolder: 'Camille Tremblay',
        bankName: 'TD Canada Trust',
        billingAddressId: billing.id,
      },
      {
        id: I.cardUs,
        userId: I.tenantUs,
        type: 'TYPE_CREDIT_CARD',
        country: 'US',
        processorToken: 'tok_sandbox_mc_4444',
        brand: 'MASTERCARD',
        cardType: 'CREDIT',
        last4: '4444',
        expiryMonth: 6,
        expiryYear: today.getUTCFullYear() + 2,
        nameOnCard: 'Jordan Miller',
      },
    ]);

    // 14 past transactions of mixed statuses and types on the Canadian tenant (newest first when listed).
    const base = {
      userId: I.tenant,
      billingAccountId: I.leaseActive,
      propertyId: I.propertyCa,
      companyId: I.companyCa,
      currency: 'CAD',
    };
    const card = { paymentMethodType: 'TYPE_CREDIT_CARD', paymentMethodId: I.cardVisa, cardBrand: 'VISA', last4: '4242' };
    const bank = { paymentMethodType: 'TYPE_BANK_ACCOUNT', paymentMethodId: I.bankCa, last4: '6789' };
    const rent = (amount: number) => [{ code: 'Rent', name: 'Rent', amount }];
    const txs = [
      {
        ...base,
        ...card,
        amount: 50_000,
        status: 'COMPLETE',
        createDate: daysAgo(today, 3),
        feeAmount: 1_450,
        feeType: 'ADD',
        confirmationId: 'RL-7Q2M9X',
        charges: rent(50_000),
        note: 'Partial rent payment',
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'INPROCESS',
        createDate: daysAgo(today, 5),
        feeAmount: 50,
        confirmationId: 'RL-6H3K2P',
        charges: rent(192_500),
      },
      {
        ...base,
        ...card,
        amount: 192_500,
        status: 'FAILED',
        createDate: daysAgo(today, 12),
        feeAmount: 5_583,
        confirmationId: 'RL-5D8N1C',
        error: 'splitit:card_declined:Card was declined by the issuing bank',
        charges: rent(192_500),
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'ONHOLD',
        createDate: daysAgo(today, 20),
        feeAmount: 50,
        confirmationId: 'RL-4B7V6T',
        charges: rent(192_500),
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'PENDING',
        createDate: daysAgo(today, 26),
        feeAmount: 0,
        source: 'PAD',
        confirmationId: 'RL-3Z5L8R',
        charges: rent(192_500),
      },
      {
        ...base,
        ...card,
        amount: 7_500,
        status: 'COMPLETE',
        transactionType: 'REFUND',
        createDate: daysAgo(today, 33),
        feeAmount: 0,
        confirmationId: 'RL-2W9Q4E',
        charges: [{ code: 'parking', name: 'Parking', amount: 7_500 }],
        note: 'Refund of a duplicate parking charge',
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'COMPLETE',
        createDate: daysAgo(today, 52),
        feeAmount: 0,
        source: 'PAD',
        confirmationId: 'RL-1A2S3D',
        charges: rent(192_500),
      },
      {
        ...base,
        ...card,
        amount: 192_500,
        status: 'COMPLETE',
        createDate: daysAgo(today, 83),
        feeAmount: 5_583,
        feePaidByCompany: true,
        confirmationId: 'RL-9F8G7H',
        charges: rent(192_500),
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'COMPLETE',
        createDate: daysAgo(today, 113),
        feeAmount: 50,
        confirmationId: 'RL-6J5K4L',
        charges: rent(192_500),
      },
      {
        ...base,
        paymentMethodType: 'TYPE_PAY_PAL',
        amount: 192_500,
        status: 'FAILED',
        createDate: daysAgo(today, 140),
        feeAmount: 0,
        confirmationId: 'RL-3Q2W1E',
        error: 'paypal:INSTRUMENT_DECLINED:The instrument presented was declined',
        charges: rent(192_500),
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'COMPLETE',
        createDate: daysAgo(today, 144),
        feeAmount: 0,
        source: 'PAD',
        confirmationId: 'RL-8U7Y6T',
        charges: rent(192_500),
      },
      {
        ...base,
        ...card,
        amount: 29_130,
        status: 'COMPLETE',
        createDate: daysAgo(today, 170),
        feeAmount: 870,
        feeType: 'SUBTRACT',
        confirmationId: 'RL-5R4E3W',
        charges: [{ code: 'damage-deposit', name: 'Damage deposit', amount: 29_130 }],
        note: 'Card fee deducted from the deposit (fee paid from the amount)',
      },
      {
        ...base,
        ...bank,
        amount: 192_500,
        status: 'COMPLETE',
        createDate: daysAgo(today, 205),
        feeAmount: 0,
        source: 'PAD',
        confirmationId: 'RL-2P1O9I',
        charges: rent(192_500),
      },
      {
        ...base,
        billingAccountId: I.leaseTerminated,
        propertyId: I.propertyCaOld,
        ...bank,
        amount: 165_000,
        status: 'COMPLETE',
        createDate: daysAgo(today, 480),
        feeAmount: 0,
        confirmationId: 'RL-0M9N8B',
        charges: rent(165_000),
      },
    ];
    const seeded = txs.map((t, i) => ({ ...t, paymentProviderId: `sbx_${1000 + i}` }));
    const seededIds = await tx
      .insert(paymentTransactions)
      .values(seeded)
      .returning({ id: paymentTransactions.id, providerId: paymentTransactions.paymentProviderId });
    const usPayment = {
      userId: I.tenantUs,
      billingAccountId: I.leaseUs,
      propertyId: I.propertyUs,
      companyId: I.companyUs,
      currency: 'USD',
      amount: 240_000,
      status: 'COMPLETE',
      createDate: daysAgo(today, 21),
      paymentMethodType: 'TYPE_CREDIT_CARD',
      paymentMethodId: I.cardUs,
      cardBrand: 'MASTERCARD',
      last4: '4444',
      feeAmount: 6_960,
      confirmationId: 'RL-US0001',
      charges: rent(240_000),
      paymentProviderId: 'sbx_us_0001',
    };
    const [usPaymentId] = await tx.insert(paymentTransactions).values(usPayment).returning({ id: paymentTransactions.id });
    // issue 23 "Money": the sandbox processor holds the charges behind the seeded completed payments, so a manager can refund
    // them in the demo as any payment made in the portal (what was charged: the amount, plus the fee unless it was
    // taken from the amount). Keyed as the portal's own charges are: by their transaction's id.
    await tx.insert(sandboxProcessorCharges).values(
      [
        ...seeded.map((t) => ({ t, id: seededIds.find((r) => r.providerId === t.paymentProviderId)?.id as string })),
        { t: usPayment, id: usPaymentId.id },
      ]
        .filter(({ t }) => t.status === 'COMPLETE')
        .map(({ t, id }) => ({
          idempotencyKey: id,
          id: t.paymentProviderId,
          token: `seed-token-${t.paymentProviderId}`,
          amountCents: t.amount + ('feeType' in t && t.feeType === 'SUBTRACT' ? 0 : (t.feeAmount ?? 0)),
          currency: t.currency,
          status: t.paymentMethodType === 'TYPE_BANK_ACCOUNT' ? 'SETTLED' : 'APPROVED',
          createdAt: t.createDate,
        })),
    );

    await tx.insert(recurringSchedules).values({
      id: I.schedule,
      userId: I.tenant,
      billingAccountId: I.leaseActive,
      paymentMethodId: I.bankCa,
      paymentMethodType: 'TYPE_BANK_ACCOUNT',
      startDate: ymd(firstOfMonth(today, -3)),
      padSchedule: true,
      active: true,
      charges: [
        { code: 'Rent', name: 'Rent', amount: 185_000 },
        { code: 'parking', name: 'Parking', amount: 7_500 },
      ],
    });
    await tx.insert(recurringPayments).values({
      recurringScheduleId: I.schedule,
      period: ymd(nextMonth).slice(0, 7),
      scheduledDate: ymd(nextMonth),
      status: 'PENDING',
      // the schedule has no custom amount: the upcoming payment is the balance then due (services/autopay/upcoming.ts)
      amount: 0,
      charges: [
        { code: 'Rent', name: 'Rent', amount: 185_000 },
        { code: 'parking', name: 'Parking', amount: 7_500 },
      ],
    });

    await tx.insert(documents).values([
      {
        id: I.docTenant,
        ownerType: 'TYPE_CUSTOMER',
        ownerId: I.tenant,
        customerId: I.tenant,
        recordType: 'PROPERTY_LEASE',
        recordId: I.leaseActive,
        name: 'move-in-costs.csv',
        url: documentUrl(I.docTenant, I.tenant, 'move-in-costs.csv'),
        size: docTenantBytes.length,
        mimeType: 'text/csv',
        storageKey: keys.tenant,
      },
      {
        id: I.docManager,
        ownerType: 'TYPE_MANAGER',
        ownerId: I.manager,
        customerId: I.tenant,
        recordType: 'PROPERTY_LEASE',
        recordId: I.leaseActive,
        name: 'Signed lease agreement.png',
        url: documentUrl(I.docManager, I.tenant, 'Signed lease agreement.png'),
        size: docManagerBytes.length,
        mimeType: 'image/png',
        storageKey: keys.manager,
      },
      {
        id: I.docUs,
        ownerType: 'TYPE_CUSTOMER',
        ownerId: I.tenantUs,
        customerId: I.tenantUs,
        recordType: 'PROPERTY_LEASE',
        recordId: I.leaseUs,
        name: 'checklist.csv',
        url: documentUrl(I.docUs, I.tenantUs, 'checklist.csv'),
        size: docUsBytes.length,
        mimeType: 'text/csv',
        storageKey: keys.us,
      },
    ]);

    await tx.insert(leaseApplicationPages).values({
      id: I.appPage,
      name: 'harbourview',
      companyId: I.companyCa,
      sections: {
        '3': { previousAddress: true },
        '5': { employerName: true, monthlySalary: true },
        '6': { references: true },
        '7': {},
        '8': { emergencyContact: true },
      },
      applicationFeeAmount: 3_500,
      creditReportEnabled: true,
      backgroundCheckEnabled: true,
      identityVerificationEnabled: true,
      incomeVerificationEnabled: true,
    });
    await tx.insert(leaseApplications).values([
      {
        id: I.appInProgress,
        status: 'IN_PROGRESS',
        customerId: I.tenant,
        pageName: 'harbourview',
        propertyId: I.propertyCa,
        companyId: I.companyCa,
        acknowledgedTerms: true,
        phone: '+16045550142',
        firstName: 'Camille',
        lastName: 'Tremblay',
        email: 'tenant@demo.test',
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
      },
      {
        id: I.appPending,
        status: 'PENDING',
        customerId: I.tenant,
        pageName: 'harbourview',
        propertyId: I.propertyCaOld,
        companyId: I.companyCa,
        acknowledgedTerms: true,
        phone: '+16045550142',
        firstName: 'Camille',
        lastName: 'Tremblay',
        email: 'tenant@demo.test',
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
          occupation: 'Nurse',
          monthsEmployed: 48,
          monthlySalary: 6_200,
        },
        referenceList: [{ name: 'Priya Shah', phone: '+16045550111', relationship: 'Former landlord' }],
        emergencyContact: { firstName: 'Louise', lastName: 'Tremblay', phone: '+15145550123' },
      },
    ]);

    await tx.insert(broadcastMessages).values({
      severity: 'INFO',
      messageEn: 'Bank payments made after 3 p.m. Pacific are processed on the next business day.',
      messageFr: 'Les paiements bancaires effectués après 15 h (heure du Pacifique) sont traités le jour ouvrable suivant.',
    });
  });
  await seedDemoApplications(ctx, today);
  await seedDemoSignup(ctx, today);
  await seedDemoCreditReporting(ctx, today);
  await seedDemoInsurance(ctx, today);
  await seedDemoInsurancePartners(ctx, today);
  await seedDemoServices(ctx);
  // after the subscriptions: last month reported to the bureau (issue 22)
  await seedDemoCreditReports(ctx);
  await seedDemoCharges(ctx);
}
