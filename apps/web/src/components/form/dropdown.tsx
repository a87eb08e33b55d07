// The portal's one dropdown (spec 1 §2 "Reusable dropdown", issue 21 §2): one of the spec's 16 types, its options in
// the UI's language (dropdown-options.ts). A native select: the platform's own keyboard and screen-reader behaviour,
// and on phones the system picker. Mantine's wrapper gives the label, aria-invalid and the error's aria-describedby;
// like every field (spec 2 §5) it is revalidated 200 ms after a blur and shows its error as the form decides.
import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { type ReactNode, type Ref, useEffect, useMemo, useRef } from 'react';
import { toLang, useTranslation } from '../../lib/i18n';
import { type DropdownOption, type DropdownType, dropdownOptions } from './dropdown-options';
import { BLUR_REVALIDATE_MS } from './form-input';
import { type FormMessage, messageText } from './use-form';

export interface DropdownProps
  extends Omit<NativeSelectProps, 'value' | 'onChange' | 'error' | 'label' | 'data' | 'required' | 'title' | 'ref'> {
  type: DropdownType;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  onRevalidate?: () => void;
  error?: FormMessage | ReactNode;
  /** The label. */
  title: ReactNode;
  required?: boolean;
  optional?: boolean;
  /** province: the country whose regions are listed. */
  country?: string | null;
  /** The labelled records of a data type (leases, properties, methods, charge codes, addresses, products, coins). */
  items?: readonly DropdownOption[];
  /** autoPaymentDate: the days offered, when not 1 to 31. */
  days?: readonly number[];
  /** A first empty option; true says the type's "Select…", a string says its own text. */
  placeholder?: boolean | string;
  /** The placeholder is not a choice. */
  placeholderDisabled?: boolean;
  selectRef?: Ref<HTMLSelectElement>;
}

const isMessage = (e: unknown): e is FormMessage =>
  typeof e === 'object' && e !== null && ('key' in e || 'serverText' in e) && !('$$typeof' in e);

export function Dropdown({
  type,
  value,
  onChange,
  onRevalidate,
  error,
  title,
  required = false,
  optional = false,
  country,
  items,
  days,
  placeholder,
  placeholderDisabled,
  selectRef,
  onBlur,
  ...rest
}: DropdownProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const revalidate = useRef(onRevalidate);
  revalidate.current = onRevalidate;
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const isRequired = required && !optional;
  // the country list has ~250 options: built once per type, language and inputs, not on every keystroke of the form
  // biome-ignore lint/correctness/useExhaustiveDependencies: t follows lang
  const data = useMemo(
    () => dropdownOptions(type, { lang, t, country, items, days, placeholder, placeholderDisabled }),
    [type, lang, country, items, days, placeholder, placeholderDisabled],
  );
  return (
    <NativeSelect
      ref={selectRef}
      label={title}
      withAsterisk={isRequired}
      aria-required={isRequired || undefined}
      data-dropdown-type={type}
      {...rest}
      data={data}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        onBlur?.(e);
        clearTimeout(blurTimer.current);
        blurTimer.current = setTimeout(() => revalidate.current?.(), BLUR_REVALIDATE_MS);
      }}
      error={(isMessage(error) ? messageText(t, error) : error) || undefined}
    />
  );
}
