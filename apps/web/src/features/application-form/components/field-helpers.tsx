// Small helpers the steps share: the error text of a field, the registered props of typed inputs.
import { filterAmountKeystroke, finishAmountInput } from '@portal/domain/money-input';
import { normalizePhoneInput } from '@portal/domain/profile-fields';
import type { ChangeEvent, FocusEvent } from 'react';
import { type FieldError, type FieldPath, get, useFormContext, useFormState } from 'react-hook-form';
import { formatIsoDateInput } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationFormValues } from '../forms/draft-values';

export type FormPath = FieldPath<ApplicationFormValues>;

/** A field's error: a message key with its values (the domain's rules), or the server's own text (type 'server'). */
export function useFieldError(): (name: string) => string | undefined {
  const { t } = useTranslation();
  const { errors } = useFormState<ApplicationFormValues>();
  return (name) => {
    const error = get(errors, name) as FieldError | undefined;
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message, error.types);
  };
}

/** Props of a text input registered at `name`, with an optional input filter (digits only, yyyy-mm-dd). */
export function useFieldProps() {
  const { register } = useFormContext<ApplicationFormValues>();
  const errorOf = useFieldError();
  const lang = useLang();
  const filtered = (name: FormPath, filter?: (raw: string) => string) => {
    const reg = register(name);
    return {
      ...reg,
      error: errorOf(name),
      onChange: (e: ChangeEvent<HTMLInputElement>) => {
        if (filter) e.target.value = filter(e.target.value);
        return reg.onChange(e);
      },
    };
  };
  return {
    text: (name: FormPath) => filtered(name),
    // spec 2 §5: phone input is digits only
    phone: (name: FormPath) => ({ ...filtered(name, normalizePhoneInput), type: 'tel', inputMode: 'tel' as const }),
    // spec 2 §5 Date picker: typed as yyyy-mm-dd
    date: (name: FormPath) => ({ ...filtered(name, formatIsoDateInput), inputMode: 'numeric' as const, maxLength: 10 }),
    number: (name: FormPath) => ({ ...filtered(name, (raw) => raw.replace(/[^\d]/g, '')), inputMode: 'numeric' as const }),
    // spec 2 §5 currency input, issue 20 §1: the portal's amount field rules (money-input.ts): a keystroke keeps the
    // decimal comma and never cuts the amount; on blur a valid amount is written the language's way ("12,50")
    money: (name: FormPath) => {
      const props = filtered(name, filterAmountKeystroke);
      return {
        ...props,
        onBlur: (e: FocusEvent<HTMLInputElement>) => {
          const finished = finishAmountInput(e.target.value, lang);
          if (finished !== e.target.value) {
            e.target.value = finished;
            void props.onChange(e as unknown as ChangeEvent<HTMLInputElement>);
          }
          return props.onBlur(e);
        },
        inputMode: 'decimal' as const,
      };
    },
    errorOf,
  };
}
