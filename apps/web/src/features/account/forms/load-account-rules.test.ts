import { MSG } from '@portal/domain/message-keys';
import { describe, expect, it } from 'vitest';
import { loadAccountRules } from './load-account-rules';

describe('account rules loaded on demand (issue 9: first load on a phone)', () => {
  it('loads the validation rules once', async () => {
    const first = loadAccountRules();
    expect(loadAccountRules()).toBe(first);
    const rules = await first;
    expect(rules.passwordChangeErrors({ password: 'x', newPassword: 'Abcdefg1', confirmNewPassword: 'Abcdefg1' })).toEqual({});
    // the first refusal of each field, by the domain's schema
    expect(rules.passwordChangeErrors({ password: '', newPassword: 'short', confirmNewPassword: 'other' })).toEqual({
      password: MSG.requiredField,
      newPassword: MSG.passwordComplexity,
      confirmNewPassword: MSG.passwordMismatch,
    });
    expect(typeof rules.validateProfile).toBe('function');
  });
});
