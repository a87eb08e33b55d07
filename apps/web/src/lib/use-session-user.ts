// The signed-in user, re-rendering on sign-in and sign-out; shared by the guard (app/require-auth.tsx) and the features.
import { useSyncExternalStore } from 'react';
import { getSessionUser, getToken, type SessionUser, subscribeSession } from './session';

export function useSessionUser(): SessionUser | null {
  const token = useSyncExternalStore(subscribeSession, getToken, getToken);
  // token is the snapshot; recompute the user whenever it changes
  return token ? getSessionUser() : null;
}
