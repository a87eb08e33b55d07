// Validation of the form: the domain's rules (@portal/domain/application-form: the draft's shapes and the asked
// answers), step by step. Errors carry a message key (and its values) so the field says it in the UI's language; a
// server fieldError carries the server's own text.
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
import type { PathErrors } from '../../../components/form/nested-form';
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

/** The issues as the form's messages by path (the first issue of a path wins). */
export function issuesToErrors(issues: readonly ApplicationIssue[]): PathErrors {
  const errors: PathErrors = {};
  for (const issue of issues) errors[issue.path] ??= { key: issue.message, values: issue.values };
  return errors;
}

/** The messages of the step `rules` names (the form's validate). */
export function stepErrors(values: ApplicationFormValues, rules: StepRules): PathErrors {
  return issuesToErrors(issuesOf(values, rules));
}
