// issue 20 §2: while the database is away the API answers 503 RM_ERROR_SERVICE_UNAVAILABLE with Retry-After and a
// message in the tenant's language. The client shows that message, keeps the session (a proactive token refresh that
// meets a 503 is not a refused one), sends a payment once per click (the tenant's retry reuses the attempt's
// Idempotency-Key, payment-flow.tsx), and waits as long as the server asked before a query's retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/session';
import { ApiError, api, setSessionEndedHandler } from './api-client';
import { queryRetryDelay } from './query-client';
import { clearSession, getToken, setToken } from './session';

const MESSAGE_FR = 'Le service est momentanément indisponible. Veuillez réessayer dans quelques secondes.';
const unavailable = () =>
  new Response(JSON.stringify({ errorCode: 'RM_ERROR_SERVICE_UNAVAILABLE', message: MESSAGE_FR }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  });
const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('a 503 while the database is away', () => {
  it('is an ApiError with the server message, its code and Retry-After; a payment is sent once, not retried behind the tenant', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    const fetchMock = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetchMock);
    const err = await api
      .post('/processpayment', { amount: 12.5 }, { headers: { 'Idempotency-Key': 'attempt-1' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 503, errorCode: 'RM_ERROR_SERVICE_UNAVAILABLE', message: MESSAGE_FR, retryAfter: 5 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not end the session when the token refresh meets it: the call goes on with the token it has', async () => {
    const token = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', expInSeconds: 240 });
    setToken(token);
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    const auths: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init?: RequestInit) => {
        if (new URL(String(url)).pathname === '/api/refreshtoken') return unavailable();
        auths.push(new Headers(init?.headers).get('authorization'));
        return ok({ id: 'cust-1' });
      }),
    );
    expect(await api.get('/customer/cust-1')).toEqual({ id: 'cust-1' });
    expect(ended).not.toHaveBeenCalled();
    expect(getToken()).toBe(token);
    expect(auths).toEqual([`Bearer ${token}`]);
  });

  it("a query's retry waits what Retry-After says (at most 10 s), else the usual backoff", () => {
    const err = new ApiError(503, 'RM_ERROR_SERVICE_UNAVAILABLE', MESSAGE_FR, [], 5);
    expect(queryRetryDelay(0, err)).toBe(5000);
    expect(queryRetryDelay(1, new ApiError(503, 'RM_ERROR_SERVICE_UNAVAILABLE', MESSAGE_FR, [], 120))).toBe(10_000);
    expect(queryRetryDelay(0, new ApiError(500, 'RM_ERROR_SYSTEM', 'x'))).toBe(1000);
    expect(queryRetryDelay(1, new TypeError('Failed to fetch'))).toBe(2000);
  });
});
