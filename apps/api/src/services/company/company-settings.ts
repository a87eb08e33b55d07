// issue 23 "Company settings": what a manager reads and sets of their company (spec 1 §3 Company, §6; spec 2 §6).
// Tenants read companies fresh on every lease search (services/search/sql-fragments.ts companyById: no cache), so a
// change is seen by them on their next request.
import { CUSTOM_CARD_LIMITS } from '@portal/domain/custom-card';
import { INSURANCE_PARTNERS, PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { fromCents, toCents } from '@portal/domain/money';
import { DEFAULT_CHARGE_CODES } from '@portal/domain/payment-amounts';
import { safeImagePath, safeLinkUrl } from '@portal/domain/safe-url';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type CustomCard, companies, feeProfiles } from '../../db/schema.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { type Actor, diffRecords, recordAudit } from '../../lib/audit.ts';
import { findCompanyFeeProfiles } from '../fees/find-fee-profiles.ts';
import { type ConsoleCaller, requireCompanyScope } from '../search/caller.ts';

/** spec 1 §3 Property category: serviceCreditReporting is set per category (spec 2 §6). */
export const PROPERTY_CATEGORIES = ['RESIDENTIAL', 'COMMERCIAL'] as const;
/** The insurance integrations a company may switch on: the quote partners and MANUAL (upload your own policy). */
export const INSURANCE_INTEGRATION_KEYS = [...INSURANCE_PARTNERS, 'MANUAL'] as const;
/** The payment types a company may accept (spec 1 §3 "Payment methods, types"). */
export const ACCEPTABLE_PAYMENT_TYPES = PAYMENT_METHOD_TYPES;
/** Terms (spec 2 §9): NSF fee up to $35.00. */
export const NSF_FEE_MAX_CENTS = 3_500;
/** Late fee days after the due day: one month at most (spec 2 §9 day options 1 to 31). */
export const LATE_FEE_DAYS = { min: 1, max: 31 } as const;
export const CHARGE_CODE_MAX_LENGTH = 40;
export const CHARGE_NAME_MAX_LENGTH = 80;
export const CHARGE_CODES_MAX = 50;

export type CompanyRow = typeof companies.$inferSelect;

/** A custom card as a manager writes it: English texts, and their French twins (issue 23: both languages). */
export interface CustomCardInput {
  enabled: boolean;
  cardTitle?: string | null;
  cardText?: string | null;
  buttonCaption?: string | null;
  cardTitleFr?: string | null;
  cardTextFr?: string | null;
  buttonCaptionFr?: string | null;
  buttonUrl?: string | null;
  imageUrl?: string | null;
}

export interface CompanyPatch {
  overpaymentAllowed?: 'YES' | 'NO';
  manageBalance?: 'YES' | 'NO';
  onlyPMPaymentAllowed?: 'YES' | 'NO';
  chargeCodes?: { code: string; name: string }[];
  displayChargeCodes?: boolean;
  enforceCustomAmount?: boolean;
  blockPartialPayments?: boolean;
  /** Dollars (the API's decimals), null = no soft maximum. */
  softMaximumPaymentAmount?: number | null;
  acceptedPaymentTypes?: string[];
  serviceCreditReporting?: Record<string, boolean>;
  insuranceIntegration?: Record<string, { enabled: boolean }> | null;
  microlendingEnabled?: boolean;
  customCard?: CustomCardInput | null;
  conciergeEnabled?: boolean;
  neobankPromotionEnabled?: boolean;
  lateFeeAmount?: number | null;
  lateFeeDays?: number;
  nsfFeeAmount?: number | null;
  /** spec 1 §3 Fee profile paidByCompany: the company pays its tenants' card fees (its own fee profiles only). */
  cardFeesPaidByCompany?: boolean;
}

const CARD_TEXTS = ['cardTitle', 'cardText', 'buttonCaption'] as const;

/** A card's problems as field errors (`prefix` names where it sits: customCard). Also used for properties. */
export function customCardFieldErrors(card: CustomCardInput | null | undefined, prefix = 'customCard'): FieldError[] {
  if (!card) return [];
  const errors: FieldError[] = [];
  const add = (field: string, message: string, values?: Record<string, unknown>) =>
    errors.push({ field: `${prefix}.${field}`, errorCode: 'RM_ERROR_RECORD_VALIDATION', message, values });
  for (const base of CARD_TEXTS) {
    for (const field of [base, `${base}Fr`] as const) {
      const max = CUSTOM_CARD_LIMITS[base];
      if ((card[field]?.length ?? 0) > max) add(field, 'server.company.tooLong', { max });
    }
  }
  if (card.enabled && !card.cardTitle?.trim()) add('cardTitle', 'server.company.cardTitleRequired');
  if (card.buttonUrl?.trim()) {
    const url = safeLinkUrl(card.buttonUrl);
    // issue 23: a manager's new link must be https (the tenant leaves the portal for it)
    if (!url?.startsWith('https://')) add('buttonUrl', 'server.company.httpsOnly');
    else if (!card.buttonCaption?.trim()) add('buttonCaption', 'server.company.buttonCaptionRequired');
  }
  if (card.imageUrl?.trim() && !safeImagePath(card.imageUrl)) add('imageUrl', 'server.company.imageOwnPath');
  return errors;
}

/** The card as stored: empty texts dropped (the old single-language shape stays: English fields, French beside). */
export function storedCard(card: CustomCardInput | null): CustomCard | null {
  if (!card) return null;
  const out: CustomCard = { enabled: card.enabled };
  for (const key of [...CARD_TEXTS, 'cardTitleFr', 'cardTextFr', 'buttonCaptionFr', 'buttonUrl', 'imageUrl'] as const) {
    const v = card[key]?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/** The company's settings as answered (amounts in dollars). */
export function companySettingsOf(row: CompanyRow) {
  const dollars = (c: number | null) => (c == null ? null : fromCents(c));
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    parentId: row.parentId,
    overpaymentAllowed: row.overpaymentAllowed,
    manageBalance: row.manageBalance,
    onlyPMPaymentAllowed: row.onlyPMPaymentAllowed,
    chargeCodes: row.chargeCodes,
    /** What tenants see when chargeCodes is empty (spec 1 §3 default charge codes). */
    defaultChargeCodes: DEFAULT_CHARGE_CODES.map((code) => ({ code, name: code })),
    displayChargeCodes: row.displayChargeCodes,
    enforceCustomAmount: row.enforceCustomAmount,
    blockPartialPayments: row.blockPartialPayments,
    softMaximumPaymentAmount: dollars(row.softMaximumPaymentAmount),
    acceptedPaymentTypes: row.acceptedPaymentTypes,
    serviceCreditReporting: row.serviceCreditReporting,
    insuranceIntegration: row.insuranceIntegration,
    microlendingEnabled: row.microlendingEnabled,
    customCard: row.customCard ?? null,
    conciergeEnabled: row.conciergeEnabled,
    neobankPromotionEnabled: row.neobankPromotionEnabled,
    lateFeeAmount: dollars(row.lateFeeAmount),
    lateFeeDays: row.lateFeeDays,
    nsfFeeAmount: dollars(row.nsfFeeAmount),
    updatedAt: row.updatedAt,
  };
}
export type CompanySettings = ReturnType<typeof companySettingsOf>;

async function findScopedCompany(db: Executor, caller: ConsoleCaller, id: string): Promise<CompanyRow> {
  requireCompanyScope(caller, id, 'Company');
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw AppError.notFound('Company');
  return row;
}

/** GET /company/{id}: the settings and the fee schedule that applies to the company's tenants. */
export async function getCompanySettings(db: Executor, caller: ConsoleCaller, id: string) {
  const row = await findScopedCompany(db, caller, id);
  const records = await findCompanyFeeProfiles(db, row);
  const own = records.some((p) => p.companyId === row.id);
  const cards = records.filter((p) => p.paymentType === 'TYPE_CREDIT_CARD');
  return {
    ...companySettingsOf(row),
    /** null while the platform's schedule applies (the provider sets who pays it). */
    cardFeesPaidByCompany: own && cards.length > 0 ? cards.every((p) => p.paidByCompany) : null,
    feeSchedule: {
      /** COMPANY: the company's own profiles apply; PLATFORM: the provider's default schedule of its country. */
      source: own ? ('COMPANY' as const) : ('PLATFORM' as const),
      records,
    },
  };
}

/** Every rule a patch must meet, as field errors naming each field (message keys, sent in the caller's language). */
export function companyPatchErrors(patch: CompanyPatch, company: Pick<CompanyRow, 'country'>): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string, values?: Record<string, unknown>) =>
    errors.push({ field, errorCode: 'RM_ERROR_RECORD_VALIDATION', message, values });
  if (patch.chargeCodes) {
    if (patch.chargeCodes.length > CHARGE_CODES_MAX) add('chargeCodes', 'server.company.tooMany', { max: CHARGE_CODES_MAX });
    const seen = new Set<string>();
    patch.chargeCodes.forEach((c, i) => {
      const code = c.code.trim();
      if (!code) add(`chargeCodes.${i}.code`, 'server.company.required');
      else if (code.length > CHARGE_CODE_MAX_LENGTH)
        add(`chargeCodes.${i}.code`, 'server.company.tooLong', { max: CHARGE_CODE_MAX_LENGTH });
      else if (seen.has(code.toLowerCase())) add(`chargeCodes.${i}.code`, 'server.company.duplicateCode', { code });
      seen.add(code.toLowerCase());
      if (!c.name.trim()) add(`chargeCodes.${i}.name`, 'server.company.required');
      else if (c.name.trim().length > CHARGE_NAME_MAX_LENGTH)
        add(`chargeCodes.${i}.name`, 'server.company.tooLong', { max: CHARGE_NAME_MAX_LENGTH });
    });
  }
  if (patch.acceptedPaymentTypes) {
    patch.acceptedPaymentTypes.forEach((t, i) => {
      if (!(ACCEPTABLE_PAYMENT_TYPES as readonly string[]).includes(t))
        add(`acceptedPaymentTypes.${i}`, 'server.company.unknownPaymentType', { value: t });
    });
  }
  if (patch.serviceCreditReporting) {
    for (const key of Object.keys(patch.serviceCreditReporting)) {
      if (!(PROPERTY_CATEGORIES as readonly string[]).includes(key))
        add(`serviceCreditReporting.${key}`, 'server.company.unknownCategory', { value: key });
    }
  }
  if (patch.insuranceIntegration) {
    for (const key of Object.keys(patch.insuranceIntegration)) {
      if (!(INSURANCE_INTEGRATION_KEYS as readonly string[]).includes(key))
        add(`insuranceIntegration.${key}`, 'server.company.unknownPartner', { value: key });
    }
  }
  // spec 2 §6: "The neobank promotion is only for Canada."
  if (patch.neobankPromotionEnabled === true && company.country !== 'CA')
    add('neobankPromotionEnabled', 'server.company.neobankCanadaOnly');
  if (patch.nsfFeeAmount != null && toCents(patch.nsfFeeAmount) > NSF_FEE_MAX_CENTS)
    add('nsfFeeAmount', 'server.company.nsfFeeMax');
  if (patch.lateFeeAmount != null && toCents(patch.lateFeeAmount) === 0) add('lateFeeAmount', 'server.company.lateFeePositive');
  if (patch.softMaximumPaymentAmount != null && toCents(patch.softMaximumPaymentAmount) === 0)
    add('softMaximumPaymentAmount', 'server.company.softMaximumPositive');
  if (patch.lateFeeDays !== undefined && (patch.lateFeeDays < LATE_FEE_DAYS.min || patch.lateFeeDays > LATE_FEE_DAYS.max)) {
    add('lateFeeDays', 'server.company.lateFeeDays', LATE_FEE_DAYS);
  }
  if (patch.customCard) errors.push(...customCardFieldErrors(patch.customCard));
  return errors;
}

/** PATCH /company/{id}/update: checks every field, writes the changed ones, audits them from/to, answers the settings. */
export async function updateCompanySettings(db: Executor, caller: ConsoleCaller, id: string, patch: CompanyPatch, actor: Actor) {
  return db.transaction(async (tx) => {
    const before = await findScopedCompany(tx, caller, id);
    const errors = companyPatchErrors(patch, before);
    if (errors.length > 0)
      throw new AppError('RM_ERROR_RECORD_VALIDATION', errors[0].message, { values: errors[0].values, fieldErrors: errors });
    const cents = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : toCents(v));
    const set: Partial<typeof companies.$inferInsert> = {
      overpaymentAllowed: patch.overpaymentAllowed,
      manageBalance: patch.manageBalance,
      onlyPMPaymentAllowed: patch.onlyPMPaymentAllowed,
      chargeCodes: patch.chargeCodes?.map((c) => ({ code: c.code.trim(), name: c.name.trim() })),
      displayChargeCodes: patch.displayChargeCodes,
      enforceCustomAmount: patch.enforceCustomAmount,
      blockPartialPayments: patch.blockPartialPayments,
      softMaximumPaymentAmount: cents(patch.softMaximumPaymentAmount),
      acceptedPaymentTypes: patch.acceptedPaymentTypes ? [...new Set(patch.acceptedPaymentTypes)] : undefined,
      serviceCreditReporting: patch.serviceCreditReporting,
      insuranceIntegration: patch.insuranceIntegration,
      microlendingEnabled: patch.microlendingEnabled,
      customCard: patch.customCard === undefined ? undefined : storedCard(patch.customCard),
      conciergeEnabled: patch.conciergeEnabled,
      neobankPromotionEnabled: patch.neobankPromotionEnabled,
      lateFeeAmount: cents(patch.lateFeeAmount),
      lateFeeDays: patch.lateFeeDays,
      nsfFeeAmount: cents(patch.nsfFeeAmount),
    };
    for (const key of Object.keys(set) as (keyof typeof set)[]) if (set[key] === undefined) delete set[key];
    const changes = diffRecords(before as unknown as Record<string, unknown>, set as Record<string, unknown>);
    if (patch.cardFeesPaidByCompany !== undefined) {
      // Only the company's own card fee profiles: the platform's default schedule is the provider's (spec 2 §6).
      const ownCards = and(
        eq(feeProfiles.companyId, id),
        eq(feeProfiles.paymentType, 'TYPE_CREDIT_CARD'),
        isNull(feeProfiles.service),
      );
      const cards = await tx.select({ paidByCompany: feeProfiles.paidByCompany }).from(feeProfiles).where(ownCards);
      if (cards.length === 0) {
        throw AppError.onField('cardFeesPaidByCompany', 'server.company.feeScheduleIsPlatform');
      }
      const from = cards.every((c) => c.paidByCompany);
      if (from !== patch.cardFeesPaidByCompany || cards.some((c) => c.paidByCompany !== from)) {
        await tx.update(feeProfiles).set({ paidByCompany: patch.cardFeesPaidByCompany }).where(ownCards);
        changes.cardFeesPaidByCompany = { from, to: patch.cardFeesPaidByCompany };
      }
    }
    if (Object.keys(changes).length === 0) return getCompanySettings(tx, caller, id);
    if (Object.keys(set).length > 0)
      await tx
        .update(companies)
        .set({ ...set, updatedAt: sql`now()` })
        .where(eq(companies.id, id));
    await recordAudit(tx, { recordType: 'company', recordId: id, action: 'UPDATE', changes, actor });
    return getCompanySettings(tx, caller, id);
  });
}

/** GET /company/list: the companies the caller may set (the admin's picker; a manager's own company). */
export async function listConsoleCompanies(db: Executor, caller: ConsoleCaller) {
  const rows = await db
    .select({ id: companies.id, name: companies.name, country: companies.country })
    .from(companies)
    .where(caller.role === 'manager' ? eq(companies.id, caller.companyId) : undefined)
    .orderBy(asc(companies.name), asc(companies.id));
  return { records: rows };
}
