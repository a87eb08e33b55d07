import { describe, expect, it } from 'vitest';
import {
  bankAccountNumberSchema,
  canadianRoutingNumber,
  cardExpirySchema,
  cardNameSchema,
  cardNumberMaxLength,
  cardNumberSchema,
  citySchema,
  cvvSchema,
  DISPOSABLE_EMAIL_DOMAINS,
  detectCardBrand,
  emailSchema,
  formatCaPostalCode,
  formatExpiryInput,
  isCardExpired,
  isCardNumberComplete,
  isDisposableEmail,
  isLuhnValid,
  isValidNorthAmericanPhone,
  lastFour,
  nameSchema,
  normalizeCaPostalCode,
  normalizeCardNameInput,
  normalizeCardNumberInput,
  normalizeCityInput,
  normalizeCvvInput,
  normalizePhoneInput,
  normalizeStreetInput,
  normalizeUsZip,
  optionalIsoDateSchema,
  parseExpiry,
  passwordSchema,
  phoneSchema,
  postalCodeSchema,
  streetSchema,
  toE164Phone,
  validateBankAccountNumber,
  validateCardExpiry,
  validateCardName,
  validateCardNumber,
  validateCity,
  validateCvv,
  validateDate,
  validateEmail,
  validateInstitutionNumber,
  validateName,
  validatePassword,
  validatePhone,
  validatePostalCode,
  validateRequired,
  validateRoutingNumber,
  validateStreet,
  validateTransitNumber,
} from './input-fields.ts';
import { optionalRule } from './rule.ts';

const keyOf = (r: { ok: boolean; key?: string }) => (r.ok ? null : r.key);
const REQ = 'validation.requiredField';

describe('required', () => {
  it.each([
    ['', REQ],
    ['  ', REQ],
    [null, REQ],
    [undefined, REQ],
    ['x', null],
  ])('%j → %s', (v, k) => {
    expect(keyOf(validateRequired(v))).toBe(k);
  });
  it('optional fields are always valid when empty', () => {
    const rule = optionalRule(validateEmail);
    expect(rule('').ok).toBe(true);
    expect(rule(null).ok).toBe(true);
    expect(keyOf(rule('nope'))).toBe('validation.email.invalid');
  });
});

describe('email', () => {
  const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`; // 255 chars
  it.each([
    ['tenant@example.com', null],
    ['first.last+rent@sub.example.ca', null],
    [" o'brien@example.org ", null],
    ['', REQ],
    ['plain', 'validation.email.invalid'],
    ['a@b', 'validation.email.invalid'],
    ['.a@example.com', 'validation.email.invalid'],
    ['a..b@example.com', 'validation.email.invalid'],
    ['a@example.c', 'validation.email.invalid'],
    ['someone@mailinator.com', 'validation.email.disposable'],
    ['someone@MAILINATOR.COM', 'validation.email.disposable'],
    ['someone@eu.mailinator.com', 'validation.email.disposable'],
    ['someone@notmailinator.com', null],
    [long, null],
    [`a${long}`, 'validation.email.tooLong'],
  ])('%s → %s', (v, k) => {
    expect(keyOf(validateEmail(v))).toBe(k);
  });
  it('has exactly 12 disposable domains, all blocked', () => {
    expect(DISPOSABLE_EMAIL_DOMAINS).toHaveLength(12);
    for (const d of DISPOSABLE_EMAIL_DOMAINS) expect(isDisposableEmail(`x@${d}`)).toBe(true);
  });
  it('schema trims and reports the key', () => {
    expect(emailSchema.parse(' a@b.co ')).toBe('a@b.co');
    const r = emailSchema.safeParse('x@yopmail.com');
    expect(r.success ? null : r.error.issues[0].message).toBe('validation.email.disposable');
  });
});

describe('name (<32)', () => {
  it.each([
    ['Jo', null],
    ['a'.repeat(31), null],
    ['a'.repeat(32), 'validation.name.tooLong'],
    ['', REQ],
    ['   ', REQ],
    // issue 9: control and invisible characters
    ['Ana\r\nBcc: x', 'validation.name.controlCharacters'],
    ['Ana\nLee', 'validation.name.controlCharacters'],
    ['A\u0000na', 'validation.name.controlCharacters'],
    ['A\tna', 'validation.name.controlCharacters'],
    ['Ana\u0085', 'validation.name.controlCharacters'],
    ['Ana\u009B', 'validation.name.controlCharacters'],
    ['\u202EanA', 'validation.name.controlCharacters'],
    ['Ana\u202A', 'validation.name.controlCharacters'],
    ['Ana\u2066x\u2069', 'validation.name.controlCharacters'],
    ['A\u200Bna', 'validation.name.controlCharacters'],
    ['A\u200Cna', 'validation.name.controlCharacters'],
    ['A\u200Dna', 'validation.name.controlCharacters'],
    ['A\u2060na', 'validation.name.controlCharacters'],
    ['A\uFEFFna', 'validation.name.controlCharacters'],
    ['Zoë', null],
    ["O'Brien-Nguyễn", null],
    ['José María', null],
  ])('%j → %s', (v, k) => {
    expect(keyOf(validateName(v))).toBe(k);
  });
  it('schema trims', () => {
    expect(nameSchema.parse(' Ana ')).toBe('Ana');
  });
});

describe('password', () => {
  it.each([
    ['Abcdefg1', null],
    ['Abcdef1', 'validation.password.complexity'],
    ['abcdefg1', 'validation.password.complexity'],
    ['ABCDEFG1', 'validation.password.complexity'],
    ['Abcdefgh', 'validation.password.complexity'],
    ['Éabcdefg1', null],
    ['', REQ],
  ])('%s → %s', (v, k) => {
    expect(keyOf(validatePassword(v))).toBe(k);
  });
  it('schema', () => {
    expect(passwordSchema.safeParse('Passw0rd').success).toBe(true);
  });
});

describe('postal codes', () => {
  it.each([
    ['K1A 0B1', 'CA', null],
    ['k1a0b1', 'CA', null],
    ['V6B 3K9', 'CA', null],
    ['D1A 0B1', 'CA', 'validation.postalCode.invalid'],
    ['W1A 0B1', 'CA', 'validation.postalCode.invalid'],
    ['Z1A 0B1', 'CA', 'validation.postalCode.invalid'],
    ['K1O 0B1', 'CA', 'validation.postalCode.invalid'],
    ['K1A 0U1', 'CA', 'validation.postalCode.invalid'],
    ['K1A  0B1', 'CA', 'validation.postalCode.invalid'],
    ['K1A-0B1', 'CA', 'validation.postalCode.invalid'],
    ['', 'CA', REQ],
    ['90210', 'US', null],
    ['90210-1234', 'US', null],
    ['9021', 'US', 'validation.postalCode.invalid'],
    ['902101234', 'US', 'validation.postalCode.invalid'],
    ['90210-123', 'US', 'validation.postalCode.invalid'],
    ['', 'US', REQ],
    ['SW1A_1AA', 'GB', null],
    ['NA', 'GB', null],
    ['1234567890', 'FR', null],
    ['12345678901', 'FR', 'validation.postalCode.invalid'],
    ['SW1A 1AA', 'GB', 'validation.postalCode.invalid'],
    ['', 'GB', 'validation.postalCode.requiredOther'],
    [null, undefined, 'validation.postalCode.requiredOther'],
  ])('%s (%s) → %s', (v, country, k) => {
    expect(keyOf(validatePostalCode(v, country))).toBe(k);
  });
  it.each([
    ['k1a 0b1', 'K1A 0B1'],
    ['k1a-0b1!', 'K1A0B1'],
    ['k1a 0b1 extra', 'K1A 0B1'],
  ])('normalizeCaPostalCode(%s) = %s', (raw, out) => {
    expect(normalizeCaPostalCode(raw)).toBe(out);
  });
  it('normalizes US zips and formats CA codes 3+3', () => {
    expect(normalizeUsZip('90210-12345a')).toBe('90210-1234');
    expect(formatCaPostalCode('k1a0b1')).toBe('K1A 0B1');
    expect(formatCaPostalCode('K1A 0B1')).toBe('K1A 0B1');
    expect(formatCaPostalCode('abc')).toBe('ABC');
  });
  it('schema by country', () => {
    expect(postalCodeSchema('CA').parse(' k1a 0b1 ')).toBe('K1A 0B1');
    expect(postalCodeSchema('US').parse('90210')).toBe('90210');
    expect(postalCodeSchema('US').safeParse('x').success).toBe(false);
  });
});

describe('phone', () => {
  it.each([
    ['6135550123', null],
    ['(613) 555-0123', null],
    ['+1 202 555 0143', null],
    ['12025550143', null],
    ['5555555555', 'validation.phone.invalid'],
    ['613555012', 'validation.phone.invalid'],
    ['+442071234567', 'validation.phone.invalid'],
    ['', REQ],
  ])('%s → %s', (v, k) => {
    expect(keyOf(validatePhone(v))).toBe(k);
  });
  it('normalizes to digits and E.164', () => {
    expect(normalizePhoneInput('(613) 555-0123')).toBe('6135550123');
    expect(normalizePhoneInput(' +1 613')).toBe('+1613');
    expect(toE164Phone('613-555-0123')).toBe('+16135550123');
    expect(toE164Phone('123')).toBeNull();
    expect(isValidNorthAmericanPhone(null)).toBe(false);
    expect(phoneSchema.safeParse('6135550123').success).toBe(true);
  });
});

describe('city and street', () => {
  it.each([
    ['Montréal', null],
    ["St. John's", null],
    ['Baie-Comeau', null],
    ['Town--Name', 'validation.city.invalid'],
    ['City 9', 'validation.city.invalid'],
    ['', REQ],
    ['a'.repeat(51), 'validation.city.invalid'],
  ])('city %s → %s', (v, k) => {
    expect(keyOf(validateCity(v))).toBe(k);
  });
  it.each([
    ['123 Main St.', null],
    ['Apt #4, 55 Rue Saint-Denis', null],
    ['1/2 King St', null],
    ['12 Main  St', 'validation.street.invalid'],
    ['12 Main St!', 'validation.street.invalid'],
    ['', REQ],
  ])('street %s → %s', (v, k) => {
    expect(keyOf(validateStreet(v))).toBe(k);
  });
  it('normalizers strip, collapse and truncate', () => {
    expect(normalizeCityInput('Mont--réal 9!')).toBe('Mont-réal ');
    expect(normalizeCityInput('abcdef', 3)).toBe('abc');
    expect(normalizeStreetInput('12  Main St!!..')).toBe('12 Main St.');
    expect(citySchema.parse(' Ottawa ')).toBe('Ottawa');
    expect(streetSchema.parse(' 1 Main St ')).toBe('1 Main St');
  });
});

describe('bank numbers', () => {
  it.each([
    ['1234', null],
    ['12345678901234567', null],
    ['123', 'validation.bankAccount.invalid'],
    ['123456789012345678', 'validation.bankAccount.invalid'],
    ['12a4', 'validation.bankAccount.invalid'],
    ['', REQ],
  ])('account %s → %s', (v, k) => {
    expect(keyOf(validateBankAccountNumber(v))).toBe(k);
  });
  it.each([
    [validateRoutingNumber, '110000000', null],
    [validateRoutingNumber, '11000000', 'validation.routingNumber.invalid'],
    [validateRoutingNumber, '', REQ],
    [validateInstitutionNumber, '001', null],
    [validateInstitutionNumber, '01', 'validation.institutionNumber.invalid'],
    [validateInstitutionNumber, '', REQ],
    [validateTransitNumber, '12345', null],
    [validateTransitNumber, '1234', 'validation.transitNumber.invalid'],
    [validateTransitNumber, '', REQ],
  ])('%o %s → %s', (fn, v, k) => {
    expect(keyOf(fn(v))).toBe(k);
  });
  it('CA routing number = institution + transit', () => {
    expect(canadianRoutingNumber('001', '12345')).toBe('00112345');
    expect(bankAccountNumberSchema.parse(' 1234 ')).toBe('1234');
  });
});

describe('card number and brand', () => {
  it.each([
    ['4242424242424242', 'VISA'],
    ['4026000000000002', 'VISA_ELECTRON'],
    ['4175000000000001', 'VISA_ELECTRON'],
    ['5555555555554444', 'MASTERCARD'],
    ['2223003122003222', 'MASTERCARD'],
    ['378282246310005', 'AMERICAN_EXPRESS'],
    ['36227206271667', 'DINERS_CLUB'],
    ['6200000000000005', 'UNION_PAY'],
    ['6759649826438453', 'MAESTRO'],
    ['6011111111111117', 'DISCOVER'],
    ['3566002020360505', 'JCB'],
    ['4242 4242', 'VISA'],
    ['2200123412341234', null],
    ['', null],
    ['9', null],
  ])('%s → %s', (n, brand) => {
    expect(detectCardBrand(n)).toBe(brand);
  });
  it.each([
    ['4242424242424242', 'US', null],
    ['4242424242424242', 'CA', null],
    ['4242 4242 4242 4242', 'CA', null],
    ['424242424242424', 'CA', 'validation.cardNumber.invalid'],
    ['378282246310005', 'US', null],
    ['378282246310005', 'FR', null],
    ['42424242424242424', 'US', 'validation.cardNumber.invalid'],
    ['4242424242424241', 'US', 'validation.cardNumber.invalid'],
    ['12345674', 'FR', null],
    ['1234567', 'FR', 'validation.cardNumber.invalid'],
    ['4000000000000000006', 'FR', null],
    ['40000000000000000006', 'FR', 'validation.cardNumber.invalid'],
    ['4242-4242', 'FR', 'validation.cardNumber.invalid'],
    ['', 'US', REQ],
  ])('%s (%s) → %s', (n, country, k) => {
    expect(keyOf(validateCardNumber(n, country))).toBe(k);
  });
  it('luhn can be switched off', () => {
    expect(validateCardNumber('4242424242424241', 'US', { luhn: false }).ok).toBe(true);
    expect(isLuhnValid('x')).toBe(false);
  });
  it('truncates at 16 in US/CA and 19 elsewhere', () => {
    expect(normalizeCardNumberInput('4242-4242-4242-4242-999', 'US')).toBe('4242424242424242');
    expect(normalizeCardNumberInput('4242-4242-4242-4242-9999', 'GB')).toBe('4242424242424242999');
    expect(cardNumberMaxLength('CA')).toBe(16);
    expect(cardNumberMaxLength(null)).toBe(19);
    expect(isCardNumberComplete('4242424242424242', 'US')).toBe(true);
    expect(isCardNumberComplete('424242424242', 'US')).toBe(false);
    // issue 21 §2: abroad 8 digits are valid but the number may go on to 19: focus moves on at 19 only
    expect(isCardNumberComplete('67590000', 'GB')).toBe(false);
    expect(isCardNumberComplete('6200000000000000000', 'CN')).toBe(true);
    expect(cardNumberSchema('US').parse('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(lastFour('4242 4242 4242 1234')).toBe('1234');
  });
});

describe('card expiry', () => {
  it.each([
    ['', '', ''],
    ['1', '', '1'],
    ['4', '', '04/'],
    ['12', '1', '12/'],
    ['123', '12/', '12/3'],
    ['12/34', '12/3', '12/34'],
    ['12/345', '12/34', '12/34'],
    ['0', '', '0'],
    ['12', '12/', '12'],
    ['a1b2', '', '12/'],
  ])('formatExpiryInput(%s, prev %s) = %s', (raw, prev, out) => {
    expect(formatExpiryInput(raw, prev)).toBe(out);
  });
  it.each([
    ['05/25', { month: 5, year: 2025 }],
    ['12/99', { month: 12, year: 2099 }],
    ['01/00', { month: 1, year: 2000 }],
    ['00/25', null],
    ['13/25', null],
    ['5/25', null],
    ['05/2025', null],
    [null, null],
  ])('parseExpiry(%s)', (v, out) => {
    expect(parseExpiry(v)).toEqual(out);
  });
  it.each([
    [5, 2025, '2025-05-31', false],
    [5, 2025, '2025-06-01', true],
    [5, 2025, '2025-05-01', false],
    [12, 2025, '2025-12-31', false],
    [12, 2025, '2026-01-01', true],
    [5, 2025, '2024-12-31', false],
  ])('isCardExpired(%i, %i, %s) = %s', (m, y, today, expired) => {
    expect(isCardExpired(m, y, today)).toBe(expired);
  });
  it('rejects a bad today', () => {
    expect(() => isCardExpired(1, 2025, '2025-13-01')).toThrow(RangeError);
  });
  it.each([
    ['05/25', '2025-05-31', null],
    ['05/25', '2025-06-01', 'validation.cardExpiry.invalid'],
    ['13/25', '2025-01-01', 'validation.cardExpiry.invalid'],
    ['', '2025-01-01', REQ],
  ])('validateCardExpiry(%s, %s) → %s', (v, today, k) => {
    expect(keyOf(validateCardExpiry(v, today))).toBe(k);
    expect(cardExpirySchema(today).safeParse(v).success).toBe(k === null);
  });
});

describe('CVV and card name', () => {
  it.each([
    ['123', null],
    ['1234', null],
    ['12', 'validation.cardCvv.invalid'],
    ['12345', 'validation.cardCvv.invalid'],
    ['12a', 'validation.cardCvv.invalid'],
    ['', REQ],
  ])('cvv %s → %s', (v, k) => {
    expect(keyOf(validateCvv(v))).toBe(k);
  });
  it('cvv input', () => {
    expect(normalizeCvvInput('1a2b345')).toBe('1234');
    expect(cvvSchema.safeParse('123').success).toBe(true);
  });
  it.each([
    ['Jean-Luc Picard', null],
    ["Mary O'Neil", null],
    ['  Zoë Smith  ', null],
    ['John  Smith', 'validation.cardName.invalid'],
    ["O''Neil", 'validation.cardName.invalid'],
    ['John -Smith', 'validation.cardName.invalid'],
    ['John3', 'validation.cardName.invalid'],
    ['-John', 'validation.cardName.invalid'],
    ['a'.repeat(65), 'validation.cardName.invalid'],
    ['', REQ],
    ['Ann\r\nLee', 'validation.name.controlCharacters'],
    ['Ann\u202ELee', 'validation.name.controlCharacters'],
    ['Ann\u200BLee', 'validation.name.controlCharacters'],
  ])('card name %j → %s', (v, k) => {
    expect(keyOf(validateCardName(v))).toBe(k);
  });
  it('card name input', () => {
    expect(normalizeCardNameInput("John  O''Neil3 -x")).toBe("John O'Neil x");
    expect(cardNameSchema.parse(' Ann Lee ')).toBe('Ann Lee');
  });
});

describe('dates', () => {
  it.each([
    ['2024-02-29', {}, null],
    ['2023-02-29', {}, 'validation.date.invalid'],
    ['2024-2-1', {}, 'validation.date.invalid'],
    ['', {}, REQ],
    ['', { optional: true }, null],
  ])('%s %j → %s', (v, opts, k) => {
    expect(keyOf(validateDate(v, opts))).toBe(k);
  });
  it('optional date schema', () => {
    expect(optionalIsoDateSchema.safeParse(undefined).success).toBe(true);
    expect(optionalIsoDateSchema.safeParse('2024-01-01').success).toBe(true);
    const r = optionalIsoDateSchema.safeParse('01/01/2024');
    expect(r.success ? null : r.error.issues[0].message).toBe('validation.date.invalid');
  });
});
