import type { MessageKey } from './message-keys.ts';

/** A message for the UI: an i18n key (packages/i18n/src/locales) and its interpolation values. */
export interface MessageRef {
  key: MessageKey;
  values?: Record<string, string | number>;
}

/** Outcome of a single rule: ok, or the message key the field shows. */
export type RuleResult = { ok: true } | ({ ok: false } & MessageRef);

export const OK: RuleResult = Object.freeze({ ok: true }) as RuleResult;

export function fail(key: MessageKey, values?: Record<string, string | number>): RuleResult {
  return values ? { ok: false, key, values } : { ok: false, key };
}

/** Wraps a rule so that an empty (after trim) value is accepted: "optional fields are always valid" (spec 2 §5). */
export function optionalRule(rule: (value: string) => RuleResult): (value: string | null | undefined) => RuleResult {
  return (value) => (value == null || value.trim() === '' ? OK : rule(value));
}
