// Business constants of spec 1 §9 and spec 2 §9 that are timings, sizes or terms rather than rules.

// spec 1 §9: request retry on 429: fewer than 3 loops, random delay up to 300 ms
export const RETRY_429_MAX_LOOPS = 3;
export const RETRY_429_MAX_DELAY_MS = 300;

/** spec 1 §9: whether another 429 retry is allowed after `loop` attempts (0-based): fewer than 3 loops. */
export function canRetry429(loop: number): boolean {
  return loop < RETRY_429_MAX_LOOPS - 1;
}

/** spec 1 §9: the retry delay for a random number in [0, 1): up to 300 ms. */
export function retry429DelayMs(random: number): number {
  return Math.floor(Math.min(Math.max(random, 0), 1) * RETRY_429_MAX_DELAY_MS);
}

// spec 1 §8 / §9: lazy chunk load timeout 120000 ms
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;
// spec 1 §9: bank-linking widget delay 800 ms
export const BANK_LINKING_WIDGET_DELAY_MS = 800;
// spec 1 §9: sign-in landing check delay 2 s
export const SIGN_IN_LANDING_DELAY_MS = 2_000;
// spec 2 §5: autofill checked after 500 ms, blur revalidation after 200 ms
export const AUTOFILL_CHECK_DELAY_MS = 500;
export const BLUR_REVALIDATION_DELAY_MS = 200;
// spec 1 §9: company properties list page 1, 100 records; self-signup and application property searches 400 per page
export const COMPANY_PROPERTIES_PAGE_SIZE = 100;
export const PROPERTY_SEARCH_PAGE_SIZE = 400;
// spec 1 §2 / spec 2 §9: landscape phone: width below 950 and height above 800 asks to rotate to portrait
export const LANDSCAPE_MAX_WIDTH = 950;
export const LANDSCAPE_MIN_HEIGHT = 800;

// spec 2 §2: the neobank promotion's discount text uses 40
export const NEOBANK_PROMOTION_DISCOUNT = 40;

// spec 2 §9: terms of use figures
export const TERMS = {
  effectiveDates: ['2022-01-19', '2022-11-28'],
  sections: 18,
  chargebackSupportFeeCents: 2_500,
  nsfFeeMaxCents: 3_500,
  paymentProcessingBusinessDays: 5,
  refundWindowMonths: 12,
  marketplaceAcceptanceHours: 24,
  chargebackInfoBusinessDays: 2,
  chargebackInfoMaxBusinessDays: 5,
  recurringReminderDays: 7,
  recurringDisableBusinessDays: 2,
  preAuthorizationRevocationNoticeDays: 30,
  bankAccountChangeBusinessDays: 10,
  liabilityCapMonthsOfFees: 6,
  liabilityCapCents: 5_000,
  termMonths: 12,
  renewalMonths: 12,
  postNoticeBusinessDay: 4,
} as const;
