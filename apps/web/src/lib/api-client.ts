// The one fetch wrapper: bearer token, 429 retry (spec 1 §9), error envelope, expired tokens and failed refreshes →
// /logout (spec 1 §8).
import { canRetry429, retry429DelayMs } from '@portal/domain/constants';
import type { ServerAnswer } from '@portal/domain/errors';
import { clearSession, decodeToken, getToken, setToken } from './session';

export interface FieldError {
  field: string;
  errorCode?: string;
  message: string;
  fieldValue?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly fieldErrors: FieldError[];
  /** Seconds to wait before trying again (Retry-After of a 429, or of a 503 while the database is away), when said. */
  readonly retryAfter: number | null;
  constructor(
    status: number,
    errorCode: string,
    message: string,
    fieldErrors: FieldError[] = [],
    retryAfter: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.fieldErrors = fieldErrors;
    this.retryAfter = retryAfter;
  }
}

/** The error envelope of a failed call as the domain's error rules read it (nothing for a network failure). */
export function answerOf(err: unknown): ServerAnswer {
  return err instanceof ApiError ? { errorCode: err.errorCode, message: err.message, fieldErrors: err.fieldErrors } : {};
}

const TOKEN_ERRORS = ['Access token expired', 'Access token invalid'];
const REFRESH_BEFORE_MS = 5 * 60 * 1000;

let onSessionEnded: () => void = () => {
  if (window.location.pathname !== '/logout') window.location.assign('/logout');
};
/** The router installs a navigate-based handler so leaving does not reload the page. */
export function setSessionEndedHandler(fn: () => void): void {
  onSessionEnded = fn;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The header a confirmed call carries while an admin views the portal as a tenant (issue 20 §2). */
export const ACT_AS_TENANT_HEADER = 'x-act-as-tenant';
let confirmActingAsTenant: (() => Promise<boolean>) | null = null;
/**
 * The shell installs, while an admin views as a tenant, the question asked when the server wants an explicit
 * confirmation before moving the tenant's money (428 RM_ERROR_CONFIRMATION_REQUIRED): confirmed, the same call is sent
 * again with the confirmation; declined, the call fails with the server's message. Null removes it.
 */
export function setActingAsTenantConfirmer(fn: (() => Promise<boolean>) | null): void {
  confirmActingAsTenant = fn;
}

/** Retry-After is either delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Basic credentials instead of the bearer token (sign-in). */
  basicAuth?: { email: string; password: string };
  /** Answer as a Blob (downloads). */
  asBlob?: boolean;
  /** Answer as `{ blob, name }`, the name from the content-disposition header (lib/download.ts). */
  asFile?: boolean;
  /** Skip the proactive token refresh (used by the refresh call itself). */
  noRefresh?: boolean;
}

/** Ends the signed-in state here and leaves for /logout (spec 1 §8). */
function endSession(): void {
  clearSession();
  onSessionEnded();
}

let refreshing: Promise<boolean> | null = null;
/** Renews a token that is about to expire; false when the refresh failed and the session has ended. */
async function refreshIfNeeded(): Promise<boolean> {
  const token = getToken();
  const user = decodeToken(token);
  if (!token || !user) return true;
  if (user.exp * 1000 - Date.now() > REFRESH_BEFORE_MS) return true;
  if (user.exp * 1000 <= Date.now()) return true; // already expired: the server will say so
  refreshing ??= (async () => {
    try {
      const r = await request<{ access_token: string }>('/refreshtoken', { noRefresh: true });
      setToken(r.access_token);
      return true;
    } catch (err) {
      // issue 20 §2: a 503 is the database briefly away, not a refused refresh: the token still has minutes left, so the
      // call goes on with it and the next call refreshes again (ending every session on a failover helps no one).
      if (err instanceof ApiError && err.status === 503) return true;
      // spec 1 §8: a failed refresh clears the signed-in state (the server ends idle and old sessions) → /logout;
      // a token error has done so already in request().
      if (getToken()) endSession();
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * POST /logout with the token the page held (the /logout route clears the local state first, then calls this), so the
 * server ends the session: a copy of the token left elsewhere stops working too. Never fails: signing out here is
 * done whatever the network says.
 */
export async function signOutOnServer(token: string): Promise<void> {
  try {
    // Plain fetch, not request(): the session is cleared already, so no refresh, no 401 → /logout, and keepalive.
    await fetch(new URL('/api/logout', window.location.origin), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch {
    // offline: the session still ends by its idle timeout
  }
}

function toBase64(s: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(s)));
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  if (!opts.noRefresh && !opts.basicAuth && !(await refreshIfNeeded())) {
    throw new ApiError(401, 'RM_ERROR_ACCESS_TOKEN_INVALID', 'Access token invalid');
  }
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  // The server sends its messages in the UI's language (lib/i18n.ts keeps <html lang> in step with it).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': document.documentElement.lang || 'en',
    ...opts.headers,
  };
  const token = getToken();
  if (opts.basicAuth) headers.authorization = `Basic ${toBase64(`${opts.basicAuth.email}:${opts.basicAuth.password}`)}`;
  else if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  for (let loop = 0; ; loop++) {
    const res = await fetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
    // spec 1 §9: a 429 is retried in fewer than 3 loops, after a random delay of up to 300 ms
    if (res.status === 429 && canRetry429(loop)) {
      await sleep(retry429DelayMs(Math.random()));
      continue;
    }
    if (res.ok) {
      if (opts.asBlob) return (await res.blob()) as T;
      if (opts.asFile) {
        const { fileNameFromDisposition } = await import('./download');
        return { blob: await res.blob(), name: fileNameFromDisposition(res.headers.get('content-disposition')) } as T;
      }
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    }
    let envelope: { errorCode?: string; message?: string; fieldErrors?: FieldError[] } = {};
    try {
      envelope = await res.json();
    } catch {
      // not JSON: keep the status only
    }
    const message = envelope.message ?? res.statusText;
    if (
      res.status === 428 &&
      envelope.errorCode === 'RM_ERROR_CONFIRMATION_REQUIRED' &&
      !headers[ACT_AS_TENANT_HEADER] &&
      confirmActingAsTenant &&
      (await confirmActingAsTenant())
    ) {
      headers[ACT_AS_TENANT_HEADER] = 'confirmed';
      loop = -1; // a fresh call: its own 429 loops
      continue;
    }
    if (res.status === 401 && TOKEN_ERRORS.includes(message) && !opts.basicAuth) endSession();
    throw new ApiError(
      res.status,
      envelope.errorCode ?? 'RM_ERROR_SYSTEM',
      message,
      envelope.fieldErrors ?? [],
      parseRetryAfter(res.headers.get('retry-after')),
    );
  }
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** Searches (ARCHITECTURE: POST /{recordType}/search). */
export interface SearchCondition {
  field: string;
  operator: 'EQUALS' | 'NOT_EQUALS' | 'IN' | 'LIKE' | 'GREATER_THAN' | 'LESS_THAN';
  value: unknown;
}
export interface SearchResult<T> {
  records: T[];
  totalPages: number;
  totalRecords: number;
  page: number;
}
export function search<T>(
  recordType: string,
  body: { conditions: SearchCondition[]; joins?: string[] },
  paging?: { page: number; recordsPerPage: number },
): Promise<SearchResult<T>> {
  return api.post<SearchResult<T>>(`/${recordType}/search`, body, { query: paging });
}
