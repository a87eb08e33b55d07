// spec 2 §5 on the sign-in page (issue 21 §2): credentials the browser autofilled without a change event are read
// into the form 500 ms after it appears, so Sign in sends them instead of refusing two fields the tenant sees filled;
// a refused submit focuses the first invalid field by the portal's one rule.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../../lib/api-client';
import { clearSession } from '../../lib/session';
import { createMemoryRouter, RouterProvider } from '../../test/memory-router';
import { fakeToken } from '../../test/session';
import { SignInPage } from './sign-in-page';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, request: vi.fn() };
});
const req = vi.mocked(request);

afterEach(() => {
  cleanup();
  clearSession();
  vi.useRealTimers();
  req.mockReset();
});

function renderSignIn() {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SignInPage /> },
      { path: '/', element: <p>home</p> },
    ],
    { initialEntries: ['/signin'] },
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

/** What a browser's autofill does: the value is in the input, React never heard an input event. */
const autofill = (input: HTMLElement, value: string) =>
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);

describe('sign-in and the browser autofill (spec 2 §5)', () => {
  it('reads the autofilled email and password 500 ms after the form appears and signs in with them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    req.mockResolvedValue({ access_token: fakeToken({ id: 'cust-1', type: 'TYPE_CUSTOMER' }) });
    const router = renderSignIn();
    autofill(screen.getByLabelText('Email'), 'tenant@demo.test');
    autofill(screen.getByLabelText('Password'), 'Demo1234');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.queryByText('Enter your email address.')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(req).toHaveBeenCalledWith('/authorize', { basicAuth: { email: 'tenant@demo.test', password: 'Demo1234' } }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('refused, focuses the first field in error: the password when only it is missing', async () => {
    renderSignIn();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'tenant@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(req).not.toHaveBeenCalled();
  });
});
