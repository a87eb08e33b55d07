// The portal's one form state (issue 21 §3): values, the validation's errors, touched fields and the submit, for every
// form. A small hook rather than react-hook-form: the sign-in and account routes are first-paint routes and
// react-hook-form plus zod weigh ~45 KB gzip. Spec 2 §5: a field is validated on blur or on submit and shows its error
// only after a submit click while invalid, then its error follows the input; a refused submit focuses the first
// invalid field (focus-first-invalid.ts). A field may hold a list of items (a lease's recurring charge lines): each
// item's field has its path ('charges.1.amount', as the server's fieldErrors name it) for its message and its focus.
import type { MessageRef } from '@portal/domain/rule';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from './focus-first-invalid';

/** A field's message: a rule's (i18n key and values, as the domain's MessageRef) or a text the server wrote. */
export type FormMessage = { key: MessageRef['key'] | (string & {}); values?: MessageRef['values'] } | { serverText: string };
type ItemOf<T> = T extends readonly (infer E)[] ? E : never;
/** The fields whose value is a list of items (objects): a lease's charge lines, a company's charge codes. */
export type ListField<V> = { [K in keyof V & string]: V[K] extends readonly object[] ? K : never }[keyof V & string];
/** An item's field by its path, 'charges.1.amount': the path of its message, its input's name and the server's field. */
export type ItemPath<V> = { [K in ListField<V>]: `${K}.${number}.${keyof ItemOf<V[K]> & string}` }[ListField<V>];
/** What a message is about: a field, or a field of a list's item. */
export type FormPath<V> = (keyof V & string) | ItemPath<V>;
export type FormErrors<V> = Partial<Record<FormPath<V>, FormMessage>>;
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
let nextItemKey = 0;
const newItemKey = () => `item-${++nextItemKey}`;

/** `errors` without the messages of `field` and of its items (the field's value was replaced). */
function withoutField<E extends Record<string, unknown>>(errors: E, field: string): E {
  const prefix = `${field}.`;
  if (!Object.keys(errors).some((k) => k === field || k.startsWith(prefix))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field && !k.startsWith(prefix))) as E;
}

/** `errors` after the item `index` of `field` went: its messages go, the later items' move up with their item. */
function afterRemoval<E extends Record<string, unknown>>(errors: E, field: string, index: number): E {
  const prefix = `${field}.`;
  const moved: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(errors)) {
    // the list's own message (too many, at least one) is about the list as it was
    if (key === field) continue;
    if (!key.startsWith(prefix)) {
      moved[key] = message;
      continue;
    }
    const [at = '', ...rest] = key.slice(prefix.length).split('.');
    const n = Number(at);
    if (n !== index) moved[[field, n > index ? n - 1 : n, ...rest].join('.')] = message;
  }
  return moved as E;
}

export function useForm<V extends object>({ initialValues, validate, focusFallbacks = NO_FALLBACKS }: UseFormOptions<V>) {
  type F = keyof V & string;
  type P = FormPath<V>;
  const [values, setValuesState] = useState<V>(initialValues);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors<V>>({});
  const [touched, setTouched] = useState<Partial<Record<P, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef({ values, validate, run: 0, submitting: false });
  latest.current.validate = validate;
  const formRef = useRef<HTMLFormElement | null>(null);
  // the items' keys by list field (stable across removals, for React)
  const itemKeys = useRef(new Map<string, string[]>());

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
      setServerErrors((e) => withoutField(e, field));
      setValues((v) => ({ ...v, [field]: value }));
    },
    [setValues],
  );

  /** A message for one field (or item's field) from outside the rules (a server's fieldError); it goes when it changes. */
  const setFieldError = useCallback((field: P, message: FormMessage | undefined) => {
    setServerErrors((e) => ({ ...e, [field]: message }));
  }, []);

  /** Back to `next` (after a save; none: the values as they are now): no attempt made, nothing shown. */
  const reset = useCallback((next?: V) => {
    if (next !== undefined) {
      latest.current.values = next;
      setValuesState(next);
    }
    latest.current.run++;
    setErrors({});
    setServerErrors({});
    setTouched({});
    setSubmitted(false);
  }, []);

  /** The message a field (or an item's field) shows: the server's, else the rule's once a submit was attempted. */
  const error = (field: P): FormMessage | undefined => serverErrors[field] ?? (submitted ? errors[field] : undefined);

  /** Every message shown now, by path (the server's over the rule's): what a summary counts. */
  const shownErrors: FormErrors<V> = { ...(submitted ? errors : {}), ...serverErrors };
  for (const key of Object.keys(shownErrors) as P[]) if (!shownErrors[key]) delete shownErrors[key];

  const touch = useCallback(
    (path: P) => {
      setTouched((t) => (t[path] ? t : { ...t, [path]: true }));
      revalidate();
    },
    [revalidate],
  );

  const bind = <K extends F>(field: K): FieldBinding<V[K]> => ({
    name: field,
    value: values[field],
    onChange: (value: V[K]) => setValue(field, value),
    onRevalidate: () => touch(field),
    error: error(field),
  });

  const keysOf = (field: string, length: number): string[] => {
    let keys = itemKeys.current.get(field);
    if (!keys || keys.length !== length) {
      keys = Array.from({ length }, (_, i) => keys?.[i] ?? newItemKey());
      itemKeys.current.set(field, keys);
    }
    return keys;
  };

  /**
   * A field holding a list of items: its items and their React keys, appending, removing and updating an item, and an
   * item's field as an input binding (named by its path, 'charges.1.amount', with that path's message).
   */
  const list = <K extends ListField<V>>(field: K) => {
    type Item = ItemOf<V[K]>;
    const current = () => latest.current.values[field] as unknown as readonly Item[];
    const items = values[field] as unknown as readonly Item[];
    const write = (next: readonly Item[]) => setValues((v) => ({ ...v, [field]: next }));
    const update = (index: number, patch: Partial<Item>) => {
      setServerErrors((e) => {
        const cleared = Object.keys(patch).map((prop) => `${field}.${index}.${prop}`);
        if (!cleared.some((p) => p in e)) return e;
        return Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))) as FormErrors<V>;
      });
      write(current().map((item, i) => (i === index ? ({ ...(item as object), ...patch } as Item) : item)));
    };
    return {
      items,
      keys: keysOf(field, items.length),
      append: (item: Item) => {
        const now = current();
        itemKeys.current.set(field, [...keysOf(field, now.length), newItemKey()]);
        // the list's own message (too many, at least one) was about the list before the change
        setServerErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
        write([...now, item]);
      },
      remove: (index: number) => {
        const now = current();
        itemKeys.current.set(
          field,
          keysOf(field, now.length).filter((_, i) => i !== index),
        );
        // the server's messages of later items move up with their item
        setServerErrors((e) => afterRemoval(e, field, index));
        setTouched((t) => afterRemoval(t, field, index));
        write(now.filter((_, i) => i !== index));
      },
      update,
      bind: <Q extends keyof Item & string>(index: number, prop: Q): FieldBinding<Item[Q]> => {
        const path = `${field}.${index}.${prop}` as P;
        return {
          name: path,
          value: items[index]?.[prop] as Item[Q],
          onChange: (value: Item[Q]) => update(index, { [prop]: value } as unknown as Partial<Item>),
          onRevalidate: () => touch(path),
          error: error(path),
        };
      },
    };
  };

  /** Asks for the focus rule after a refusal decided outside the rules (a server's field errors). */
  const focusInvalid = useCallback(() => setFocusRequest((n) => n + 1), []);

  /**
   * A server's refusal naming fields (a 400's fieldErrors): each message shows on the field `pathOf` maps the server's
   * name to (null: the form has no such field), and the focus rule runs. Answers the messages no field shows (for an
   * alert).
   */
  const showServerErrors = useCallback(
    (fieldErrors: readonly { field: string; message: string }[], pathOf: (field: string) => P | null): string[] => {
      const placed: Record<string, FormMessage> = {};
      const unplaced: string[] = [];
      for (const f of fieldErrors) {
        const path = pathOf(f.field);
        if (path) placed[path] ??= { serverText: f.message };
        else unplaced.push(f.message);
      }
      setServerErrors((e) => ({ ...e, ...placed }));
      focusInvalid();
      return unplaced;
    },
    [focusInvalid],
  );

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
    shownErrors,
    touched,
    submitted,
    submitting,
    isValid: !hasErrors(errors),
    bind,
    list,
    revalidate,
    setFieldError,
    showServerErrors,
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
