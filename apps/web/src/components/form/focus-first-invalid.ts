// The portal's one focus rule (issue 21 §3): after a refused submit, focus goes to the form's first field in error in
// DOM order (aria-invalid="true"), else to the first element matching a fallback (an alert that says why, a radio).

/** Focuses the first invalid field inside `root`, else the first match of `fallbacks` in order; true when focused. */
export function focusFirstInvalid(root: ParentNode | null | undefined, fallbacks: readonly string[] = []): boolean {
  if (!root) return false;
  for (const selector of ['[aria-invalid="true"]', ...fallbacks]) {
    const target = root.querySelector<HTMLElement>(selector);
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}
