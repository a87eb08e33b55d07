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
  passwordChangeSchema,
  profileFormSchema,
  shouldClearPhoneStatus,
  unmuteFromMute,
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
  it.each([
    [base, false, {}],
    [{ ...base, firstName: '' }, false, { firstName: 'validation.requiredField' }],
    [{ ...base, lastName: 'x'.repeat(32) }, false, { lastName: 'validation.name.tooLong' }],
    [{ ...base, email: 'bad' }, false, { email: 'validation.email.invalid' }],
    [base, true, { phone: 'validation.requiredField', preferredContactMethod: 'validation.requiredField' }],
    [{ ...base, phone: '6135550123', preferredContactMethod: 'EMAIL' }, true, {}],
    [{ ...base, preferredContactMethod: 'MOBILE_PHONE' }, false, { phone: 'validation.requiredField' }],
    [{ ...base, unmuteTextMessageNotification: true }, false, { phone: 'validation.requiredField' }],
    [{ ...base, preferredContactMethod: 'ALTERNATE_PHONE' }, false, { alternatePhone: 'validation.requiredField' }],
    [{ ...base, alternatePhone: '123' }, false, { alternatePhone: 'validation.phone.invalid' }],
    [{ ...base, phone: '555' }, false, { phone: 'validation.phone.invalid' }],
    [{ ...base, birthDate: '1990-02-30' }, false, { birthDate: 'validation.date.invalid' }],
    [{ ...base, birthDate: '' }, false, {}],
  ] as const)('%j payByText=%s', (values, payByTextEnabled, errors) => {
    expect(validateProfile(values, { payByTextEnabled })).toEqual(errors);
    expect(isProfileValid(values, { payByTextEnabled })).toBe(Object.keys(errors).length === 0);
  });
  it('schema reports keys by field', () => {
    const r = createProfileFormSchema({ payByTextEnabled: true }).safeParse(base);
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['phone', 'validation.requiredField'],
        ['preferredContactMethod', 'validation.requiredField'],
      ]);
    }
    expect(profileFormSchema.safeParse({ ...base, languageCode: 'fr' }).success).toBe(true);
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
