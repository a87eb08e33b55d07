// Validation of the form: the domain's rules (@portal/domain/application-form: the draft's shapes and the asked
// answers), step by step. Errors carry a message key (and its values in `types`) so the field says it in the UI's
// language; a server fieldError (type 'server') carries the server's own text.
import {
  type ApplicationIssue,
  type ApplicationPageLike,
  type ApplicationStep,
  applicationStepIssues,
  applicationSubmitIssues,
  hasApplicationFee,
} from '@portal/domain/application-form';
import { MSG } from '@portal/domain/message-keys';
import type { MoneyLocale } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import type { FieldErrors, MultipleFieldErrors, Resolver } from 'react-hook-form';
import { type ApplicationFormValues, draftFromValues, MONEY_FIELDS } from './draft-values';

export interface StepRules {
  page: ApplicationPageLike;
  /** The step whose Next (or Submit, for the last) is being checked; 'all' checks every step. */
  step: ApplicationStep | 'all';
  /** The tenant's today (YYYY-MM-DD): the birth date's age check. */
  today: string;
  /** The application fee is paid already (no method to choose). */
  feePaid: boolean;
  /** The UI language: amounts are read as it writes them (issue 20 §1). */
  locale: MoneyLocale;
}

/** issue 20 §1: a typed amount the parser refuses (ambiguous "1,925" in French...) says why, before any shape rule. */
function moneyIssues(values: ApplicationFormValues, rules: StepRules): ApplicationIssue[] {
  if (rules.step !== 'all' && rules.step !== 'employment') return [];
  return MONEY_FIELDS.flatMap((path) => {
    const text = values.employment[path.slice('employment.'.length) as 'monthlySalary' | 'otherIncome'];
    const parsed = parseAmountInput(text, rules.locale);
    return parsed.ok || parsed.refusal === 'empty' ? [] : [{ path, message: parsed.key, values: parsed.values }];
  });
}

/** The fee step's own check: a saved method when a fee is due and not paid yet. */
function feeIssues(values: ApplicationFormValues, rules: StepRules): ApplicationIssue[] {
  if (!hasApplicationFee(rules.page) || rules.feePaid) return [];
  return values.paymentMethodId ? [] : [{ path: 'paymentMethodId', message: MSG.requiredField }];
}

/** The issues of the values for the step (or all steps). */
export function issuesOf(values: ApplicationFormValues, rules: StepRules): ApplicationIssue[] {
  const draft = draftFromValues(values, { customFields: [...(rules.page.customFields ?? [])] }, rules.locale);
  const money = moneyIssues(values, rules);
  if (rules.step === 'all')
    return [...money, ...applicationSubmitIssues(draft, rules.page, { today: rules.today }), ...feeIssues(values, rules)];
  if (rules.step === 'fee') return feeIssues(values, rules);
  return [...money, ...applicationStepIssues(draft, rules.page, rules.step, { today: rules.today })];
}

/** The issues as react-hook-form errors (nested by path). */
export function issuesToErrors(issues: readonly ApplicationIssue[]): FieldErrors<ApplicationFormValues> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const parts = issue.path.split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] ?? '';
    node[last] ??= { type: 'key', message: issue.message, types: issue.values as MultipleFieldErrors | undefined };
  }
  return errors as FieldErrors<ApplicationFormValues>;
}

/** A resolver that checks the step `rules()` names at the time of the check. */
export function createStepResolver(rules: () => StepRules): Resolver<ApplicationFormValues> {
  return async (values) => {
    const issues = issuesOf(values, rules());
    return issues.length === 0 ? { values, errors: {} } : { values: {}, errors: issuesToErrors(issues) };
  };
}
