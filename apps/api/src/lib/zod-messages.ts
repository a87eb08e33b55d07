// zod's refusals in the caller's language (issue 23 Standards): zod's global error map gives each issue a schema does
// not word itself a message key (@portal/domain/zod-issue-messages); the error handler translates it per request with
// the issue's limits. Global because fastify-type-provider-zod's validatorCompiler parses without per-parse options,
// and so that every parse in the server (a nested safeParse in a refinement too) answers keys, never zod's English.
import { isZodIssueKey, type ZodIssueLike, zodIssueErrorMap, zodIssueValues } from '@portal/domain/zod-issue-messages';
import { z } from 'zod';
import type { Lang } from './i18n.ts';

let installed = false;

/** Installs the error map once per process (buildApp calls it; idempotent). */
export function installZodMessages(): void {
  if (installed) return;
  z.config({ customError: zodIssueErrorMap });
  installed = true;
}

const NUMBER_LOCALE: Record<Lang, string> = { en: 'en-CA', fr: 'fr-CA' };

/**
 * The values of a refusal's message: for one of the zod issue keys, the issue's limits (numbers written as the
 * caller's language writes them: 1 000 in French); otherwise the issue's own params as they were.
 */
export function zodRefusalValues(
  lang: Lang,
  message: string,
  params: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!isZodIssueKey(message)) return params;
  // a custom issue that carries a zod key (copied from a nested parse) brings its values in `params`
  const nested = params?.params && typeof params.params === 'object' ? (params.params as Record<string, unknown>) : {};
  const values = { ...nested, ...zodIssueValues((params ?? {}) as ZodIssueLike) };
  const format = new Intl.NumberFormat(NUMBER_LOCALE[lang], { maximumFractionDigits: 20 });
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? format.format(v) : v]));
}
