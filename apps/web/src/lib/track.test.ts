import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from './session';
import { trackOpen } from './track';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const token = (claims: object) => `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`;

describe('trackOpen', () => {
  it('posts the event with the bearer token, keepalive, and returns at once', () => {
    const fetch = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const access = token({ sessionRole: { id: 'u1', type: 'TYPE_CUSTOMER' }, exp: Date.now() / 1000 + 600 });
    setToken(access);
    expect(trackOpen('PAYMENT_OPEN')).toBeUndefined();
    expect(fetch).toHaveBeenCalledWith('/api/tracking/PAYMENT_OPEN', {
      method: 'POST',
      keepalive: true,
      headers: { authorization: `Bearer ${access}` },
    });
  });

  it('never throws, whatever fetch does', async () => {
    setToken(token({ sessionRole: { id: 'u1', type: 'TYPE_CUSTOMER' } }));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(() => trackOpen('AUTOPAY_OPEN')).not.toThrow();
    vi.stubGlobal('fetch', () => {
      throw new Error('no fetch');
    });
    expect(() => trackOpen('AUTOPAY_OPEN')).not.toThrow();
    await Promise.resolve();
  });

  it('sends nothing when signed out', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    trackOpen('INSURANCE_OPEN');
    expect(fetch).not.toHaveBeenCalled();
  });
});
