import { describe, expect, it } from 'vitest';
import { safeNextPath, validateSignIn } from './sign-in-schema';

describe('safeNextPath follows only paths of this site', () => {
  it.each([
    ['/customer/account', '/customer/account'],
    ['/customer/dashboard?companyId=c1#x', '/customer/dashboard?companyId=c1#x'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/steal', '/'],
    ['//evil.example/steal', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/signin?next=/x', '/'],
    ['/logout', '/'],
  ])('%s → %s', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});

describe('validateSignIn', () => {
  it.each([
    [
      { email: '', password: '' },
      { email: 'auth.errors.emailRequired', password: 'auth.errors.passwordRequired' },
    ],
    [{ email: '   ', password: 'x' }, { email: 'auth.errors.emailRequired' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'auth.errors.emailInvalid' }],
    [{ email: `${'a'.repeat(250)}@b.test`, password: 'x' }, { email: 'auth.errors.emailInvalid' }],
    [{ email: ' tenant@demo.test ', password: 'Demo1234' }, {}],
  ])('%j', (values, expected) => {
    expect(validateSignIn(values)).toEqual(expected);
  });
});
