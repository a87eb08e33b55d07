// The @portal/domain message keys the profile and password rules answer with, in English: the server sends the keys
// themselves (lib/i18n.ts translates them for the caller); these English texts are for callers that need a sentence.
import type { MessageKey } from '@portal/domain/message-keys';
import type { RuleResult } from '@portal/domain/rule';
import { translate } from '../../lib/i18n.ts';

/** The English text of a message key, with {{name}} values filled in (the key itself when unknown). */
export function ruleText(key: MessageKey, values?: Record<string, string | number>): string {
  return translate('en', key, values);
}

/** The English text of a failed rule result. */
export function failureText(result: Exclude<RuleResult, { ok: true }>): string {
  return ruleText(result.key, result.values);
}
