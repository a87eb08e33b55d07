// English texts of the @portal/domain message keys the profile and password rules answer with, so the server's
// messages read like the form's (customer.test.ts checks them against apps/web/src/locales/en.json).
import { type MessageKey, MSG } from '@portal/domain/message-keys';
import type { RuleResult } from '@portal/domain/rule';

export const RULE_TEXTS_EN: Partial<Record<MessageKey, string>> = {
  [MSG.requiredField]: 'Required Field',
  [MSG.emailInvalid]: 'Invalid Email Address',
  [MSG.emailTooLong]: 'Email must be at most {{max}} characters',
  [MSG.emailDisposable]: 'Disposable email addresses are not accepted. Please use another email address.',
  [MSG.nameTooLong]: 'Name must be under {{max}} characters',
  [MSG.phoneInvalid]: 'Invalid phone number. Please enter a valid Canadian or US phone number.',
  [MSG.dateInvalid]: 'Invalid date (yyyy-mm-dd)',
  [MSG.passwordComplexity]:
    'Insufficient Password complexity. Minimum 8 characters with at least one number, upper and lower case character is required.',
  [MSG.passwordMismatch]: 'Passwords do not match',
};

/** The English text of a message key, with {{name}} values filled in (the key itself when unknown). */
export function ruleText(key: MessageKey, values?: Record<string, string | number>): string {
  const text = RULE_TEXTS_EN[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
}

/** The text of a failed rule result. */
export function failureText(result: Exclude<RuleResult, { ok: true }>): string {
  return ruleText(result.key, result.values);
}
