// spec 1 §2 Shell: broadcast messages. GET /broadcast/messages answers the active ones.

import type { BroadcastMessage } from '@portal/domain/api-shapes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { broadcastKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export type { BroadcastMessage, BroadcastSeverity } from '@portal/domain/api-shapes';

export const getBroadcastMessages = () => api.get<{ records: BroadcastMessage[] }>('/broadcast/messages');

export const broadcastMessagesQueryOptions = () =>
  queryOptions({
    queryKey: broadcastKeys.list({ active: true }),
    queryFn: getBroadcastMessages,
    select: (answer) => answer.records,
    staleTime: 5 * 60_000,
  });

export function useBroadcastMessages() {
  return useQuery(broadcastMessagesQueryOptions());
}
