import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { notificationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { useLang } from '../../../lib/locale';

/** A notice's raw figures (issue 25): a payment's notice carries its transactionId, cents and charge lines. */
export type NotificationParams = Record<
  string,
  string | number | boolean | null | { code: string; name: string; amount: number }[]
>;

/** One notice (issue 10): an autopay reminder or outcome, a split-pay instalment, …, in the caller's language. */
export interface NotificationRecord {
  id: string;
  kind: string;
  title: string;
  body: string;
  params: NotificationParams;
  billingAccountId: string | null;
  createdAt: string;
  readAt: string | null;
}

/**
 * Where a notice's "View the receipt" leads: the receipt of its transaction, as its e-mail's link does (any notice whose
 * params carry a transactionId, the rule of apps/api/src/services/mail/notice-details.ts noticeAction), else null.
 */
export function receiptPathOf(notice: Pick<NotificationRecord, 'params'>): string | null {
  const id = notice.params.transactionId;
  return typeof id === 'string' && id !== '' ? `/customer/dashboard?receipt=${encodeURIComponent(id)}` : null;
}

export interface NotificationPage {
  records: NotificationRecord[];
  page: number;
  totalPages: number;
  totalRecords: number;
  unreadCount: number;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** How often the unread count is asked again while the portal is open (also on focus and reconnect). */
const COUNT_REFRESH_MS = 5 * 60_000;

// GET /notifications?page&recordsPerPage: the caller's notices, newest first, with the unread count
export const getNotifications = (page: number, recordsPerPage: number) =>
  api.get<NotificationPage>('/notifications', { query: { page, recordsPerPage } });

/** The unread count for the bell: one record asked for, the count comes with it. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list({ summary: true }),
    queryFn: () => getNotifications(1, 1),
    select: (answer) => answer.unreadCount,
    refetchInterval: COUNT_REFRESH_MS,
  });

export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions(), enabled });
}

/** `lang`: the server writes the notices in the UI's language (Accept-Language), so a language change asks again. */
export const notificationsQueryOptions = (lang: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list({ recordsPerPage: NOTIFICATIONS_PAGE_SIZE, lang }),
    queryFn: ({ pageParam }) => getNotifications(pageParam, NOTIFICATIONS_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.totalPages ? last.page + 1 : undefined),
  });

export function useNotifications(enabled: boolean) {
  const lang = useLang();
  return useInfiniteQuery({ ...notificationsQueryOptions(lang), enabled });
}
