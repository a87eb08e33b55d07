// The account forms' rules (account-rules.ts) load on demand: on the first interaction with a form (focus, tap, key),
// or when a form validates or saves, whichever comes first. The first view needs none of them: the profile form
// validates on submit only (spec 2 §5) and the password form is empty, hence invalid, until typed into (issue 9: the
// account page's first load on a phone carried ~58 KB gzip of zod it did not run). Neither form validates at mount.
import { withChunkTimeout } from '../../../lib/lazy-chunk';

export type AccountRules = typeof import('./account-rules');

let loading: Promise<AccountRules> | null = null;

/** The rules, loading them once (a failed load is tried again on the next call). */
export function loadAccountRules(): Promise<AccountRules> {
  loading ??= withChunkTimeout(() => import('./account-rules')).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts loading the rules (a form's focus or tap handler: they are here by the time the user submits). */
export function preloadAccountRules(): void {
  void loadAccountRules().catch(() => undefined);
}
