// Profile rules the server applies beyond the form's (spec 1 §5, spec 2 §5), kept here so web and API share them.
import { compareIsoDates, isValidIsoDate } from './dates.ts';
import { type TermsEligibilityProblem, termsEligibilityProblems } from './profile.ts';

export type { TermsEligibilityProblem };

// spec 1 §3: birthDate is a date of birth, so a real date before today ('YYYY-MM-DD')
export function isBirthDateInPast(birthDate: string, today: string): boolean {
  return isValidIsoDate(birthDate) && compareIsoDates(birthDate, today) < 0;
}

/** spec 2 §5 Terms eligibility as the server checks it on acceptance: the first problem, or null when eligible. */
export function termsEligibilityProblem(input: {
  birthDate: string | null | undefined;
  country: string | null | undefined;
  today: string;
}): TermsEligibilityProblem | null {
  return termsEligibilityProblems(input)[0] ?? null;
}
