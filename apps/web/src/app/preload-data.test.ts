import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, search } from '../lib/api-client';
import { clearSession, setToken } from '../lib/session';
import { fakeToken } from '../test/session';
import { preloadData } from './preload-data';

vi.mock('../lib/api-client', async (original) => (await import('../test/api-client-mock')).mockApiClient(original));

const CUSTOMER_ID = '00000000-0000-4000-8000-000000000001';
const get = vi.mocked(api.get);
const searchMock = vi.mocked(search);
const cachedKeys = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.status === 'success')
    .map((q) => JSON.stringify(q.queryKey));

beforeEach(() => {
  get.mockReset();
  searchMock.mockReset();
  get.mockImplementation(async (path: string) => (path.startsWith('/broadcast') ? { records: [] } : { id: CUSTOMER_ID }));
  searchMock.mockResolvedValue({ records: [], totalPages: 0, totalRecords: 0, page: 1 });
});
afterEach(() => clearSession());

describe('preloadData (the first view of a signed-in screen renders with its data)', () => {
  it("fetches the dashboard's first view: customer, broadcast, leases, first page of payments", async () => {
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
    const client = new QueryClient();
    await preloadData('/customer/dashboard', client);
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual(['/broadcast/messages', `/customer/${CUSTOMER_ID}`]);
    expect(searchMock.mock.calls.map(([recordType]) => recordType).sort()).toEqual(['payment_transaction', 'property_lease']);
    expect(cachedKeys(client)).toHaveLength(4);
  });

  it("fetches the account page's: customer, broadcast, pay-by-text, documents", async () => {
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
    await preloadData('/customer/account', new QueryClient());
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/broadcast/messages',
      `/customer/${CUSTOMER_ID}`,
      `/customer/${CUSTOMER_ID}/pay-by-text/info`,
    ]);
    expect(searchMock.mock.calls.map(([recordType]) => recordType)).toEqual(['document']);
  });

  it("fetches the payment page's (issue 21 §4): the shell's, leases, payment methods, billing addresses, cash slips", async () => {
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
    await preloadData('/customer/payment', new QueryClient());
    expect(get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/broadcast/messages',
      '/cash',
      `/customer/${CUSTOMER_ID}`,
      `/customer/${CUSTOMER_ID}/paymentmethods`,
    ]);
    expect(searchMock.mock.calls.map(([recordType]) => recordType).sort()).toEqual(['address', 'property_lease']);
  });

  it("fetches the Applications page's list only after spec 2 §4's 500 ms, with the shell's at once", async () => {
    vi.useFakeTimers();
    try {
      setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
      const done = preloadData('/customer/application', new QueryClient());
      await vi.advanceTimersByTimeAsync(499);
      expect(get.mock.calls.map(([path]) => path).sort()).toEqual(['/broadcast/messages', `/customer/${CUSTOMER_ID}`]);
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(get.mock.calls.map(([path]) => path)).toContain(`/lease_application/customer/${CUSTOMER_ID}`);
    } finally {
      vi.useRealTimers();
    }
  });

  it("fetches the application form's page template, and the application its address names (issue 21 §4)", async () => {
    vi.useFakeTimers();
    try {
      setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
      const done = preloadData('/apply/harbour%20view', new QueryClient(), 3000, new URLSearchParams('applicationId=app-1'));
      await vi.advanceTimersByTimeAsync(500);
      await done;
      expect(get.mock.calls.map(([path]) => path).sort()).toEqual([
        '/broadcast/messages',
        `/customer/${CUSTOMER_ID}`,
        '/lease_application/app-1',
        '/lease_application_page/name/harbour%20view',
      ]);
    } finally {
      vi.useRealTimers();
    }
    // without an id the form asks for a new application itself: nothing is created ahead
    get.mockClear();
    await preloadData('/apply/harbourview', new QueryClient(), 3000, new URLSearchParams());
    expect(get.mock.calls.map(([path]) => path).filter((path) => path.startsWith('/lease_application/'))).toEqual([]);
  });

  it("fetches the sign-up page's company for a signed-out visitor, as its origin names it (issue 21 §4)", async () => {
    await preloadData('/signup/maple-leaf-join', new QueryClient(), 3000, new URLSearchParams('origin=onboarding'));
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/on_boarding_page/name/maple-leaf-join']);
    get.mockClear();
    await preloadData('/signup/harbourview', new QueryClient(), 3000, new URLSearchParams('origin=application'));
    expect(get.mock.calls.map(([path]) => path)).toEqual(['/lease_application_page/name/harbourview']);
  });

  it('fetches nothing signed out, for an admin, or on the sign-in page', async () => {
    await preloadData('/customer/dashboard', new QueryClient());
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_ADMIN' }));
    await preloadData('/customer/dashboard', new QueryClient());
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
    await preloadData('/signin', new QueryClient());
    expect(get).not.toHaveBeenCalled();
    expect(searchMock).not.toHaveBeenCalled();
  });

  it('stops waiting at the time limit when a call hangs, and a failed call does not stop the first render', async () => {
    setToken(fakeToken({ id: CUSTOMER_ID, type: 'TYPE_CUSTOMER' }));
    get.mockImplementation(() => new Promise(() => {}));
    searchMock.mockRejectedValue(new Error('offline'));
    const started = Date.now();
    await preloadData('/customer/dashboard', new QueryClient(), 50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
