// Small helpers the steps share: the error text of a field, the registered props of typed inputs.
import { normalizePhoneInput } from '@portal/domain/profile-fields';
import type { ChangeEvent } from 'react';
import { type FieldError, type FieldPath, get, useFormContext, useFormState } from 'react-hook-form';
import { formatIsoDateInput } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
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
    // currency: digits and one decimal separator, at most 2 decimals (spec 2 §5 currency input)
    money: (name: FormPath) => ({
      ...filtered(name, (raw) => {
        const cleaned = raw.replace(',', '.').replace(/[^\d.]/g, '');
        const [whole = '', ...rest] = cleaned.split('.');
        return rest.length === 0 ? whole.slice(0, 8) : `${whole.slice(0, 8)}.${rest.join('').slice(0, 2)}`;
      }),
      inputMode: 'decimal' as const,
    }),
    errorOf,
  };
}
