import { addMonths, firstOfNextMonth, formatDdMmmYyyy, isValidIsoDate, monthIndex } from './dates.ts';
import { type MessageKey, MSG } from './message-keys.ts';
import { fail, OK, type RuleResult } from './rule.ts';

// Credit reporting rules of spec 2 §4, §5 and §9.

// spec 2 §9: credit reporting needs at least 1 year remaining on the lease; the subscription is yearly
export const CREDIT_REPORT_MIN_REMAINING_MONTHS = 12;
export const CREDIT_REPORT_TERM_MONTHS = 12;
// spec 2 §9: credit reporting is available in BC, AB, MB, ON
export const CREDIT_REPORT_PROVINCES = ['BC', 'AB', 'MB', 'ON'] as const;

export interface CreditReportStart {
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** DD-MMM-YYYY */
  display: string;
  /** The start moved to the first of next month: show the notice. */
  showNotice: boolean;
}

// spec 2 §4: starts the first of next month when the lease starts this month or after next month (notice), else today
export function creditReportStartDate(leaseStartDate: string, today: string): CreditReportStart {
  const lease = monthIndex(leaseStartDate.slice(0, 10));
  const now = monthIndex(today);
  const moved = lease === now || lease > now + 1;
  const startDate = moved ? firstOfNextMonth(today) : today;
  return { startDate, display: formatDdMmmYyyy(startDate), showNotice: moved };
}

// spec 2 §5 / §9: at least 1 year left on the lease (no end date = open-ended lease, which qualifies)
export function hasMinimumLeaseRemaining(leaseEndDate: string | null | undefined, today: string): boolean {
  if (!leaseEndDate) return true;
  return leaseEndDate.slice(0, 10) >= addMonths(today, CREDIT_REPORT_MIN_REMAINING_MONTHS);
}

// spec 2 §9: credit reporting by province (BC, AB, MB, ON) and by the company's property-category flag
export function isCreditReportingAvailable(input: {
  province: string | null | undefined;
  propertyCategory?: string | null;
  /** company.serviceCreditReporting.PROPERTY_CATEGORY: the enabled categories (absent = all). */
  enabledCategories?: readonly string[] | null;
}): boolean {
  if (!(CREDIT_REPORT_PROVINCES as readonly string[]).includes((input.province ?? '').toUpperCase())) return false;
  if (!input.enabledCategories) return true;
  return !!input.propertyCategory && input.enabledCategories.includes(input.propertyCategory);
}

export interface CreditReportSignupInput {
  feeCents: number;
  paymentMethod?: { type?: string | null } | null;
  birthDate?: string | null;
  leaseStartDate?: string | null;
  leaseEndDate?: string | null;
  today: string;
}

// spec 2 §5: card required when the fee is non-zero (bank not supported); birth date; lease start; 1 year left
export function validateCreditReportSignup(input: CreditReportSignupInput): RuleResult {
  if (input.feeCents > 0) {
    if (!input.paymentMethod?.type) return fail(MSG.paymentMethodSelectValid);
    if (input.paymentMethod.type === 'TYPE_BANK_ACCOUNT') return fail(MSG.bankNotSupported);
    if (input.paymentMethod.type !== 'TYPE_CREDIT_CARD') return fail(MSG.paymentMethodSelectValid);
  }
  if (!input.birthDate || !isValidIsoDate(input.birthDate)) return fail(MSG.birthDateMissing);
  if (!input.leaseStartDate) return fail(MSG.leaseStartMissing);
  if (!hasMinimumLeaseRemaining(input.leaseEndDate, input.today)) return fail(MSG.creditReportLeaseTooShort);
  return OK;
}

export type CreditGrade = 'A+' | 'A' | 'B+' | 'B' | 'C+' | 'C' | 'D' | 'F';

/**
 * spec 2 §4: grade from score. The source mixes inclusive and exclusive readings; we use inclusive
 * lower bounds throughout: 800+ A+, 750–799 A, 700–749 B+, 650–699 B, 600–649 C+, 550–599 C,
 * 500–549 D, below 500 F. Scores are compared as given (a fractional 799.5 is an A).
 */
export const CREDIT_GRADE_BOUNDS: readonly [number, CreditGrade][] = [
  [800, 'A+'],
  [750, 'A'],
  [700, 'B+'],
  [650, 'B'],
  [600, 'C+'],
  [550, 'C'],
  [500, 'D'],
];

// spec 2 §4: credit grade from score with inclusive lower bounds; no score → null (no-credit-score text)
export function creditGrade(score: number | string | null | undefined): CreditGrade | null {
  if (score == null || score === '') return null;
  const n = Number(score);
  if (!Number.isFinite(n)) return null;
  for (const [min, grade] of CREDIT_GRADE_BOUNDS) if (n >= min) return grade;
  return 'F';
}

// spec 2 §4: no score shows a no-credit-score text
export function creditGradeKey(score: number | string | null | undefined): MessageKey | null {
  return creditGrade(score) === null ? MSG.creditGradeNoScore : null;
}

// spec 2 §3 / §4: the status word is shown lower-cased in "Your subscription was {status}"
export function creditReportStatusMessage(status: string | null | undefined): { key: MessageKey; values: { status: string } } {
  return { key: MSG.creditReportSubscriptionStatus, values: { status: (status ?? '').toLowerCase() } };
}

// spec 2 §4: active shows an edit button, non-active a resubscribe button
export function creditReportAction(status: string | null | undefined): 'edit' | 'resubscribe' {
  return status === 'ACTIVE' ? 'edit' : 'resubscribe';
}

// spec 2 §4: the start notice names the start date (DD-MMM-YYYY)
export function creditReportStartNotice(start: CreditReportStart): { key: MessageKey; values: { date: string } } | null {
  return start.showNotice ? { key: MSG.creditReportStartNotice, values: { date: start.display } } : null;
}
