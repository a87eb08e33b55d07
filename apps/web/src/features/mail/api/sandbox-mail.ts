// issue 25: the sandbox inbox's calls (docs/api-contract.md "Mail: sandbox inbox and outbox (issue 25)").

import type { InboxMessage, InboxPage } from '@portal/domain/mail-shapes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export { INBOX_PAGE_SIZE, type InboxEntry, type InboxMessage, type InboxPage } from '@portal/domain/mail-shapes';

/** A mail leaves the outbox within a second or so: the list follows it every few seconds. */
export const INBOX_REFRESH_MS = 5_000;

export const sandboxMailKeys = {
  all: ['sandbox_mail'] as const,
  lists: () => [...sandboxMailKeys.all, 'list'] as const,
  list: (q: { to: string; page: number }) => [...sandboxMailKeys.lists(), q] as const,
  details: () => [...sandboxMailKeys.all, 'detail'] as const,
  detail: (id: string) => [...sandboxMailKeys.details(), id] as const,
};

export function useSandboxInbox(q: { to: string; page: number }) {
  return useQuery({
    queryKey: sandboxMailKeys.list(q),
    queryFn: () => api.get<InboxPage>('/sandbox/mail', { query: { to: q.to || undefined, page: q.page } }),
    placeholderData: keepPreviousData,
    // Refreshed while it answers; a refusal (401/403/404) is not asked again every few seconds.
    refetchInterval: (query) => (query.state.status === 'error' ? false : INBOX_REFRESH_MS),
    retry: false,
  });
}

export function useSandboxMail(id: string | null) {
  return useQuery({
    queryKey: sandboxMailKeys.detail(id ?? ''),
    queryFn: () => api.get<InboxMessage>(`/sandbox/mail/${encodeURIComponent(id ?? '')}`),
    enabled: id !== null,
    // A delivered mail never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
