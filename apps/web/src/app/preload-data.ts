// The first load of a signed-in screen fetches what its first view shows while the screen's code loads, and main.tsx
// renders once both are here, as the data router's loaders did: the screen appears whole instead of as placeholders
// that then grow and push the rest down (issue 9: layout shift on a phone was 0.6 to 0.9). Only a hint, with a time
// limit: a slow or failed call leaves the screen to show its own loading or error state, as on later navigations.
import { INITIAL_APPLICATION_FETCH_DELAY_MS } from '@portal/domain/application-fetch-delay';
import type { QueryClient } from '@tanstack/react-query';
import { applicationPageQueryOptions } from '../api/applications/get-application-page';
import { customerQueryOptions } from '../api/customer/get-customer';
import { leasesQueryOptions } from '../api/leases/search-leases';
import { transactionsQueryOptions } from '../api/transactions/search-transactions';
import { payByTextInfoQueryOptions } from '../features/account/api/get-pay-by-text-info';
import { documentsQueryOptions } from '../features/account/api/search-documents';
import { leaseApplicationQueryOptions } from '../features/application-form/api/get-lease-application';
import { customerApplicationsQueryOptions } from '../features/applications/api/get-customer-applications';
import { broadcastMessagesQueryOptions } from '../features/broadcast/api/get-broadcast-messages';
import { cashSlipsQueryOptions } from '../features/payments/api/cash-slips';
import { paymentMethodsQueryOptions } from '../features/payments/api/get-payment-methods';
import { addressesQueryOptions } from '../features/payments/api/search-addresses';
import { signupPageQueryOptions } from '../features/signup/api/get-signup-pages';
import { originFromParam } from '../features/signup/lib/origin';
import { getSessionUser } from '../lib/session';

/** How long the first render waits for the data at most. */
export const PRELOAD_DATA_TIMEOUT_MS = 3000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The one path segment after `prefix` (`/apply/{name}`, `/signup/{name}`), decoded; null for any other address. */
function segmentAfter(pathname: string, prefix: string): string | null {
  const match = new RegExp(`^${prefix}([^/]+)/?$`).exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * The calls behind what a customer screen shows first: the shell's (customer record, broadcast banner: on every screen
 * of the shell, else the banner arrives after the page and pushes it down, issue 21 §4) and the page's. The applications
 * (dashboard cards, Applications page) and an application's record wait 500 ms before their first fetch (spec 2 §4):
 * the dashboard leaves them out, the Applications page and the form wait as their screens would, which the screen's
 * code download outlasts on a phone.
 */
function fetchesFor(pathname: string, search: URLSearchParams, customerId: string, client: QueryClient): Promise<unknown>[] {
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
  if (pathname.startsWith('/customer/payment')) {
    // spec 1 §2 payment page: the methods (with their billing addresses) and the cash slips below them
    return [
      ...shell(),
      client.prefetchQuery(leasesQueryOptions()),
      client.prefetchQuery(paymentMethodsQueryOptions(customerId)),
      client.prefetchQuery(addressesQueryOptions(customerId)),
      client.prefetchQuery(cashSlipsQueryOptions()),
    ];
  }
  if (pathname.startsWith('/customer/application')) {
    const delayed = wait(INITIAL_APPLICATION_FETCH_DELAY_MS);
    return [...shell(), delayed.then(() => client.prefetchQuery(customerApplicationsQueryOptions(customerId)))];
  }
  if (pathname === '/customer' || pathname.startsWith('/customer/dashboard')) {
    // issue 22: the service cards' chunk comes with the leases that want it, so the cards show with the page
    const leases = client
      .prefetchQuery(leasesQueryOptions())
      // the loader lives in the dashboard's chunk, which this first load fetches anyway (not in every screen's entry)
      .then(() => import('../features/dashboard/lib/load-service-cards'))
      .then((m) => m.preloadServiceCards(client.getQueryData(leasesQueryOptions().queryKey)?.records));
    return [...shell(), leases, client.prefetchQuery(transactionsQueryOptions(1))];
  }
  const applyPage = segmentAfter(pathname, '/apply/');
  if (applyPage !== null) {
    // spec 2 §2: the page's template, and the application the address names (its query waits the 500 ms itself);
    // without an id the form asks for a new one, which is not a read to make ahead.
    const id = search.get('applicationId');
    return [
      ...shell(),
      client.prefetchQuery(applicationPageQueryOptions(applyPage)),
      ...(id ? [client.prefetchQuery(leaseApplicationQueryOptions(id))] : []),
    ];
  }
  if (pathname.startsWith('/customer')) return shell();
  return [];
}

/**
 * What a signed-out screen shows first: the sign-up page's company (issue 11), else the page opens with a loader that
 * the form then replaces, moving everything (issue 21 §4: layout shift 0.38 on a phone).
 */
function publicFetchesFor(pathname: string, search: URLSearchParams, client: QueryClient): Promise<unknown>[] {
  const signupPage = segmentAfter(pathname, '/signup/');
  if (signupPage === null) return [];
  return [client.prefetchQuery(signupPageQueryOptions(signupPage, originFromParam(search.get('origin'))))];
}

/** Resolves when the first view's data is in the query cache, or failed, or after the time limit. */
export function preloadData(
  pathname: string,
  client: QueryClient,
  timeoutMs = PRELOAD_DATA_TIMEOUT_MS,
  search = new URLSearchParams(typeof window === 'undefined' ? '' : window.location.search),
): Promise<void> {
  const user = getSessionUser();
  const fetches =
    user?.type === 'TYPE_CUSTOMER'
      ? fetchesFor(pathname, search, user.id, client)
      : user
        ? []
        : publicFetchesFor(pathname, search, client);
  if (fetches.length === 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    void Promise.allSettled(fetches).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
