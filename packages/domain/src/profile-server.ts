// Profile rules the server applies beyond the form's (spec 1 §5, spec 2 §5), kept here so web and API share them.
import { compareIsoDates, isValidIsoDate } from './dates.ts';
import { isEligibleForTerms, TERMS_COUNTRIES } from './profile.ts';

// spec 1 §3: birthDate is a date of birth, so a real date before today ('YYYY-MM-DD')
export function isBirthDateInPast(birthDate: string, today: string): boolean {
  return isValidIsoDate(birthDate) && compareIsoDates(birthDate, today) < 0;
}

export type TermsEligibilityProblem = 'country' | 'age';

/**
 * spec 2 §5 Terms eligibility (18 or older, US or Canada mailing address) as the server checks it when the terms
 * are accepted: birth date is optional (spec 1 §5), so a missing one does not block; a known one under 18 does.
 */
export function termsEligibilityProblem(input: {
  birthDate: string | null | undefined;
  country: string | null | undefined;
  today: string;
}): TermsEligibilityProblem | null {
  if (!(TERMS_COUNTRIES as readonly string[]).includes(input.country ?? '')) return 'country';
  if (input.birthDate && !isEligibleForTerms({ birthDate: input.birthDate, country: input.country, today: input.today }))
    return 'age';
  return null;
}
