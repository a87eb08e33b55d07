// GET /admin/inbox/counts (issue 23): how many items wait in each part of the approvals inbox, within the caller's
// company (the admin: all). Every decision invalidates it (inboxKeys.all).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface InboxCounts {
  applications: number;
  pendingLeases: number;
  insurancePolicies: number;
}

export const inboxKeys = {
  all: ['admin_inbox'] as const,
  counts: () => [...inboxKeys.all, 'counts'] as const,
};

export function useInboxCounts() {
  return useQuery({ queryKey: inboxKeys.counts(), queryFn: () => api.get<InboxCounts>('/admin/inbox/counts') });
}
