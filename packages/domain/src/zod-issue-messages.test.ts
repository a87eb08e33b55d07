// zod's issues as the portal's message keys (issue 23 Standards): one row per issue code the API's schemas raise, and
// every key in English and French.
import en from '@portal/i18n/locales/en.json';
import fr from '@portal/i18n/locales/fr.json';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZOD_ISSUE_KEYS, zodIssueErrorMap, zodIssueValues } from './zod-issue-messages';

const Z = ZOD_ISSUE_KEYS;

function textAt(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), tree);
}

/** The key and values of the first issue of a value refused by a schema, with the map as the API installs it. */
function first(schema: z.ZodType, value: unknown) {
  const r = schema.safeParse(value, { error: zodIssueErrorMap });
  if (r.success) throw new Error('expected a refusal');
  const issue = r.error.issues[0];
  return { key: issue.message, values: zodIssueValues(issue as never) };
}

describe('zodIssueKey', () => {
  it.each([
    ['missing value', z.object({ a: z.string() }), {}, Z.required, {}],
    ['empty text of min(1)', z.string().min(1), '', Z.required, { minimum: 1 }],
    ['over-long text', z.string().max(64), 'x'.repeat(65), Z.textTooLong, { maximum: 64 }],
    ['short text', z.string().min(3), 'ab', Z.textTooShort, { minimum: 3 }],
    ['exact length', z.string().length(2), 'abc', Z.textExact, { maximum: 2, exact: 2 }],
    ['number above max', z.number().max(10), 11, Z.numberTooBig, { maximum: 10 }],
    ['number not below lt', z.number().lt(10), 10, Z.numberBelow, { maximum: 10 }],
    ['number below min', z.number().min(1), 0, Z.numberTooSmall, { minimum: 1 }],
    ['number not above gt', z.number().positive(), 0, Z.numberAbove, { minimum: 0 }],
    ['not a multiple', z.number().multipleOf(5), 7, Z.notMultipleOf, { divisor: 5 }],
    ['too many items', z.array(z.string()).max(1), ['a', 'b'], Z.listTooLong, { maximum: 1 }],
    ['too few items', z.array(z.string()).min(1), [], Z.listTooShort, { minimum: 1 }],
    ['text expected', z.string(), 4, Z.typeText, {}],
    ['number expected', z.number(), 'four', Z.typeNumber, {}],
    ['integer expected', z.int(), 2.5, Z.typeInteger, {}],
    ['boolean expected', z.boolean(), 'yes', Z.typeBoolean, {}],
    ['list expected', z.array(z.string()), 'a', Z.typeList, {}],
    ['object expected', z.object({}), 'a', Z.typeObject, {}],
    ['e-mail', z.email(), 'nope', Z.formatEmail, {}],
    ['uuid', z.uuid(), 'nope', Z.formatId, {}],
    ['ISO date', z.iso.date(), '2026-13-01', Z.formatDate, {}],
    ['regex', z.string().regex(/^\d+$/), 'a', Z.formatOther, {}],
    ['one literal', z.literal('YES'), 'NO', Z.oneValue, { value: 'YES', values: 'YES' }],
    ['enum', z.enum(['en', 'fr']), 'de', Z.oneOf, { value: 'en', values: 'en, fr' }],
    ['unknown key', z.strictObject({ a: z.string().optional() }), { b: 1 }, Z.unknownFields, { keys: 'b' }],
    ['union', z.union([z.string(), z.number()]), true, Z.invalid, {}],
    ['refine without message', z.string().refine((s) => s === 'ok'), 'no', Z.invalid, {}],
  ] as const)('%s', (_name, schema, value, key, values) => {
    const got = first(schema, value);
    expect(got.key).toBe(key);
    expect(got.values).toMatchObject(values);
  });

  it("leaves a schema's own message (a domain message key) alone", () => {
    expect(first(z.string().max(2, { error: 'validation.name.tooLong' }), 'abc').key).toBe('validation.name.tooLong');
  });

  it('has every key in English and French', () => {
    for (const key of [...Object.values(Z), 'server.validation.summary', 'server.validation.summaryMany']) {
      expect(typeof textAt(en, key), key).toBe('string');
      expect(typeof textAt(fr, key), key).toBe('string');
      expect(textAt(fr, key), key).not.toBe(textAt(en, key));
    }
  });
});
