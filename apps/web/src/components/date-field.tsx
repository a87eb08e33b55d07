// The console's date field (issue 23 Standards "dates as the spec says"): the spec's date picker takes yyyy-mm-dd
// (spec 2 §5 "Date picker: Placeholder: yyyy-mm-dd"), as the tenant's screens do, so a French user is never shown a
// browser's mm/dd/yyyy (a native <input type="date"> follows the browser's locale, not the portal's language). The
// placeholder is the language's (aaaa-mm-jj), the date typed is spelled back as the portal shows dates (DD-MMM-YYYY,
// spec 2 §4: 15-janv-2026), ArrowUp/ArrowDown move a day as a native date input does, and the value stays ISO
// YYYY-MM-DD, as the API takes it.
import { addDays, isValidIsoDate } from '@portal/domain/dates';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { formatDate, formatIsoDateInput } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { useLang } from '../lib/locale';
import { FormInput, type FormInputProps } from './form/form-input';
import { type FormMessage, messageText } from './form/use-form';

export interface DateFieldProps extends Omit<FormInputProps, 'type' | 'normalize' | 'limit' | 'placeholder' | 'inputMode'> {
  /** The earliest date taken (YYYY-MM-DD): with `checkOnBlur`, an earlier one is refused on leaving the field. */
  min?: string;
  /** Called with the date once it is a whole valid date, or '' once the field is emptied (e.g. a filter applies then). */
  onDateChange?: (date: string) => void;
  /**
   * A field outside a form (a filter): an impossible date, or one before `min`, is refused once the field is left. In a
   * form, the form's rules speak, after a submit attempt (spec 2 §5), through `error`.
   */
  checkOnBlur?: boolean;
}

/** What the typed text is: empty, a whole valid date, or not (yet) a date. */
export function dateFieldState(text: string): 'empty' | 'date' | 'invalid' {
  if (text === '') return 'empty';
  return isValidIsoDate(text) ? 'date' : 'invalid';
}

export function DateField({
  value,
  onChange,
  onDateChange,
  checkOnBlur = false,
  min,
  error,
  description,
  onBlur,
  onKeyDown,
  autoComplete = 'off',
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const lang = useLang();
  // the field's own refusal, shown once the person leaves the field (the form's `error` wins when given)
  const [left, setLeft] = useState(false);
  const state = dateFieldState(value);

  const change = (text: string) => {
    onChange(text);
    const next = dateFieldState(text);
    if (next === 'invalid') return;
    onDateChange?.(text);
    setLeft(false);
  };

  const ownError: FormMessage | null =
    !checkOnBlur || !left || state === 'empty'
      ? null
      : state === 'invalid'
        ? { key: 'validation.date.invalid' }
        : min && isValidIsoDate(min) && value < min
          ? { key: 'common.dateField.beforeMin', values: { min: formatDate(min, lang) } }
          : null;
  const shown: FormMessage | ReactNode = error ? error : ownError ? messageText(t, ownError) : undefined;

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    if (state !== 'date') return;
    e.preventDefault();
    change(addDays(value, e.key === 'ArrowUp' ? 1 : -1));
  };

  // spelled back in the portal's date format, so "2026-01-15" is confirmed as 15-janv-2026 (read with the field)
  const spelled = state === 'date' ? t('common.dateField.reads', { date: formatDate(value, lang) }) : null;
  const hint = t('common.dateField.hint', { pattern: t('common.datePlaceholder') });

  return (
    <FormInput
      {...rest}
      value={value}
      onChange={change}
      normalize={formatIsoDateInput}
      placeholder={t('common.datePlaceholder')}
      inputMode="numeric"
      // off by default (a browser's past entries are not dates as typed); a birth date keeps autofill's "bday"
      autoComplete={autoComplete}
      limit={10}
      description={
        <>
          {description ? <>{description} </> : null}
          {spelled ?? hint}
        </>
      }
      error={shown}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
      onKeyDown={keyDown}
    />
  );
}
