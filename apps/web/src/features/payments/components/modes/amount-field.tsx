// The amount of a payment mode (spec 2 §5 currency input; issue 20 §1: read in the tenant's language by the shared
// AmountInput). The typed value is not capped at the mode's own limit, so the limit's message can show (spec 1 §5).

import { MSG } from '@portal/domain/message-keys';
import type { MoneyLocale } from '@portal/domain/money';
import { amountInputCents, formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import type { MessageRef } from '@portal/domain/rule';
import type { ReactNode } from 'react';
import { AmountInput } from '../../../../components/amount-input';

/** An amount as the field starts with it, written the language's way ("12,50" / "12.50"); '' for none. */
export const amountText = (cents: number | null | undefined, locale: MoneyLocale): string =>
  cents != null && cents > 0 ? formatAmountInput(cents, locale) : '';

export const amountCentsOf = (text: string, locale: MoneyLocale): number | null => amountInputCents(text, locale);

/** The field's own refusal: the parser's (required, ambiguous, decimals...) or spec 2 §5's 'greater than 0'. */
export function amountRefusal(text: string, locale: MoneyLocale): MessageRef | null {
  const parsed = parseAmountInput(text, locale);
  if (!parsed.ok) return { key: parsed.key, values: parsed.values };
  return parsed.cents > 0 ? null : { key: MSG.currencyInvalid };
}

interface AmountFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  /** The currency shown after the amount (CAD, USD). */
  currency: string;
}

export function AmountField({ label, value, onChange, error, description, disabled, currency }: AmountFieldProps) {
  return (
    <AmountInput
      label={label}
      value={value}
      leftSection={<span aria-hidden="true">$</span>}
      rightSection={<span style={{ fontSize: 12, color: 'var(--mantine-color-dimmed)' }}>{currency}</span>}
      rightSectionWidth={44}
      onChange={onChange}
      error={error}
      description={description}
      disabled={disabled}
      required
    />
  );
}
