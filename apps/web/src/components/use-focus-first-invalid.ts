import { type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * After a refused submit, moves focus to the form's first field in error, else to the first element matching the
 * `fallbacks` in order (an alert that says why, the first radio), so keyboard and screen-reader users land on what to
 * fix. `fallbacks` must be a module-level constant. Returns the function to call on each refusal.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, fallbacks: readonly string[]) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    const form = formRef.current;
    if (!form) return;
    for (const selector of ['[aria-invalid="true"]', ...fallbacks]) {
      const target = form.querySelector<HTMLElement>(selector);
      if (target) return target.focus();
    }
  }, [request, formRef, fallbacks]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
