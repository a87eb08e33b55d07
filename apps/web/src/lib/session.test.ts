// Issue 21 §2 (spec 1 §2, spec 2 §2): a token in the query string on load is stored as the access token and the address
// is cleaned of it (history.replaceState: no history entry keeps the token); the page's own parameters stay for it to
// read (the dashboard reads companyId, then cleans itself to its path).
import { afterEach, describe, expect, it } from 'vitest';
import { captureTokenFromUrl, clearSession, getSessionUser, getToken } from './session';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = `${b64url({ alg: 'HS256' })}.${b64url({
  sessionRole: { id: 'u1', firstName: 'Camille', lastName: 'Tremblay', type: 'TYPE_CUSTOMER' },
  exp: Math.floor(Date.now() / 1000) + 600,
})}.sig`;

afterEach(() => {
  clearSession();
  window.history.replaceState(null, '', '/');
});

const address = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

describe('captureTokenFromUrl', () => {
  it('stores ?token= as the access token and removes it from the address without a new history entry', () => {
    window.history.pushState(null, '', `/customer/dashboard?token=${TOKEN}`);
    const entries = window.history.length;
    captureTokenFromUrl();
    expect(getToken()).toBe(TOKEN);
    expect(getSessionUser()).toMatchObject({ id: 'u1', firstName: 'Camille' });
    expect(address()).toBe('/customer/dashboard');
    expect(window.history.length).toBe(entries);
  });

  it('also takes ?access_token=, and keeps the page’s own parameters and hash for it to read', () => {
    window.history.pushState(null, '', `/customer/dashboard?companyId=c2&access_token=${TOKEN}#leases`);
    captureTokenFromUrl();
    expect(getToken()).toBe(TOKEN);
    expect(address()).toBe('/customer/dashboard?companyId=c2#leases');
  });

  it('leaves the address and the stored token alone when there is no token in it', () => {
    window.history.pushState(null, '', '/customer/application?applicationId=a1');
    captureTokenFromUrl();
    expect(getToken()).toBeNull();
    expect(address()).toBe('/customer/application?applicationId=a1');
  });
});
