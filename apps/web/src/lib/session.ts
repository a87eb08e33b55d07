// The stored session: access token, what it says about the user, and the admin mimic lease id (spec 1 §4).
const TOKEN_KEY = 'access_token';
const MIMIC_KEY = 'mimic_lease_id';

export interface SessionRole {
  id: string;
  firstName: string;
  lastName: string;
  type: 'TYPE_CUSTOMER' | 'TYPE_ADMIN' | 'TYPE_MANAGER' | 'TYPE_LANDLORD';
}

export interface SessionUser extends SessionRole {
  accountType?: string | null;
  originType?: string | null;
  signupPage?: string | null;
  mimic?: { adminId: string; leaseId: string };
  /** Expiry, seconds since epoch. */
  exp: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function subscribeSession(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
const emit = () => {
  for (const fn of listeners) fn();
};

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(MIMIC_KEY);
  emit();
}

export function getMimicLeaseId(): string | null {
  return localStorage.getItem(MIMIC_KEY);
}

export function setMimicLeaseId(leaseId: string | null): void {
  if (leaseId) localStorage.setItem(MIMIC_KEY, leaseId);
  else localStorage.removeItem(MIMIC_KEY);
  emit();
}

/** Reads the JWT payload (no verification: the server verifies every call). */
export function decodeToken(token: string | null): SessionUser | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = decodeURIComponent(
      atob(part.replace(/-/g, '+').replace(/_/g, '/'))
        .split('')
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    );
    const payload = JSON.parse(json) as {
      sessionRole?: SessionRole;
      exp?: number;
      mimic?: SessionUser['mimic'];
      accountType?: string | null;
      originType?: string | null;
      signupPage?: string | null;
    };
    if (!payload.sessionRole?.id) return null;
    return {
      ...payload.sessionRole,
      exp: payload.exp ?? 0,
      mimic: payload.mimic,
      accountType: payload.accountType,
      originType: payload.originType,
      signupPage: payload.signupPage,
    };
  } catch {
    return null;
  }
}

export function getSessionUser(now = Date.now()): SessionUser | null {
  const user = decodeToken(getToken());
  if (!user || user.exp * 1000 <= now) return null;
  return user;
}

/** spec 1 §2: a token in the query string on load is stored and the address cleaned to its path. */
export function captureTokenFromUrl(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token') ?? url.searchParams.get('access_token');
  if (!token) return;
  setToken(token);
  url.searchParams.delete('token');
  url.searchParams.delete('access_token');
  const rest = url.searchParams.toString();
  window.history.replaceState(window.history.state, '', `${url.pathname}${rest ? `?${rest}` : ''}${url.hash}`);
}

/** spec 1 §4: mimic mode is on when a customer session has a stored mimic lease id. */
export function isMimicking(user: SessionUser | null = getSessionUser()): boolean {
  return !!user && user.type === 'TYPE_CUSTOMER' && !!getMimicLeaseId();
}
