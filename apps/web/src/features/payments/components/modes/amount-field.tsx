// The amount of a payment mode (spec 2 §5 currency input): digits and one '.', 2 decimals; on blur 2 decimals. The
// typed value is not capped at the mode's own limit, so the limit's message can show (spec 1 §5).
import { TextInput } from '@mantine/core';
import { currencyInputToCents, finalizeCurrencyInput, normalizeCurrencyInput } from '@portal/domain/input-fields';
import { centsToDecimalString } from '@portal/domain/money';
import { OVERPAYMENT_LIMIT_CENTS } from '@portal/domain/payment-amounts';
import type { ReactNode } from 'react';

export const amountText = (cents: number | null | undefined): string =>
  cents != null && cents > 0 ? centsToDecimalString(cents) : '';

export const amountCentsOf = (text: string): number | null => currencyInputToCents(text);

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** The currency shown before the amount (CAD, USD). */
  currency: string;
}

export function AmountField({ label, value, onChange, error, description, disabled, currency }: AmountFieldProps) {
  return (
    <TextInput
      label={label}
      value={value}
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden="true">$</span>}
      rightSection={<span style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)' }}>{currency}</span>}
      rightSectionWidth={44}
      onChange={(e) => onChange(normalizeCurrencyInput(e.currentTarget.value, OVERPAYMENT_LIMIT_CENTS))}
      onBlur={() => onChange(finalizeCurrencyInput(value, OVERPAYMENT_LIMIT_CENTS))}
      error={error}
      description={description}
      disabled={disabled}
      required
    />
  );
}
