// spec 1 §9: a 429 is retried in fewer than 3 loops, each after a random delay of up to 300 ms (the domain's
// canRetry429 and retry429DelayMs); then the 429 is the caller's error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeToken } from '../test/session';
import { ApiError, api } from './api-client';
import { clearSession, setToken } from './session';

const tooMany = () =>
  new Response(JSON.stringify({ errorCode: 'RM_ERROR_TOO_MANY_REQUESTS', message: 'Too many requests' }), {
    status: 429,
    headers: { 'content-type': 'application/json' },
  });
const ok = () => new Response(JSON.stringify({ fine: true }), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('a 429', () => {
  it('is retried after a delay of at most 300 ms, and the later answer is the call’s', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    const times: number[] = [];
    const answers = [tooMany(), tooMany(), ok()];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        times.push(performance.now());
        return answers.shift() as Response;
      }),
    );
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    await expect(api.get('/ping')).resolves.toEqual({ fine: true });
    expect(times).toHaveLength(3);
    for (let i = 1; i < times.length; i++) {
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(290);
      expect(times[i] - times[i - 1]).toBeLessThan(600);
    }
  });

  it('is not retried a third time: after 3 attempts the 429 is the error', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }));
    const fetchMock = vi.fn(async () => tooMany());
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const err = await api.get('/ping').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, errorCode: 'RM_ERROR_TOO_MANY_REQUESTS' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
