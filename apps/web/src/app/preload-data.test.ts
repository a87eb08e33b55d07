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
