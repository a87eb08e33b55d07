// The portal's one text input (spec 2 §5 "Input-field rules", issue 21 §2): the field props of the spec (type, limit,
// optional, required, title, tooltip, address country, disabled, readonly), what a keystroke becomes (`normalize`),
// the autofill check 500 ms after mount (a value the browser filled in without a change event is read into the form
// and validated) and the revalidation 200 ms after a blur. Mantine's input gives the label, aria-invalid and the
// aria-describedby of the description and the error.
import { PasswordInput, TextInput, type TextInputProps } from '@mantine/core';
import { type ChangeEvent, type FocusEvent, type ReactNode, type Ref, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Tooltip } from '../tooltip';
import { type FormMessage, messageText } from './use-form';

/** spec 2 §5: the check of a browser's autofill runs this long after the field mounts. */
export const AUTOFILL_CHECK_MS = 500;
/** spec 2 §5: a field is revalidated this long after it loses focus. */
export const BLUR_REVALIDATE_MS = 200;

/** spec 2 §5 field types: each sets the keyboard, the browser's autofill hint and the HTML type. */
export type FormInputType =
  | 'default'
  | 'email'
  | 'password'
  | 'newPassword'
  | 'phone'
  | 'name'
  | 'cardNumber'
  | 'cardExpiry'
  | 'cvv'
  | 'cardName'
  | 'postalCode'
  | 'bankAccount'
  | 'digits'
  | 'city'
  | 'street';
// no 'date' type: a native date input shows the browser's locale (mm/dd/yyyy), not spec 2 §4's; dates use DateField

interface TypeTraits {
  htmlType?: 'email' | 'tel' | 'text';
  inputMode?: TextInputProps['inputMode'];
  autoComplete?: string;
}

const TRAITS: Record<FormInputType, TypeTraits> = {
  default: {},
  email: { htmlType: 'email', inputMode: 'email', autoComplete: 'email' },
  password: { autoComplete: 'current-password' },
  newPassword: { autoComplete: 'new-password' },
  phone: { htmlType: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  name: {},
  cardNumber: { inputMode: 'numeric', autoComplete: 'cc-number' },
  cardExpiry: { inputMode: 'numeric', autoComplete: 'cc-exp' },
  cvv: { inputMode: 'numeric', autoComplete: 'cc-csc' },
  cardName: { autoComplete: 'cc-name' },
  postalCode: { autoComplete: 'postal-code' },
  bankAccount: { inputMode: 'numeric', autoComplete: 'off' },
  digits: { inputMode: 'numeric', autoComplete: 'off' },
  city: { autoComplete: 'address-level2' },
  street: {},
};

export interface FormInputProps
  extends Omit<
    TextInputProps,
    'type' | 'value' | 'onChange' | 'error' | 'label' | 'required' | 'title' | 'ref' | 'vars' | 'classNames' | 'styles'
  > {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The form's revalidation (useForm's bind gives it): 200 ms after a blur and after the autofill check. */
  onRevalidate?: () => void;
  /** The form's message for the field, shown as given (useForm shows it only after a submit attempt). */
  error?: FormMessage | ReactNode;
  /** spec 2 §5 "type". */
  type?: FormInputType;
  /** spec 2 §5 "limit": the most characters the field takes. */
  limit?: number;
  /** spec 2 §5 "required flag": the asterisk and aria-required. */
  required?: boolean;
  /** spec 2 §5 "optional": never required (no asterisk, not aria-required), whatever `required` says. */
  optional?: boolean;
  /** spec 2 §5 "title": the label. */
  title: ReactNode;
  /** spec 2 §5 "tooltip": more about the field, behind an info button beside the description. */
  tooltip?: string;
  /** spec 2 §5 "address country": postal fields follow it (`normalize` is called with it). */
  addressCountry?: string;
  /** What a keystroke (and an autofilled value) becomes, e.g. the domain's normalizers. */
  normalize?: (raw: string, addressCountry?: string) => string;
  inputRef?: Ref<HTMLInputElement>;
  /** password types: the name of the show/hide button. */
  passwordToggleLabel?: string;
}

const isMessage = (e: unknown): e is FormMessage =>
  typeof e === 'object' && e !== null && ('key' in e || 'serverText' in e) && !('$$typeof' in e);

export function FormInput({
  name,
  value,
  onChange,
  onRevalidate,
  error,
  type = 'default',
  limit,
  required = false,
  optional = false,
  title,
  tooltip,
  addressCountry,
  normalize,
  inputRef,
  passwordToggleLabel,
  description,
  onBlur,
  readOnly,
  ...rest
}: FormInputProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLInputElement | null>(null);
  const latest = useRef({ value, onChange, onRevalidate, normalize, addressCountry });
  latest.current = { value, onChange, onRevalidate, normalize, addressCountry };
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setRefs = useCallback(
    (el: HTMLInputElement | null) => {
      ownRef.current = el;
      if (typeof inputRef === 'function') inputRef(el);
      else if (inputRef) inputRef.current = el;
    },
    [inputRef],
  );

  const limitRef = useRef(limit);
  limitRef.current = limit;
  const accept = useCallback((raw: string) => {
    const { normalize: norm, addressCountry: country, onChange: change } = latest.current;
    const max = limitRef.current;
    change(norm ? norm(raw, country) : max ? raw.slice(0, max) : raw);
  }, []);

  // spec 2 §5: 500 ms after mount, a value the browser autofilled (no change event reached React) joins the form
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = ownRef.current;
      if (!el) return;
      if (el.value === latest.current.value) return;
      accept(el.value);
      latest.current.onRevalidate?.();
    }, AUTOFILL_CHECK_MS);
    return () => clearTimeout(timer);
  }, [accept]);

  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const isRequired = required && !optional;
  const traits = TRAITS[type];
  const shownError = isMessage(error) ? messageText(t, error) : error;
  const isPassword = type === 'password' || type === 'newPassword';

  const info = tooltip ? (
    <Tooltip label={tooltip} align="start" width={260}>
      {(trigger) => (
        <button
          type="button"
          className="form-input-info"
          aria-label={t('common.form.moreAbout', { field: String(title) })}
          {...trigger}
        >
          ⓘ
        </button>
      )}
    </Tooltip>
  ) : null;

  const wrapped = info ? (
    <>
      {description} {info}
    </>
  ) : (
    description
  );
  const common = {
    ref: setRefs,
    name,
    label: title,
    inputMode: traits.inputMode,
    autoComplete: traits.autoComplete,
    maxLength: limit,
    withAsterisk: isRequired,
    'aria-required': isRequired || undefined,
    readOnly,
    description: wrapped,
    ...rest,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => accept(e.currentTarget.value),
    onBlur: (e: FocusEvent<HTMLInputElement>) => {
      onBlur?.(e);
      // spec 2 §5: revalidation 200 ms after the field is left
      clearTimeout(blurTimer.current);
      blurTimer.current = setTimeout(() => latest.current.onRevalidate?.(), BLUR_REVALIDATE_MS);
    },
    error: shownError || undefined,
    // PasswordInput leaves aria-invalid off its input: set for every type, the focus rule and assistive tech read it
    'aria-invalid': shownError ? true : undefined,
  };
  if (isPassword) {
    return <PasswordInput {...common} visibilityToggleButtonProps={{ 'aria-label': passwordToggleLabel }} />;
  }
  return <TextInput {...common} type={traits.htmlType} />;
}
