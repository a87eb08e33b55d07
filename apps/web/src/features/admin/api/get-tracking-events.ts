// GET /admin/tracking_events?event=&from=&to=&page=&recordsPerPage= (admin): the first-party tracking pixels (spec 2 §9).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const TRACKING_EVENTS = ['CREDIT_REPORTING_OPEN', 'INSURANCE_OPEN', 'PAYMENT_OPEN', 'AUTOPAY_OPEN'] as const;
export type TrackingEventName = (typeof TRACKING_EVENTS)[number];

export interface TrackingEventsQuery {
  event: TrackingEventName | '';
  from: string;
  to: string;
  page: number;
  recordsPerPage: number;
}

export interface TrackingEventList {
  records: { id: string; userId: string; event: string; createdAt: string }[];
  counts: { day: string; event: string; count: number }[];
  totalPages: number;
  totalRecords: number;
  page: number;
}

const trackingEventKeys = {
  all: ['admin_tracking_event'] as const,
  list: (q: TrackingEventsQuery) => [...trackingEventKeys.all, 'list', q] as const,
};

export const getTrackingEvents = (q: TrackingEventsQuery) =>
  api.get<TrackingEventList>('/admin/tracking_events', {
    query: {
      event: q.event || undefined,
      from: q.from || undefined,
      to: q.to || undefined,
      page: q.page,
      recordsPerPage: q.recordsPerPage,
    },
  });

export function useTrackingEvents(q: TrackingEventsQuery) {
  return useQuery(
    queryOptions({ queryKey: trackingEventKeys.list(q), queryFn: () => getTrackingEvents(q), placeholderData: keepPreviousData }),
  );
}
