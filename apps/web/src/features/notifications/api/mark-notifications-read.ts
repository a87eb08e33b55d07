import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import type { NotificationRecord } from './get-notifications';

// POST /notifications/{id}/read: one of the caller's notices read
export const markNotificationRead = (id: string) => api.post<NotificationRecord>(`/notifications/${encodeURIComponent(id)}/read`);

// POST /notifications/read-all: every notice of the caller read
export const markAllNotificationsRead = () => api.post<{ updated: number }>('/notifications/read-all');

export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
