// issue 25: the admin's mail outbox calls (docs/api-contract.md "Mail: sandbox inbox and outbox (issue 25)").
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const OUTBOX_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED', 'UNCERTAIN'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface OutboxRecord {
  id: string;
  template: string;
  toAddress: string;
  languageCode: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  canResend: boolean;
}

export interface OutboxPage {
  records: OutboxRecord[];
  total: number;
  page: number;
  counts: Record<OutboxStatus, number>;
  sandboxInbox: boolean;
}

/** The server's page size (services/mail/admin-outbox.ts OUTBOX_PAGE_SIZE). */
export const OUTBOX_PAGE_SIZE = 20;

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
