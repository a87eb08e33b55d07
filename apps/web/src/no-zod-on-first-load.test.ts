// issue 21 §4: the web's first screens (dashboard, account, payment, Applications) use these modules' rules; zod
// (~23 KB brotli) stays with the forms and the API that validate. Its schemas live in the *-schema(s).ts modules beside
// them in packages/domain (this test lives with the web, whose tests may read files; the domain's are pure).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOMAIN = join(dirname(fileURLToPath(import.meta.url)), '../../../packages/domain/src');
const FIRST_LOAD_RULES = ['rule.ts', 'errors.ts', 'payment-amounts.ts', 'money.ts', 'money-input.ts', 'display.ts'];

describe('modules the first screens load', () => {
  it.each(FIRST_LOAD_RULES)('%s imports no zod', (file) => {
    const code = readFileSync(join(DOMAIN, file), 'utf8');
    expect(code).not.toMatch(/from\s+['"]zod['"]/);
  });
});
