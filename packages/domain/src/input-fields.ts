import creditCardType from 'credit-card-type';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { isCardExpired } from './card-expiry.ts';
import { isValidIsoDate } from './dates.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './email-shape.ts';
import type { CardBrand } from './entities.ts';
import { MSG } from './message-keys.ts';
import { normalizePhoneInput } from './profile-fields.ts';
import { fail, OK, type RuleResult } from './rule.ts';
import { schemaFromRule } from './rule-schema.ts';

// Input-field rules of spec 2 §5 (with spec 1 §5 "Card and bank forms").
// Every validator returns { ok: true } | { ok: false, key } where key is a locale message key;
// every schema's issue message is that same key. Normalisers (what a keystroke turns into) are separate.

const isBlank = (v: string | null | undefined): boolean => v == null || v.trim() === '';

// spec 2 §5: "default and state fields: required"
export function validateRequired(value: string | null | undefined): RuleResult {
  return isBlank(value) ? fail(MSG.requiredField) : OK;
}

/* ------------------------------------------------------------------ email */

export { EMAIL_MAX_LENGTH, EMAIL_PATTERN };

/**
 * spec 2 §5: blocklist of 12 disposable-mail domains. Chosen as the 12 most widely seen throwaway
 * services in public blocklists (disposable-email-domains on GitHub, and the services' own traffic):
 * each blocks its subdomains too (x.mailinator.com).
 */
export const DISPOSABLE_EMAIL_DOMAINS = [
  'mailinator.com',
  'guerrillamail.com',
  '10minutemail.com',
  'temp-mail.org',
  'yopmail.com',
  'sharklasers.com',
  'trashmail.com',
  'getnada.com',
  'maildrop.cc',
  'dispostable.com',
  'throwawaymail.com',
  'fakeinbox.com',
] as const;

export function isDisposableEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? '';
  return DISPOSABLE_EMAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));
}

// spec 2 §5: email ≤255, standard pattern, not a disposable domain; empty is invalid
export function validateEmail(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  const v = (value as string).trim();
  if (v.length > EMAIL_MAX_LENGTH) return fail(MSG.emailTooLong, { max: EMAIL_MAX_LENGTH });
  if (!EMAIL_PATTERN.test(v)) return fail(MSG.emailInvalid);
  if (isDisposableEmail(v)) return fail(MSG.emailDisposable);
  return OK;
}

// spec 2 §5: email field schema (trimmed)
export const emailSchema = schemaFromRule(validateEmail).transform((v) => v.trim());

/* ------------------------------------------------------------------ name */

// spec 2 §9: name under 32 characters
export const NAME_MAX_LENGTH = 31;

/**
 * Characters no person name holds (issue 9): C0 and C1 controls (NUL, tab, CR, LF…), the bidi embeddings, overrides
 * and isolates (U+202A–202E, U+2066–2069) that reorder what a screen, statement or e-mail shows, the zero-width
 * space, joiners and word joiner (U+200B–200D, U+2060) and the byte order mark (U+FEFF) that hide text.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this pattern finds
export const NAME_FORBIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/;

/** Whether a name holds a control or invisible character (NAME_FORBIDDEN_CHARACTERS). */
export function hasForbiddenNameCharacters(value: string): boolean {
  return NAME_FORBIDDEN_CHARACTERS.test(value);
}

// spec 2 §5: name invalid if empty or 32 characters or more; issue 9: no control or invisible characters
export function validateName(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  if (hasForbiddenNameCharacters(value as string)) return fail(MSG.nameControlCharacters);
  if ((value as string).trim().length > NAME_MAX_LENGTH) return fail(MSG.nameTooLong, { max: NAME_MAX_LENGTH + 1 });
  return OK;
}
export const nameSchema = schemaFromRule(validateName).transform((v) => v.trim());

/* ------------------------------------------------------------------ password */

// spec 2 §9: password minimum 8
export const PASSWORD_MIN_LENGTH = 8;

// spec 1 §5 / spec 2 §5: at least 8 characters with a digit, an upper-case and a lower-case letter
export function isPasswordComplex(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && /\d/.test(value) && /\p{Lu}/u.test(value) && /\p{Ll}/u.test(value);
}

// spec 2 §5: a new password needs 8+ characters with a digit, an upper-case and a lower-case letter
export function validatePassword(value: string | null | undefined): RuleResult {
  if (value == null || value === '') return fail(MSG.requiredField);
  return isPasswordComplex(value) ? OK : fail(MSG.passwordComplexity);
}
export const passwordSchema = schemaFromRule(validatePassword);

/* ------------------------------------------------------------------ postal codes */

// spec 2 §5: Canadian postal code at most 7 characters
export const CA_POSTAL_MAX_LENGTH = 7;
// spec 2 §5: US zip at most 10 characters
export const US_ZIP_MAX_LENGTH = 10;
// spec 2 §5: other postal codes about 10 at most
export const OTHER_POSTAL_MAX_LENGTH = 10;

/**
 * spec 2 §5: A1A 1A1, letters D F I O Q U never used, W and Z never first (Canada Post rules).
 * The space is optional.
 */
export const CA_POSTAL_PATTERN = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/;
// spec 2 §5: US zip, 5 digits or 5+4 with a hyphen
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
// spec 2 §5: other postal codes, letters, digits and underscore
export const OTHER_POSTAL_PATTERN = /^\w{1,10}$/;

// spec 2 §5: Canadian postal code input is upper-cased and cut at 7
export function normalizeCaPostalCode(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9 ]/g, '')
    .slice(0, CA_POSTAL_MAX_LENGTH);
}

// spec 2 §5: US zip input keeps digits and one hyphen, cut at 10
export function normalizeUsZip(raw: string): string {
  return raw.replace(/[^\d-]/g, '').slice(0, US_ZIP_MAX_LENGTH);
}

// spec 2 §5: postal code by country (CA postal, US zip, others); message 'Invalid Postal/Zip Code'
export function validatePostalCode(value: string | null | undefined, country: string | null | undefined): RuleResult {
  const v = (value ?? '').trim();
  if (country === 'CA') {
    if (v === '') return fail(MSG.requiredField);
    return v.length <= CA_POSTAL_MAX_LENGTH && CA_POSTAL_PATTERN.test(v.toUpperCase()) ? OK : fail(MSG.postalCodeInvalid);
  }
  if (country === 'US') {
    if (v === '') return fail(MSG.requiredField);
    return US_ZIP_PATTERN.test(v) ? OK : fail(MSG.postalCodeInvalid);
  }
  // spec 2 §5: empty other postal code asks to enter one (NA if the country has none)
  if (v === '') return fail(MSG.postalCodeRequiredOther);
  return OTHER_POSTAL_PATTERN.test(v) ? OK : fail(MSG.postalCodeInvalid);
}

export function postalCodeSchema(country: string | null | undefined) {
  return schemaFromRule((v) => validatePostalCode(v, country)).transform((v) =>
    country === 'CA' ? v.trim().toUpperCase() : v.trim(),
  );
}

// spec 2 §5: Canadian postal codes of 6 characters are split 3+3 (for quotes and display)
export function formatCaPostalCode(value: string): string {
  const compact = value.replace(/\s/g, '').toUpperCase();
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : value.toUpperCase();
}

/* ------------------------------------------------------------------ phone */

export const PHONE_COUNTRIES = ['CA', 'US'] as const;

// spec 2 §5: phone input is digits only (profile-fields.ts, where the profile card's first render takes it from)
export { normalizePhoneInput };

// spec 1 §5: phone must be valid for CA or US (libphonenumber-js)
export function isValidNorthAmericanPhone(value: string | null | undefined): boolean {
  if (isBlank(value)) return false;
  const parsed = parsePhoneNumberFromString((value as string).trim(), 'CA');
  return !!parsed && parsed.isValid() && (parsed.country === 'CA' || parsed.country === 'US');
}

// spec 1 §5: phone valid for CA or US ('format-phone-number'); empty is 'Required Field'
export function validatePhone(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return isValidNorthAmericanPhone(value) ? OK : fail(MSG.phoneInvalid);
}
export const phoneSchema = schemaFromRule(validatePhone);

/** E.164 form (+16135550123) of a valid CA/US phone, or null. */
export function toE164Phone(value: string): string | null {
  if (!isValidNorthAmericanPhone(value)) return null;
  return parsePhoneNumberFromString(value.trim(), 'CA')?.number ?? null;
}

/* ------------------------------------------------------------------ city and street */

// spec 2 §5: city and street are truncated to the limit (the limits are ours: not given by the spec)
export const CITY_MAX_LENGTH = 50;
export const STREET_MAX_LENGTH = 100;
/** A billing address's suite: at most 20 characters (ours), with the street character set. */
export const SUITE_MAX_LENGTH = 20;

// spec 2 §5: city character set: letters (accents included), spaces, apostrophe, hyphen, period
const CITY_ALLOWED = /[^\p{L} '.-]/gu;
// spec 2 §5: street character set: letters, digits, spaces and # , . ' - /
const STREET_ALLOWED = /[^\p{L}\d #,.'/-]/gu;
const REPEATED_PUNCTUATION = /([ #,.'/-])\1+/g;

function sanitize(raw: string, disallowed: RegExp, limit: number): string {
  return raw.replace(disallowed, '').replace(REPEATED_PUNCTUATION, '$1').slice(0, limit);
}

// spec 2 §5: city input keeps its character set, no repeated punctuation, cut at the limit
export function normalizeCityInput(raw: string, limit = CITY_MAX_LENGTH): string {
  return sanitize(raw, CITY_ALLOWED, limit);
}

// spec 2 §5: street input keeps its character set, no repeated punctuation, cut at the limit
export function normalizeStreetInput(raw: string, limit = STREET_MAX_LENGTH): string {
  return sanitize(raw, STREET_ALLOWED, limit);
}

function validateCharset(
  value: string | null | undefined,
  disallowed: RegExp,
  limit: number,
  key: typeof MSG.cityInvalid | typeof MSG.streetInvalid,
): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  const v = (value as string).trim();
  disallowed.lastIndex = 0;
  REPEATED_PUNCTUATION.lastIndex = 0;
  if (v.length > limit || disallowed.test(v) || REPEATED_PUNCTUATION.test(v)) return fail(key);
  return OK;
}

// spec 2 §5: city restricted character set
export function validateCity(value: string | null | undefined, limit = CITY_MAX_LENGTH): RuleResult {
  return validateCharset(value, CITY_ALLOWED, limit, MSG.cityInvalid);
}
export const citySchema = schemaFromRule((v) => validateCity(v)).transform((v) => v.trim());

// spec 2 §5: street restricted character set
export function validateStreet(value: string | null | undefined, limit = STREET_MAX_LENGTH): RuleResult {
  return validateCharset(value, STREET_ALLOWED, limit, MSG.streetInvalid);
}
export const streetSchema = schemaFromRule((v) => validateStreet(v)).transform((v) => v.trim());

/* ------------------------------------------------------------------ bank account */

// spec 2 §9: bank account number 4 to 17
export const BANK_ACCOUNT_MIN_LENGTH = 4;
export const BANK_ACCOUNT_MAX_LENGTH = 17;

// spec 1 §5: account number 4 to 17 characters (digits: bank account numbers are numeric in CA and US)
export function validateBankAccountNumber(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return /^\d{4,17}$/.test((value as string).trim()) ? OK : fail(MSG.bankAccountInvalid);
}
export const bankAccountNumberSchema = schemaFromRule(validateBankAccountNumber).transform((v) => v.trim());

// spec 1 §5: US bank accounts need the 9-digit routing number
export function validateRoutingNumber(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return /^\d{9}$/.test((value as string).trim()) ? OK : fail(MSG.routingNumberInvalid);
}

// spec 1 §5: Canadian institution number (3 digits)
export function validateInstitutionNumber(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return /^\d{3}$/.test((value as string).trim()) ? OK : fail(MSG.institutionNumberInvalid);
}

// spec 1 §5: Canadian transit number (5 digits)
export function validateTransitNumber(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return /^\d{5}$/.test((value as string).trim()) ? OK : fail(MSG.transitNumberInvalid);
}

// spec 1 §5: in Canada the routing number is the institution number followed by the transit number
export function canadianRoutingNumber(institutionNumber: string, transitNumber: string): string {
  return `${institutionNumber.trim()}${transitNumber.trim()}`;
}

/* ------------------------------------------------------------------ currency input */

// spec 2 §5 "currency": amount fields are read by money-input.ts (parseAmountInput, in the tenant's locale: issue 20 §1)

/* ------------------------------------------------------------------ card number and brand */

// spec 1 §3: credit-card-type ids mapped to the nine brands of the contract
const LIBRARY_BRANDS: Record<string, CardBrand> = {
  visa: 'VISA',
  mastercard: 'MASTERCARD',
  'american-express': 'AMERICAN_EXPRESS',
  'diners-club': 'DINERS_CLUB',
  unionpay: 'UNION_PAY',
  maestro: 'MAESTRO',
  discover: 'DISCOVER',
  jcb: 'JCB',
};
// credit-card-type has no Visa Electron; its published IIN prefixes refine a VISA match
const VISA_ELECTRON_PREFIXES = ['4026', '417500', '4405', '4508', '4844', '4913', '4917'];

// spec 1 §3: brand detected from leading digits (credit-card-type) among the nine brands
export function detectCardBrand(cardNumber: string): CardBrand | null {
  const digits = cardNumber.replace(/\D/g, '');
  if (digits === '') return null;
  for (const match of creditCardType(digits)) {
    const brand = LIBRARY_BRANDS[match.type];
    if (!brand) continue;
    if (brand === 'VISA' && VISA_ELECTRON_PREFIXES.some((p) => digits.startsWith(p))) return 'VISA_ELECTRON';
    return brand;
  }
  return null;
}

const isUsOrCa = (country: string | null | undefined): boolean => country === 'US' || country === 'CA';

// spec 2 §5: card number max length: 16 in US/CA, 19 elsewhere
export function cardNumberMaxLength(country: string | null | undefined): number {
  return isUsOrCa(country) ? 16 : 19;
}

// spec 2 §5: card number digits only, truncated at 16 (US/CA) or 19 (elsewhere)
export function normalizeCardNumberInput(raw: string, country: string | null | undefined): string {
  return raw.replace(/\D/g, '').slice(0, cardNumberMaxLength(country));
}

/** Luhn checksum (mod 10) that every card number of the nine brands carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * True when the number has reached its complete length (focus moves to expiry, spec 2 §5): valid, and outside CA/US at
 * its longest (19 digits; a shorter one may still go on, so the tenant moves on by hand).
 */
export function isCardNumberComplete(value: string, country: string | null | undefined): boolean {
  if (!isUsOrCa(country) && value.replace(/\s/g, '').length < cardNumberMaxLength(country)) return false;
  return validateCardNumber(value, country).ok;
}

// spec 2 §5: 16 digits in US/CA (15 or more for AMEX), 8–19 elsewhere; 'Invalid Card Number' / 'Required Field'
export function validateCardNumber(
  value: string | null | undefined,
  country: string | null | undefined,
  options: { luhn?: boolean } = {},
): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  const digits = (value as string).replace(/\s/g, '');
  if (!/^\d+$/.test(digits)) return fail(MSG.cardNumberInvalid);
  const n = digits.length;
  if (isUsOrCa(country)) {
    const amex = detectCardBrand(digits) === 'AMERICAN_EXPRESS';
    if (!(n === 16 || (amex && n === 15))) return fail(MSG.cardNumberInvalid);
  } else if (n < 8 || n > 19) {
    return fail(MSG.cardNumberInvalid);
  }
  if (options.luhn !== false && !isLuhnValid(digits)) return fail(MSG.cardNumberInvalid);
  return OK;
}

export function cardNumberSchema(country: string | null | undefined) {
  return schemaFromRule((v) => validateCardNumber(v, country)).transform((v) => v.replace(/\s/g, ''));
}

/** Last four digits of a card or account number, for what is stored and shown. */
export function lastFour(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}

/* ------------------------------------------------------------------ card expiry */

// spec 2 §5: expiry field at most 5 characters (MM/YY)
export const EXPIRY_MAX_LENGTH = 5;

/**
 * spec 2 §5: MM/YY with the slash auto-inserted and the month padded ("4" → "04/", "12" → "12/").
 * Pass the previous value so that deleting the slash is not undone.
 */
export function formatExpiryInput(raw: string, previous = ''): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 0 && digits[0] > '1') digits = `0${digits}`;
  digits = digits.slice(0, 4);
  const deleting = raw.length < previous.length;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export interface CardExpiry {
  month: number;
  year: number;
}

// spec 1 §5: card expiry read as MM/YY and the year prefixed with 20
export function parseExpiry(value: string | null | undefined): CardExpiry | null {
  const m = /^(\d{2})\/(\d{2})$/.exec((value ?? '').trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(m[2]) };
}

// spec 1 §5: the expiry rule lives in card-expiry.ts so that screens showing saved cards need not load these validators
export { isCardExpired };

// spec 2 §5: expiry MM/YY, a valid date and not past; 'Invalid Card Expiry'
export function validateCardExpiry(value: string | null | undefined, today: string): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  const parsed = parseExpiry(value);
  if (!parsed || isCardExpired(parsed.month, parsed.year, today)) return fail(MSG.cardExpiryInvalid);
  return OK;
}

export function cardExpirySchema(today: string) {
  return schemaFromRule((v) => validateCardExpiry(v, today));
}

/* ------------------------------------------------------------------ CVV and card name */

// spec 2 §5: CVV input digits only, at most 4
export function normalizeCvvInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

// spec 2 §5: CVV digits only, 3 to 4; 'Invalid Card CVV'
export function validateCvv(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  return /^\d{3,4}$/.test((value as string).trim()) ? OK : fail(MSG.cardCvvInvalid);
}
export const cvvSchema = schemaFromRule(validateCvv);

// card names are capped (our choice; the spec gives no limit) to the width card embossing allows twice over
export const CARD_NAME_MAX_LENGTH = 64;

// spec 2 §5: card name input keeps letters, apostrophe, hyphen and spaces, without double separators
export function normalizeCardNameInput(raw: string): string {
  return raw
    .replace(/[^\p{L}' -]/gu, '')
    .replace(/[' -]{2,}/g, (s) => s[0])
    .slice(0, CARD_NAME_MAX_LENGTH);
}

// spec 2 §5: card name letters, apostrophe, hyphen, spaces; no double separators; trimmed
export function validateCardName(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return fail(MSG.requiredField);
  // issue 9: the letters-only pattern below refuses them too; this says why
  if (hasForbiddenNameCharacters(value as string)) return fail(MSG.nameControlCharacters);
  const v = (value as string).trim();
  if (v.length > CARD_NAME_MAX_LENGTH || !/^\p{L}+(?:[' -]\p{L}+)*$/u.test(v)) return fail(MSG.cardNameInvalid);
  return OK;
}
export const cardNameSchema = schemaFromRule(validateCardName).transform((v) => v.trim());

/* ------------------------------------------------------------------ dates */

// spec 2 §5 date picker: required unless optional; yyyy-mm-dd
export function validateDate(value: string | null | undefined, options: { optional?: boolean } = {}): RuleResult {
  if (isBlank(value)) return options.optional ? OK : fail(MSG.requiredField);
  return isValidIsoDate((value as string).trim()) ? OK : fail(MSG.dateInvalid);
}

// spec 2 §5 date picker: optional date field, 'YYYY-MM-DD' when present
export const optionalIsoDateSchema = z
  .string()
  .optional()
  .nullable()
  .superRefine((v, ctx) => {
    const r = validateDate(v, { optional: true });
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key });
  });
