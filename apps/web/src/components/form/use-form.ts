// The portal's one form state (issue 21 §3): values, the validation's errors, touched fields and the submit, for every
// form. A small hook rather than react-hook-form: the sign-in and account routes are first-paint routes and
// react-hook-form plus zod weigh ~45 KB gzip. Spec 2 §5: a field is validated on blur or on submit and shows its error
// only after a submit click while invalid, then its error follows the input; a refused submit focuses the first
// invalid field (focus-first-invalid.ts).
import type { MessageRef } from '@portal/domain/rule';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';

/** A field's message: a rule's (i18n key and values, as the domain's MessageRef) or a text the server wrote. */
export type FormMessage = { key: MessageRef['key'] | (string & {}); values?: MessageRef['values'] } | { serverText: string };
export type FormErrors<V> = Partial<Record<keyof V & string, FormMessage>>;
/** The form's check: the domain's validators (or a zod schema through zodErrors); a promise for rules loaded lazily. */
export type FormValidate<V> = (values: V) => FormErrors<V> | Promise<FormErrors<V>>;

export interface UseFormOptions<V> {
  initialValues: V | (() => V);
  validate: FormValidate<V>;
  /** Tried in order when no field is invalid after a refused submit (an alert, a radio). Module-level constant. */
  focusFallbacks?: readonly string[];
}

/** What an input needs from the form (FormInput and Dropdown take these props as they are). */
export interface FieldBinding<T> {
  name: string;
  value: T;
  onChange: (value: T) => void;
  /** Called 200 ms after a blur and after the autofill check (spec 2 §5). */
  onRevalidate: () => void;
  error: FormMessage | undefined;
}

const NO_FALLBACKS: readonly string[] = [];

const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

export function useForm<V extends object>({ initialValues, validate, focusFallbacks = NO_FALLBACKS }: UseFormOptions<V>) {
  type F = keyof V & string;
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef({ values, validate, run: 0, submitting: false });
  latest.current.validate = validate;
  const formRef = useRef<HTMLFormElement | null>(null);

  // the focus rule runs once the refused submit's errors are rendered (aria-invalid on the fields)
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current, focusFallbacks);
  }, [focusRequest, focusFallbacks]);

  /**
   * Runs the validation on the latest values, synchronously when the rules are (the errors follow each keystroke in
   * the same render); with rules that answer later, the newest run wins.
   */
  const revalidate = useCallback((): FormErrors<V> | Promise<FormErrors<V>> => {
    const run = ++latest.current.run;
    const found = latest.current.validate(latest.current.values);
    if (!(found instanceof Promise)) {
      setErrors(found);
      return found;
    }
    return found.then((answer) => {
      if (run === latest.current.run) setErrors(answer);
      return answer;
    });
  }, []);

  const setValues = useCallback(
    (next: V | ((current: V) => V)) => {
      const v = typeof next === 'function' ? (next as (current: V) => V)(latest.current.values) : next;
      latest.current.values = v;
      setValuesState(v);
      // after a submit attempt the errors follow the inputs (spec 2 §5)
      revalidate();
    },
    [revalidate],
  );

  const setValue = useCallback(
    <K extends F>(field: K, value: V[K]) => {
      setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
      setValues((v) => ({ ...v, [field]: value }));
    },
    [setValues],
  );

  /** A message for one field from outside the rules (a server's fieldError); it goes when the field changes. */
  const setFieldError = useCallback((field: F, message: FormMessage | undefined) => {
    setServerErrors((e) => ({ ...e, [field]: message }));
  }, []);

  /** Back to `next` (after a save): no attempt made, nothing shown. */
  const reset = useCallback((next: V) => {
    latest.current.values = next;
    latest.current.run++;
    setValuesState(next);
    setErrors({});
    setServerErrors({});
    setTouched({});
    setSubmitted(false);
  }, []);

  /** The message a field shows: the server's, else the rule's once a submit was attempted. */
  const error = (field: F): FormMessage | undefined => serverErrors[field] ?? (submitted ? errors[field] : undefined);

  const bind = <K extends F>(field: K): FieldBinding<V[K]> => ({
    name: field,
    value: values[field],
    onChange: (value: V[K]) => setValue(field, value),
    onRevalidate: () => {
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
      revalidate();
    },
    error: error(field),
  });

  /** Asks for the focus rule after a refusal decided outside the rules (a server's field errors). */
  const focusInvalid = useCallback(() => setFocusRequest((n) => n + 1), []);

  /**
   * The form's onSubmit: validates the latest values; refused, shows the errors and focuses the first invalid field;
   * else calls `onValid` (its promise keeps `submitting` true). `onInvalid` hears a refusal.
   */
  const handleSubmit =
    (onValid: (values: V) => void | Promise<void>, onInvalid?: (errors: FormErrors<V>) => void) =>
    (event?: FormEvent<HTMLFormElement>): Promise<void> => {
      event?.preventDefault();
      if (event) formRef.current = event.currentTarget;
      if (latest.current.submitting) return Promise.resolve();
      setSubmitted(true);
      const decide = async (found: FormErrors<V>) => {
        if (hasErrors(found)) {
          focusInvalid();
          onInvalid?.(found);
          return;
        }
        await onValid(latest.current.values);
      };
      const checked = revalidate();
      // synchronous rules refuse in the same event (no flash of a busy button); the save itself marks the form busy
      latest.current.submitting = true;
      setSubmitting(true);
      const done = () => {
        latest.current.submitting = false;
        setSubmitting(false);
      };
      if (!(checked instanceof Promise) && hasErrors(checked)) {
        done();
        void decide(checked);
        return Promise.resolve();
      }
      return Promise.resolve(checked).then(decide).finally(done);
    };

  return {
    values,
    setValue,
    setValues,
    /** The validation's current errors, shown or not (isValid, tests). */
    errors,
    error,
    touched,
    submitted,
    submitting,
    isValid: !hasErrors(errors),
    bind,
    revalidate,
    setFieldError,
    reset,
    handleSubmit,
    focusInvalid,
    /** Put on the <form> when the focus rule may run before a submit event gave the form (server refusals). */
    formRef,
  };
}

export type FormApi<V extends object> = ReturnType<typeof useForm<V>>;

/** The text of a message in the UI language. */
export function messageText(
  t: (key: string, values?: Record<string, unknown>) => string,
  message: FormMessage | undefined,
): string | undefined {
  if (!message) return undefined;
  return 'serverText' in message ? message.serverText : t(message.key, message.values);
}
