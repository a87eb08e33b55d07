// A zod schema shared with the API (packages/domain: its issue messages are message keys, rule.ts schemaFromRule) as
// a useForm validate: the first issue of each top-level field becomes that field's message. Its own module so the
// forms without a schema (sign-in, first paint) never load zod. A check the schema does not word itself gets the
// server's key for it (@portal/domain/zod-issue-messages, issue 23), never zod's English default.
import { isZodIssueKey, type ZodIssueLike, zodIssueErrorMap, zodIssueValues } from '@portal/domain/zod-issue-messages';
import type { ZodType } from 'zod';
import type { FormErrors } from './use-form';

export function zodErrors<V extends object>(schema: ZodType, values: V): FormErrors<V> {
  const parsed = schema.safeParse(values, { error: zodIssueErrorMap });
  if (parsed.success) return {};
  const errors: Record<string, { key: string; values?: Record<string, string | number> }> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!field || errors[field]) continue;
    const params = isZodIssueKey(issue.message)
      ? zodIssueValues(issue as ZodIssueLike)
      : 'params' in issue
        ? (issue.params as Record<string, string | number> | undefined)
        : undefined;
    errors[field] = params ? { key: issue.message, values: params } : { key: issue.message };
  }
  return errors as FormErrors<V>;
}
