// spec 1 §8 and issue 9: a failed token refresh ends the signed-in state and goes to /logout; /logout ends the session
// on the server too (POST /api/logout), not only in this browser.
import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogoutPage } from '../features/auth/logout-page';
import { ApiError, api, setSessionEndedHandler } from '../lib/api-client';
import { clearSession, getToken, setToken } from '../lib/session';
import { createMemoryRouter, RouterProvider } from '../test/memory-router';
import { renderWithProviders } from '../test/render';
import { fakeToken } from '../test/session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

/** A screen that loads something on mount, as every customer screen does. */
function Probe() {
  const [state, setState] = useState('loading');
  useEffect(() => {
    api.get('/customer/cust-1').then(
      () => setState('loaded'),
      (err: unknown) => setState(err instanceof ApiError ? `failed ${err.status}` : 'failed'),
    );
  }, []);
  return <p>probe {state}</p>;
}

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/customer/*', element: <Probe /> },
      { path: '/logout', element: <LogoutPage /> },
    ],
    { initialEntries: [path] },
  );
  // As app/router.tsx does: leaving for /logout without a reload.
  setSessionEndedHandler(() => void router.navigate('/logout'));
  await renderWithProviders(<RouterProvider router={router} />, { router: (ui) => ui });
  return router;
}

describe('a failed token refresh', () => {
  for (const [what, answer] of [
    [
      'the server refuses it (session ended: idle or absolute limit)',
      () => json(401, { errorCode: 'RM_ERROR_ACCESS_TOKEN_EXPIRED', message: 'Access token expired' }),
    ],
    ['the server fails', () => json(500, { errorCode: 'RM_ERROR_SYSTEM', message: 'Something went wrong. Please try again.' })],
    ['the network fails', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const) {
    it(`clears the signed-in state and goes to /logout when ${what}, without sending the call it came before`, async () => {
      // Four minutes left: the next call refreshes first (spec 1 §8).
      setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', expInSeconds: 240 }));
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: URL | string) => {
          const path = new URL(String(url)).pathname;
          calls.push(path);
          if (path === '/api/refreshtoken') return answer();
          return json(200, { id: 'cust-1' });
        }),
      );
      const router = await renderAt('/customer/dashboard');
      await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
      expect(getToken()).toBeNull();
      expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
      expect(calls).not.toContain('/api/customer/cust-1');
    });
  }

  it('keeps the session when the refresh works, with the new token', async () => {
    setToken(fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', expInSeconds: 240 }));
    const renewed = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER', expInSeconds: 900 });
    const auths: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: URL | string, init?: RequestInit) => {
        const path = new URL(String(url)).pathname;
        if (path === '/api/refreshtoken') return json(200, { access_token: renewed });
        auths.push(new Headers(init?.headers).get('authorization'));
        return json(200, { id: 'cust-1' });
      }),
    );
    const router = await renderAt('/customer/dashboard');
    expect(await screen.findByText('probe loaded')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/customer/dashboard');
    expect(getToken()).toBe(renewed);
    expect(auths).toEqual([`Bearer ${renewed}`]);
  });
});

describe('/logout', () => {
  it('ends the session on the server with the token it held, and clears it here', async () => {
    const token = fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' });
    setToken(token);
    const fetchMock = vi.fn(async (_url: URL | string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await renderAt('/logout');
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(new URL(String(url)).pathname).toBe('/api/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
  });

  it('calls nothing when there was no session', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await renderAt('/logout');
    expect(await screen.findByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
