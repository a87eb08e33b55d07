import { type RefObject, useCallback, useEffect, useState } from 'react';
import { focusFirstInvalid } from './form/focus-first-invalid';

/**
 * After a refused submit, applies the portal's one focus rule (form/focus-first-invalid.ts) once the errors are
 * rendered: the form's first field in error, else the first element matching the `fallbacks` in order (an alert that
 * says why, the first radio). `fallbacks` must be a module-level constant. Returns the function to call on each refusal.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, fallbacks: readonly string[]) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request === 0) return;
    focusFirstInvalid(formRef.current, fallbacks);
  }, [request, formRef, fallbacks]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
