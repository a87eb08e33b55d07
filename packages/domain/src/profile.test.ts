import { describe, expect, it } from 'vitest';
import {
  applyPhoneChange,
  createProfileFormSchema,
  getProfileRequirements,
  isEligibleForTerms,
  isMutedByCustomerStop,
  isProfileValid,
  mustShowTerms,
  muteFromUnmute,
  passwordChangeErrors,
  passwordChangeSchema,
  shouldClearPhoneStatus,
  termsEligibilityProblems,
  termsProblemMessage,
  unmuteFromMute,
  validateBirthDate,
  validateProfile,
} from './profile.ts';

describe('getProfileRequirements', () => {
  it.each([
    [false, '', false, { mobilePhoneRequired: false, alternatePhoneRequired: false, preferredContactRequired: false }],
    [true, '', false, { mobilePhoneRequired: true, alternatePhoneRequired: false, preferredContactRequired: true }],
    [false, 'MOBILE_PHONE', false, { mobilePhoneRequired: true, alternatePhoneRequired: false, preferredContactRequired: false }],
    [
      false,
      'ALTERNATE_PHONE',
      false,
      { mobilePhoneRequired: false, alternatePhoneRequired: true, preferredContactRequired: false },
    ],
    [false, 'EMAIL', true, { mobilePhoneRequired: true, alternatePhoneRequired: false, preferredContactRequired: false }],
    [true, 'ALTERNATE_PHONE', true, { mobilePhoneRequired: true, alternatePhoneRequired: true, preferredContactRequired: true }],
  ] as const)('payByText=%s preferred=%s text=%s', (payByTextEnabled, preferredContactMethod, textNotificationsOn, expected) => {
    expect(getProfileRequirements({ payByTextEnabled, preferredContactMethod, textNotificationsOn })).toEqual(expected);
  });
});

describe('text message flags', () => {
  it('mute is the inverse of unmute', () => {
    expect(muteFromUnmute(true)).toBe(false);
    expect(muteFromUnmute(false)).toBe(true);
    expect(unmuteFromMute(true)).toBe(false);
    expect(unmuteFromMute(undefined)).toBe(true);
    expect(isMutedByCustomerStop('CUSTOMER')).toBe(true);
    expect(isMutedByCustomerStop(null)).toBe(false);
  });
});

describe('phone change', () => {
  it.each([
    ['6135550123', '6135550123', false],
    ['(613) 555-0123', '613-555-0123', false],
    ['6135550123', '6135550124', true],
    [null, '', false],
    [null, '6135550123', true],
  ])('%s → %s clears=%s', (a, b, clear) => {
    expect(shouldClearPhoneStatus(a, b)).toBe(clear);
  });
  it('clears phoneMetadata and phoneStatus on the body', () => {
    expect(applyPhoneChange({ phone: '6135550124', phoneMetadata: { x: 1 }, phoneStatus: 'VERIFIED' }, '6135550123')).toEqual({
      phone: '6135550124',
      phoneMetadata: null,
      phoneStatus: null,
    });
    const same = { phone: '6135550123', phoneStatus: 'VERIFIED' };
    expect(applyPhoneChange(same, '6135550123')).toBe(same);
  });
});

describe('validateProfile', () => {
  const base = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
  const today = '2025-06-15';
  const req = { key: 'validation.requiredField' };
  it.each([
    [base, false, {}],
    [{ ...base, firstName: '' }, false, { firstName: req }],
    // the message names its limit: the form fills {{max}} (issue 9: no placeholder leaks)
    [{ ...base, lastName: 'x'.repeat(32) }, false, { lastName: { key: 'validation.name.tooLong', values: { max: 32 } } }],
    [{ ...base, email: 'bad' }, false, { email: { key: 'validation.email.invalid' } }],
    [base, true, { phone: req, preferredContactMethod: req }],
    [{ ...base, phone: '6135550123', preferredContactMethod: 'EMAIL' }, true, {}],
    [{ ...base, preferredContactMethod: 'MOBILE_PHONE' }, false, { phone: req }],
    [{ ...base, unmuteTextMessageNotification: true }, false, { phone: req }],
    [{ ...base, preferredContactMethod: 'ALTERNATE_PHONE' }, false, { alternatePhone: req }],
    [{ ...base, alternatePhone: '123' }, false, { alternatePhone: { key: 'validation.phone.invalid' } }],
    [{ ...base, phone: '555' }, false, { phone: { key: 'validation.phone.invalid' } }],
    [{ ...base, birthDate: '1990-02-30' }, false, { birthDate: { key: 'validation.date.invalid' } }],
    [{ ...base, birthDate: '2030-01-01' }, false, { birthDate: { key: 'validation.birthDate.future' } }],
    [{ ...base, birthDate: '2010-01-01' }, false, { birthDate: { key: 'validation.birthDate.tooYoung', values: { min: 18 } } }],
    [{ ...base, birthDate: '1900-01-01' }, false, { birthDate: { key: 'validation.birthDate.tooOld', values: { max: 120 } } }],
    [{ ...base, birthDate: '1990-04-12' }, false, {}],
    [{ ...base, birthDate: '' }, false, {}],
  ] as const)('%j payByText=%s', (values, payByTextEnabled, errors) => {
    expect(validateProfile(values, { payByTextEnabled, today })).toEqual(errors);
    expect(isProfileValid(values, { payByTextEnabled, today })).toBe(Object.keys(errors).length === 0);
  });
  it('schema reports keys by field, with their values as params', () => {
    const r = createProfileFormSchema({ payByTextEnabled: true, today }).safeParse({ ...base, firstName: 'x'.repeat(40) });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues.map((i) => [i.path.join('.'), i.message, (i as { params?: unknown }).params])).toEqual([
        ['firstName', 'validation.name.tooLong', { max: 32 }],
        ['phone', 'validation.requiredField', undefined],
        ['preferredContactMethod', 'validation.requiredField', undefined],
      ]);
    }
    expect(createProfileFormSchema({ payByTextEnabled: false, today }).safeParse({ ...base, languageCode: 'fr' }).success).toBe(
      true,
    );
  });
});

describe('validateBirthDate (issue 9: before today, age 18 to 120)', () => {
  const today = '2025-06-15';
  it.each([
    ['', true, null],
    ['', false, 'validation.requiredField'],
    ['15/06/1990', true, 'validation.date.invalid'],
    ['1990-02-30', true, 'validation.date.invalid'],
    ['2025-06-15', true, 'validation.birthDate.future'], // today is not in the past
    ['2025-06-16', true, 'validation.birthDate.future'],
    ['2007-06-16', true, 'validation.birthDate.tooYoung'], // 18 tomorrow
    ['2007-06-15', true, null], // 18 today
    ['1905-06-15', true, null], // 120 today
    ['1904-06-16', true, null], // 121 tomorrow
    ['1904-06-15', true, 'validation.birthDate.tooOld'], // 121
  ])('%s (optional %s) → %s', (value, optional, key) => {
    const r = validateBirthDate(value, today, { optional });
    expect(r.ok ? null : r.key).toBe(key);
  });
});

describe('passwordChangeSchema', () => {
  const issues = (v: Record<string, string>) => {
    const r = passwordChangeSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };
  it.each([
    [{ password: 'old', newPassword: 'Passw0rd', confirmNewPassword: 'Passw0rd' }, []],
    [
      { password: '', newPassword: '', confirmNewPassword: '' },
      [
        'password:validation.requiredField',
        'newPassword:validation.requiredField',
        'confirmNewPassword:validation.requiredField',
      ],
    ],
    [
      { password: 'old', newPassword: 'password', confirmNewPassword: 'password' },
      ['newPassword:validation.password.complexity'],
    ],
    [
      { password: 'old', newPassword: 'Passw0rd', confirmNewPassword: 'Passw0rD' },
      ['confirmNewPassword:validation.password.mismatch'],
    ],
    [{ password: 'old', newPassword: 'Pass0rd', confirmNewPassword: 'Pass0rd' }, ['newPassword:validation.password.complexity']],
  ])('%j', (v, expected) => {
    expect(issues(v)).toEqual(expected);
  });
});

describe('terms', () => {
  it.each([
    ['2007-06-15', 'CA', '2025-06-15', true],
    ['2007-06-16', 'CA', '2025-06-15', false],
    ['2007-06-15', 'US', '2025-06-15', true],
    ['1980-01-01', 'FR', '2025-06-15', false],
    ['1980-01-01', null, '2025-06-15', false],
    [null, 'CA', '2025-06-15', false],
    ['2007-02-30', 'CA', '2025-06-15', false],
    ['2004-02-29', 'CA', '2022-02-28', false],
    ['2004-02-29', 'CA', '2022-03-01', true],
  ])('born %s in %s on %s → %s', (birthDate, country, today, ok) => {
    expect(isEligibleForTerms({ birthDate, country, today })).toBe(ok);
  });
  it.each([
    ['1990-04-12', 'CA', []],
    [null, 'CA', ['birthDateMissing']],
    ['', 'US', ['birthDateMissing']],
    ['2010-01-01', 'CA', ['age']],
    ['1990-04-12', 'MX', ['country']],
    [null, 'FR', ['birthDateMissing', 'country']],
  ] as const)('problems of born %s in %s → %j', (birthDate, country, problems) => {
    expect(termsEligibilityProblems({ birthDate, country, today: '2025-06-15' })).toEqual(problems);
  });
  it('names each problem with a message', () => {
    expect(termsProblemMessage('birthDateMissing')).toEqual({ key: 'domain.terms.birthDateRequired' });
    expect(termsProblemMessage('age')).toEqual({ key: 'domain.terms.tooYoung', values: { min: 18 } });
    expect(termsProblemMessage('country')).toEqual({ key: 'domain.terms.country' });
  });
  it.each([
    ['yes', false],
    ['YES', false],
    [true, false],
    ['no', true],
    [null, true],
    [false, true],
  ])('mustShowTerms(%s) = %s', (v, show) => {
    expect(mustShowTerms(v)).toBe(show);
  });
});

describe('passwordChangeErrors', () => {
  it('gives the first refusal of each field, by the schema', () => {
    expect(passwordChangeErrors({ password: 'old', newPassword: 'Passw0rd', confirmNewPassword: 'Passw0rd' })).toEqual({});
    expect(passwordChangeErrors({ password: '', newPassword: 'short', confirmNewPassword: 'other' })).toEqual({
      password: 'validation.requiredField',
      newPassword: 'validation.password.complexity',
      confirmNewPassword: 'validation.password.mismatch',
    });
  });
});
