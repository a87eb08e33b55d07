// Every amount field of the portal (issue 20 §1, spec 2 §5 "currency"): what the tenant types is read in their
// language by packages/domain's parseAmountInput ("12,50" is twelve fifty in French). A keystroke only loses letters;
// on blur a valid amount is written the language's way ("12,50" / "12.50"), and text the parser refuses stays as typed
// with the parser's message as the field's error (ambiguous "1,925" says how to write it). Limits and minimums are the
// form's messages: nothing rewrites the amount.
import { TextInput, type TextInputProps } from '@mantine/core';
import { filterAmountKeystroke, finishAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n';
import { useLang } from '../lib/locale';

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> {
  value: string;
  onChange: (text: string) => void;
  /** The form's own message (required, minimum, limit...), shown before the parser's. */
  error?: React.ReactNode;
  onBlur?: () => void;
}

export function AmountInput({ value, onChange, error, onBlur, ...rest }: AmountInputProps) {
  const { t } = useTranslation();
  const locale = useLang();
  const [blurred, setBlurred] = useState(false);
  const parsed = parseAmountInput(value, locale);
  // the parser's refusal shows once the tenant left the field (an empty field is the form's 'Required Field')
  const ownError = blurred && !parsed.ok && parsed.refusal !== 'empty' ? t(parsed.key, parsed.values) : undefined;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(e) => {
        setBlurred(false);
        onChange(filterAmountKeystroke(e.currentTarget.value));
      }}
      onBlur={(e) => {
        setBlurred(true);
        const finished = finishAmountInput(e.currentTarget.value, locale);
        if (finished !== e.currentTarget.value) onChange(finished);
        onBlur?.();
      }}
      error={error || ownError}
    />
  );
}
