// Small helpers the steps share: the form state of the steps (components/form/nested-form.tsx), the error text of a
// field, the props of typed inputs bound to a path.
import { filterAmountKeystroke, finishAmountInput } from '@portal/domain/money-input';
import { normalizePhoneInput } from '@portal/domain/profile-fields';
import type { ChangeEvent } from 'react';
import { type FieldPath, getAt, useNestedFormContext } from '../../../components/form/nested-form';
import { messageText } from '../../../components/form/use-form';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationFormValues } from '../forms/draft-values';

export type FormPath = FieldPath<ApplicationFormValues>;

/** The application's one form state, shared by its steps. */
export const useApplicationForm = () => useNestedFormContext<ApplicationFormValues>();

/** A field's error: a message key with its values (the domain's rules), or the server's own text. */
export function useFieldError(): (name: string) => string | undefined {
  const { t } = useTranslation();
  const form = useApplicationForm();
  return (name) => messageText(t, form.error(name));
}

/** Props of a text input (or a native select, or the DateField) bound to `name`, with an optional input filter (digits). */
export function useFieldProps() {
  const form = useApplicationForm();
  const errorOf = useFieldError();
  const lang = useLang();
  // `as never`: these helpers take any path of the form, each input writes the kind of value its path holds
  const filtered = (name: FormPath, filter?: (raw: string) => string) => {
    const value = form.getValue(name);
    return {
      name,
      value: typeof value === 'string' ? value : '',
      error: errorOf(name),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const raw = e.currentTarget.value;
        form.setValue(name, (filter ? filter(raw) : raw) as never);
      },
    };
  };
  return {
    text: (name: FormPath) => filtered(name),
    select: (name: FormPath) => filtered(name),
    // spec 2 §5: phone input is digits only
    phone: (name: FormPath) => ({ ...filtered(name, normalizePhoneInput), type: 'tel', inputMode: 'tel' as const }),
    // spec 2 §4/§5: the props of the portal's DateField (it filters the typing to yyyy-mm-dd and spells the date back)
    date: (name: FormPath) => {
      const value = form.getValue(name);
      return {
        name,
        value: typeof value === 'string' ? value : '',
        error: errorOf(name),
        onChange: (text: string) => form.setValue(name, text as never),
      };
    },
    number: (name: FormPath) => ({ ...filtered(name, (raw) => raw.replace(/[^\d]/g, '')), inputMode: 'numeric' as const }),
    // spec 2 §5 currency input, issue 20 §1: the portal's amount field rules (money-input.ts): a keystroke keeps the
    // decimal comma and never cuts the amount; on blur a valid amount is written the language's way ("12,50")
    money: (name: FormPath) => ({
      ...filtered(name, filterAmountKeystroke),
      onBlur: () => {
        const current = String(getAt(form.getValues(), name) ?? '');
        const finished = finishAmountInput(current, lang);
        if (finished !== current) form.setValue(name, finished as never);
      },
      inputMode: 'decimal' as const,
    }),
    /** A check box's props: checked, and aria-invalid with its error (the focus rule finds it). */
    check: (name: FormPath) => {
      const error = errorOf(name);
      return {
        name,
        checked: form.getValue(name) === true,
        onChange: (e: ChangeEvent<HTMLInputElement>) => form.setValue(name, e.currentTarget.checked as never),
        error,
        'aria-invalid': error ? true : undefined,
      };
    },
    errorOf,
  };
}
