// The first load of a signed-in screen fetches what its first view shows while the screen's code loads, and main.tsx
// renders once both are here, as the data router's loaders did: the screen appears whole instead of as placeholders
// that then grow and push the rest down (issue 9: layout shift on a phone was 0.6 to 0.9). Only a hint, with a time
// limit: a slow or failed call leaves the screen to show its own loading or error state, as on later navigations.
import type { QueryClient } from '@tanstack/react-query';
import { customerQueryOptions } from '../api/customer/get-customer';
import { leasesQueryOptions } from '../api/leases/search-leases';
import { transactionsQueryOptions } from '../api/transactions/search-transactions';
import { payByTextInfoQueryOptions } from '../features/account/api/get-pay-by-text-info';
import { documentsQueryOptions } from '../features/account/api/search-documents';
import { broadcastMessagesQueryOptions } from '../features/broadcast/api/get-broadcast-messages';
import { getSessionUser } from '../lib/session';

/** How long the first render waits for the data at most. */
export const PRELOAD_DATA_TIMEOUT_MS = 3000;

/**
 * The calls behind what a customer screen shows first: the shell's (customer record, broadcast banner) and the page's.
 * The dashboard's applications are left out: spec 2 §4 has their first fetch wait 500 ms.
 */
function fetchesFor(pathname: string, customerId: string, client: QueryClient): Promise<unknown>[] {
  const shell = () => [
    client.prefetchQuery(customerQueryOptions(customerId)),
    client.prefetchQuery(broadcastMessagesQueryOptions()),
  ];
  if (pathname.startsWith('/customer/account')) {
    return [
      ...shell(),
      client.prefetchQuery(payByTextInfoQueryOptions(customerId)),
      client.prefetchQuery(documentsQueryOptions()),
    ];
  }
  if (pathname.startsWith('/customer/payment')) return [...shell(), client.prefetchQuery(leasesQueryOptions())];
  if (pathname === '/customer' || pathname.startsWith('/customer/dashboard')) {
    return [...shell(), client.prefetchQuery(leasesQueryOptions()), client.prefetchQuery(transactionsQueryOptions(1))];
  }
  return [];
}

/** Resolves when the first view's data is in the query cache, or failed, or after the time limit. */
export function preloadData(pathname: string, client: QueryClient, timeoutMs = PRELOAD_DATA_TIMEOUT_MS): Promise<void> {
  const user = getSessionUser();
  if (user?.type !== 'TYPE_CUSTOMER') return Promise.resolve();
  const fetches = fetchesFor(pathname, user.id, client);
  if (fetches.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.allSettled(fetches).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
