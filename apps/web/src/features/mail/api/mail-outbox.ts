// issue 25: the admin's mail outbox calls (docs/api-contract.md "Mail: sandbox inbox and outbox (issue 25)").

import type { OutboxPage as OutboxPageShape, OutboxRecord } from '@portal/domain/mail-shapes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export { OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxRecord, type OutboxStatus } from '@portal/domain/mail-shapes';

/** The outbox page with whether this server has a sandbox inbox (the screen links to it). */
export interface OutboxPage extends OutboxPageShape {
  sandboxInbox: boolean;
}

export interface OutboxQuery {
  /** One status or several, comma-separated; '' for all. */
  status: string;
  to: string;
  page: number;
}

export const mailOutboxKeys = {
  all: ['mail_outbox'] as const,
  lists: () => [...mailOutboxKeys.all, 'list'] as const,
  list: (q: OutboxQuery) => [...mailOutboxKeys.lists(), q] as const,
};

export function useMailOutbox(q: OutboxQuery) {
  return useQuery({
    queryKey: mailOutboxKeys.list(q),
    queryFn: () =>
      api.get<OutboxPage>('/mail_outbox', { query: { status: q.status || undefined, to: q.to || undefined, page: q.page } }),
    placeholderData: keepPreviousData,
  });
}

export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxRecord>(`/mail_outbox/${encodeURIComponent(id)}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: mailOutboxKeys.all }),
  });
}
