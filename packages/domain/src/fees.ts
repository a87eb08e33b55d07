import { z } from 'zod';
import { CARD_BRANDS, CARD_TYPES, COUNTRIES, FEE_TYPES, PAYMENT_METHOD_TYPES, RATE_TYPES, WALLET_TYPES } from './entities.ts';
import { MSG } from './message-keys.ts';
import { formatMoney, type MoneyLocale, percentOfCents, toCents } from './money.ts';
import type { MessageRef } from './rule.ts';

// Fee rules of spec 1 §3 (fee profile) and §9 (fee schedule, rounding, split-pay display, tooltip).

// spec 1 §3: Fee profile fields
export const feeProfileSchema = z.object({
  id: z.string().optional(),
  country: z.enum(COUNTRIES),
  paymentType: z.enum(PAYMENT_METHOD_TYPES),
  cardType: z.enum(CARD_TYPES).nullish(),
  cardBrand: z.enum(CARD_BRANDS).nullish(),
  walletType: z.enum(WALLET_TYPES).nullish(),
  processor: z.string().nullish(),
  /** Pre-authorised debit autopay on the 1st (spec 1 §9: free for bank accounts). */
  padSchedule: z.boolean().nullish(),
  feeRate: z.number().nonnegative(),
  rateType: z.enum(RATE_TYPES),
  feeType: z.enum(FEE_TYPES).nullish(),
  internationalFeeRate: z.number().nonnegative().nullish(),
  internationalRateType: z.enum(RATE_TYPES).nullish(),
  paidByCompany: z.boolean().nullish(),
});
export type FeeProfile = z.infer<typeof feeProfileSchema>;

// spec 1 §9: fee of a rate: FLAT is a decimal amount, PERCENT a percentage of the amount rounded down to the cent
export function rateToFeeCents(amountCents: number, rate: number, rateType: 'FLAT' | 'PERCENT'): number {
  return rateType === 'FLAT' ? toCents(rate) : percentOfCents(amountCents, rate);
}

export interface FeeQuote {
  /** The fee, in cents (also when the company pays it). */
  feeCents: number;
  paidByCompany: boolean;
  /** What the tenant is charged. */
  tenantTotalCents: number;
  /** The transaction amount to record: the amount, less the fee when feeType is SUBTRACT. */
  transactionAmountCents: number;
  feeType: 'SUBTRACT' | 'ADD';
  international: boolean;
}

/**
 * spec 1 §3 / §9: fee from a fee profile: FLAT or PERCENT, the international rate for foreign cards,
 * paid by the company (tenant pays the amount), feeType SUBTRACT (the fee comes out of the amount:
 * the tenant pays the amount and the transaction records amount − fee, so a receipt's
 * amount + fee (spec 1 §9) is again what the tenant paid). A null profile means no fee.
 */
export function calculateFee(
  amountCents: number,
  profile: FeeProfile | null | undefined,
  options: { international?: boolean } = {},
): FeeQuote {
  if (!profile) {
    return {
      feeCents: 0,
      paidByCompany: false,
      tenantTotalCents: amountCents,
      transactionAmountCents: amountCents,
      feeType: 'ADD',
      international: false,
    };
  }
  const international = !!options.international && profile.internationalFeeRate != null;
  const feeCents = international
    ? rateToFeeCents(amountCents, profile.internationalFeeRate as number, profile.internationalRateType ?? profile.rateType)
    : rateToFeeCents(amountCents, profile.feeRate, profile.rateType);
  const paidByCompany = !!profile.paidByCompany;
  const feeType = profile.feeType === 'SUBTRACT' ? 'SUBTRACT' : 'ADD';
  if (paidByCompany) {
    return {
      feeCents,
      paidByCompany,
      tenantTotalCents: amountCents,
      transactionAmountCents: amountCents,
      feeType,
      international,
    };
  }
  if (feeType === 'SUBTRACT') {
    return {
      feeCents,
      paidByCompany,
      tenantTotalCents: amountCents,
      transactionAmountCents: amountCents - feeCents,
      feeType,
      international,
    };
  }
  return {
    feeCents,
    paidByCompany,
    tenantTotalCents: amountCents + feeCents,
    transactionAmountCents: amountCents,
    feeType,
    international,
  };
}

// spec 1 §3: a card is international when its country differs from the company's
export function isInternationalCard(cardCountry: string | null | undefined, companyCountry: string | null | undefined): boolean {
  return !!cardCountry && !!companyCountry && cardCountry !== companyCountry;
}

export interface FeeLookup {
  country: string;
  paymentType: string;
  cardType?: string | null;
  cardBrand?: string | null;
  walletType?: string | null;
  padSchedule?: boolean | null;
}

/**
 * spec 1 §3: the fee profile for a payment: same country and payment type, every set qualifier
 * (cardType, cardBrand, walletType, padSchedule) matching; the most specific profile wins.
 */
export function selectFeeProfile<P extends FeeProfile>(profiles: readonly P[], lookup: FeeLookup): P | null {
  let best: P | null = null;
  let bestScore = -1;
  for (const p of profiles) {
    if (p.country !== lookup.country || p.paymentType !== lookup.paymentType) continue;
    let score = 0;
    let ok = true;
    const q = (have: unknown, want: unknown) => {
      if (have == null) return;
      if (have === want) score += 1;
      else ok = false;
    };
    q(p.cardType, lookup.cardType);
    q(p.cardBrand, lookup.cardBrand);
    q(p.walletType, lookup.walletType);
    q(p.padSchedule === false ? null : p.padSchedule, lookup.padSchedule ?? false);
    if (ok && score > bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}

// spec 1 §9: service fees announced from January 20 (month-day; the year is the deployment's)
export const FEE_SCHEDULE_EFFECTIVE_MONTH_DAY = '01-20';

/**
 * spec 1 §9 / spec 2 §9: the announced schedule as seed fee profiles, for CA and US:
 * bank autopay (pre-authorised debit on the 1st) free; other bank payments $0.50;
 * debit card 0.99%; credit card 2.90%; other cards (prepaid) and international cards 3.99%.
 */
export const SEED_FEE_PROFILES: readonly FeeProfile[] = COUNTRIES.flatMap((country): FeeProfile[] => [
  {
    id: `seed-${country}-bank-pad`,
    country,
    paymentType: 'TYPE_BANK_ACCOUNT',
    padSchedule: true,
    feeRate: 0,
    rateType: 'FLAT',
    feeType: 'ADD',
    paidByCompany: false,
  },
  {
    id: `seed-${country}-bank`,
    country,
    paymentType: 'TYPE_BANK_ACCOUNT',
    feeRate: 0.5,
    rateType: 'FLAT',
    feeType: 'ADD',
    paidByCompany: false,
  },
  {
    id: `seed-${country}-debit`,
    country,
    paymentType: 'TYPE_CREDIT_CARD',
    cardType: 'DEBIT',
    feeRate: 0.99,
    rateType: 'PERCENT',
    feeType: 'ADD',
    internationalFeeRate: 3.99,
    internationalRateType: 'PERCENT',
    paidByCompany: false,
  },
  {
    id: `seed-${country}-credit`,
    country,
    paymentType: 'TYPE_CREDIT_CARD',
    cardType: 'CREDIT',
    feeRate: 2.9,
    rateType: 'PERCENT',
    feeType: 'ADD',
    internationalFeeRate: 3.99,
    internationalRateType: 'PERCENT',
    paidByCompany: false,
  },
  {
    id: `seed-${country}-card-other`,
    country,
    paymentType: 'TYPE_CREDIT_CARD',
    feeRate: 3.99,
    rateType: 'PERCENT',
    feeType: 'ADD',
    internationalFeeRate: 3.99,
    internationalRateType: 'PERCENT',
    paidByCompany: false,
  },
]);

// spec 1 §9: split-pay fee display 6.99% per transaction
export const SPLIT_PAY_FEE_PERCENT = 6.99;

function formatPercent(percent: number, locale: MoneyLocale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

// spec 1 §9: a fee of 0 or paid by the company shows 'Free'
export function isFeeFree(feeCents: number, paidByCompany: boolean | null | undefined): boolean {
  return feeCents === 0 || !!paidByCompany;
}

// spec 1 §9: split-pay fee display: 'Free' or '6.99% per transaction'
export function splitPayFeeDisplay(
  input: { feeCents: number; paidByCompany?: boolean | null },
  locale: MoneyLocale = 'en',
): MessageRef {
  return isFeeFree(input.feeCents, input.paidByCompany)
    ? { key: MSG.feeFree }
    : { key: MSG.feeSplitPayRate, values: { rate: formatPercent(SPLIT_PAY_FEE_PERCENT, locale) } };
}

/** A rate as shown: PERCENT → '2.90%', FLAT → '$0.50'. */
export function formatRate(
  rate: number | null | undefined,
  rateType: 'FLAT' | 'PERCENT' | null | undefined,
  currency: 'CAD' | 'USD',
  locale: MoneyLocale,
): string {
  if (rate == null) return '—';
  return rateType === 'FLAT' ? formatMoney(toCents(rate), currency, locale) : formatPercent(rate, locale);
}

// spec 1 §9: fee tooltip shows payment type, card type, country, fee rate and international rate
export function feeTooltip(profile: FeeProfile, locale: MoneyLocale = 'en'): MessageRef {
  const currency = profile.country === 'US' ? 'USD' : 'CAD';
  return {
    key: MSG.feeTooltip,
    values: {
      paymentType: profile.paymentType,
      cardType: profile.cardType ?? '—',
      country: profile.country,
      feeRate: formatRate(profile.feeRate, profile.rateType, currency, locale),
      internationalRate: formatRate(
        profile.internationalFeeRate,
        profile.internationalRateType ?? profile.rateType,
        currency,
        locale,
      ),
    },
  };
}
