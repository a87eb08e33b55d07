// A rule as a zod schema, apart from rule.ts: a screen that only applies rules (the dashboard's payment checks) then
// loads none of zod, ~23 KB brotli on a phone's first load (issue 21 §4).
import { z } from 'zod';
import type { RuleResult } from './rule.ts';

/** A zod string schema whose issue message IS the rule's message key. */
export function schemaFromRule(rule: (value: string) => RuleResult) {
  return z.string().superRefine((value, ctx) => {
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
  });
}
