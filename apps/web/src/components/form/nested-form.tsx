// The one form state for a form of nested values (issue 21 §3): the multi-step application (spec 2 §2/§3) holds lists
// of entries (addresses, occupants, references) and groups, addressed by dotted paths ('addresses.0.city') that are
// also the paths of the domain's issues and the server's fieldErrors. The same rules as useForm (spec 2 §5): errors
// hidden until a submit attempt, then they follow each change; a refused submit focuses the first invalid field
// (focus-first-invalid.ts). A context lets the form's parts (the steps) share the one state.
import {
  createContext,
  type FormEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { focusFirstInvalid } from './focus-first-invalid';
import type { FormMessage } from './use-form';

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date;
type SubPaths<K extends string, T> = T extends Leaf ? never : `${K}.${PathsOf<T>}`;
type PathsOf<T> = T extends Leaf
  ? never
  : T extends readonly (infer E)[]
    ? `${number}` | SubPaths<`${number}`, E>
    : { [K in keyof T & string]: K | SubPaths<K, T[K]> }[keyof T & string];
type At<T, K extends string> = T extends readonly (infer E)[]
  ? K extends `${number}`
    ? E
    : never
  : K extends keyof T
    ? T[K]
    : never;

/** Every dotted path of V: 'email', 'addresses', 'addresses.0', 'addresses.0.city', 'customFields.<id>'. */
export type FieldPath<V> = PathsOf<V>;
/** The value at a path. */
export type PathValue<V, P extends string> = P extends `${infer H}.${infer R}` ? PathValue<At<V, H>, R> : At<V, P>;
/** The paths whose value is a list of entries. */
export type ListPath<V> = { [P in FieldPath<V>]: PathValue<V, P> extends readonly unknown[] ? P : never }[FieldPath<V>];
/** A field's message by its dotted path (the first one found for a path wins). */
export type PathErrors = Partial<Record<string, FormMessage>>;

/** The value at a dotted path ('' parts of a missing branch give undefined). */
export function getAt(values: unknown, path: string): unknown {
  let node = values;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A copy of `values` with `value` at the dotted path (only the branch on the path is copied). */
export function setAt<T>(values: T, path: string, value: unknown): T {
  const [head = '', ...rest] = path.split('.');
  const node = (values ?? {}) as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : setAt(Array.isArray(node) ? node[Number(head)] : node[head], rest.join('.'), value);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...node, [head]: next } as T;
}

export interface UseNestedFormOptions<V> {
  initialValues: V | (() => V);
  /** The form's check on the latest values: messages by dotted path. */
  validate: (values: V) => PathErrors;
  /** Tried in order when no field is invalid after a refusal (a list's error, an alert). Module-level constant. */
  focusFallbacks?: readonly string[];
}

const NO_FALLBACKS: readonly string[] = [];
const hasErrors = (errors: PathErrors) => Object.values(errors).some(Boolean);
let nextKey = 0;
const newKey = () => `entry-${++nextKey}`;

export function useNestedForm<V extends object>({
  initialValues,
  validate,
  focusFallbacks = NO_FALLBACKS,
}: UseNestedFormOptions<V>) {
  const [values, setValuesState] = useState<V>(initialValues);
  const [saved, setSaved] = useState<V>(values);
  const [errors, setErrors] = useState<PathErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const latest = useRef({ values, validate, submitted });
  latest.current.validate = validate;
  // the lists' entry keys (stable across removals, for React), by list path
  const listKeys = useRef(new Map<string, string[]>());
  const formRef = useRef<HTMLFormElement | null>(null);

  // the focus rule runs once the refusal's errors are rendered (aria-invalid on the fields)
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current, focusFallbacks);
  }, [focusRequest, focusFallbacks]);

  const markSubmitted = useCallback((value: boolean) => {
    latest.current.submitted = value;
    setSubmitted(value);
  }, []);

  const commit = useCallback((next: V) => {
    latest.current.values = next;
    setValuesState(next);
    // after a submit attempt the errors follow the inputs (spec 2 §5)
    if (latest.current.submitted) setErrors(latest.current.validate(next));
  }, []);

  const setValue = useCallback(
    <P extends FieldPath<V>>(path: P, value: PathValue<V, P>) => commit(setAt(latest.current.values, path, value)),
    [commit],
  );

  const getValue = <P extends FieldPath<V>>(path: P) => getAt(values, path) as PathValue<V, P>;

  /** The message a field shows, if any. */
  const error = (path: string): FormMessage | undefined => errors[path];

  const keysOf = (path: string, length: number): string[] => {
    let keys = listKeys.current.get(path);
    if (!keys || keys.length !== length) {
      keys = Array.from({ length }, (_, i) => keys?.[i] ?? newKey());
      listKeys.current.set(path, keys);
    }
    return keys;
  };

  /** A repeatable list: its entries' keys, and adding or removing an entry. */
  const list = <P extends ListPath<V>>(path: P) => {
    const entries = (getAt(values, path) ?? []) as readonly unknown[];
    type Entry = PathValue<V, P> extends readonly (infer E)[] ? E : never;
    return {
      keys: keysOf(path, entries.length),
      append: (entry: Entry) => {
        const current = (getAt(latest.current.values, path) ?? []) as readonly unknown[];
        listKeys.current.set(path, [...keysOf(path, current.length), newKey()]);
        commit(setAt(latest.current.values, path, [...current, entry]));
      },
      remove: (index: number) => {
        const current = (getAt(latest.current.values, path) ?? []) as readonly unknown[];
        listKeys.current.set(
          path,
          keysOf(path, current.length).filter((_, i) => i !== index),
        );
        // shown messages of later entries move up with their entry
        const prefix = `${path}.`;
        setErrors((shown) => {
          const moved: PathErrors = {};
          for (const [key, message] of Object.entries(shown)) {
            if (!key.startsWith(prefix)) {
              moved[key] = message;
              continue;
            }
            const [at = '', ...rest] = key.slice(prefix.length).split('.');
            const n = Number(at);
            if (n !== index) moved[[path, n > index ? n - 1 : n, ...rest].join('.')] = message;
          }
          return moved;
        });
        commit(
          setAt(
            latest.current.values,
            path,
            current.filter((_, i) => i !== index),
          ),
        );
      },
    };
  };

  /** Asks for the focus rule (after a refusal decided outside `validate`, e.g. a server's field errors). */
  const focusInvalid = useCallback(() => setFocusRequest((n) => n + 1), []);

  /** Shows `shown` (a server's fieldErrors, another step's issues) and nothing else; hidden again by the next reset. */
  const showErrors = useCallback(
    (shown: PathErrors) => {
      markSubmitted(false);
      setErrors(shown);
    },
    [markSubmitted],
  );

  /**
   * The values were saved as `next`: they become the unchanged state (isDirty compares with them), no attempt made,
   * nothing shown. `keepValues` keeps what the inputs hold now (typed while the save ran).
   */
  const reset = useCallback(
    (next: V, options: { keepValues?: boolean } = {}) => {
      setSaved(next);
      if (!options.keepValues) {
        latest.current.values = next;
        setValuesState(next);
      }
      markSubmitted(false);
      setErrors({});
    },
    [markSubmitted],
  );

  /** The form's onSubmit: validates the latest values; refused, shows the errors and focuses the first invalid field. */
  const handleSubmit =
    (onValid: (values: V) => void | Promise<void>, onInvalid?: (errors: PathErrors) => void) =>
    async (event?: FormEvent<HTMLFormElement>): Promise<void> => {
      event?.preventDefault();
      if (event) formRef.current = event.currentTarget;
      markSubmitted(true);
      const found = latest.current.validate(latest.current.values);
      setErrors(found);
      if (hasErrors(found)) {
        focusInvalid();
        onInvalid?.(found);
        return;
      }
      await onValid(latest.current.values);
    };

  const isDirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(saved), [values, saved]);

  return {
    values,
    getValues: () => latest.current.values,
    getValue,
    setValue,
    errors,
    error,
    submitted,
    isDirty,
    list,
    showErrors,
    reset,
    handleSubmit,
    focusInvalid,
    /** Put on the <form>: the focus rule looks for the invalid field inside it. */
    formRef,
  };
}

export type NestedForm<V extends object> = ReturnType<typeof useNestedForm<V>>;

const NestedFormContext = createContext<unknown>(null);

/** Shares one form state with the form's parts (each step of a multi-step form). */
export function NestedFormProvider<V extends object>({ form, children }: { form: NestedForm<V>; children: ReactNode }) {
  return <NestedFormContext.Provider value={form}>{children}</NestedFormContext.Provider>;
}

/** The form state of the nearest NestedFormProvider (V is the provider's values type). */
export function useNestedFormContext<V extends object>(): NestedForm<V> {
  const form = useContext(NestedFormContext);
  if (!form) throw new Error('useNestedFormContext needs a NestedFormProvider');
  return form as NestedForm<V>;
}
