// issue 21 §4: the web's first screens (dashboard, account, payment, Applications) use these modules' rules; zod
// (~23 KB brotli) stays with the forms and the API that validate. Its schemas live in the *-schema(s).ts modules beside.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const FIRST_LOAD_RULES = ['rule.ts', 'errors.ts', 'payment-amounts.ts', 'money.ts', 'money-input.ts', 'display.ts'];

describe('modules the first screens load', () => {
  it.each(FIRST_LOAD_RULES)('%s imports no zod', (file) => {
    const code = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    expect(code).not.toMatch(/from\s+['"]zod['"]/);
  });
});
