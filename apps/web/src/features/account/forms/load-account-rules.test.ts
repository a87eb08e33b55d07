import { describe, expect, it } from 'vitest';
import { firstInteraction, loadAccountRules } from './load-account-rules';

describe('account rules loaded on demand (issue 9: first load on a phone)', () => {
  it('waits for the first interaction before a mount-time validation may load them', async () => {
    let settled = false;
    const waiting = firstInteraction().then(() => {
      settled = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    await waiting;
    expect(settled).toBe(true);
  });

  it('loads the validation rules once', async () => {
    const first = loadAccountRules();
    expect(loadAccountRules()).toBe(first);
    const rules = await first;
    expect(
      rules.passwordChangeSchema.safeParse({ password: 'x', newPassword: 'Abcdefg1', confirmNewPassword: 'Abcdefg1' }).success,
    ).toBe(true);
    expect(typeof rules.validateProfile).toBe('function');
  });
});
