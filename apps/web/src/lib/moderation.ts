import { type CreateReportInput, MODERATION_NOTICE_EVENT, type ModerationNoticesPage, type Report, userChannel } from '@aurum/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';
import { useRealtimeChannel } from './realtime/use-realtime-channel';

/** Files a report of a post, a user or a chat message; a second open one is 409 already_reported. */
export const fileReport = (input: CreateReportInput) => api.post<Report>('/reports', input);

export function useFileReport() {
  return useMutation({ mutationFn: fileReport });
}

export const moderationNoticesQuery = queryOptions({
  queryKey: queryKeys.moderation.notices,
  queryFn: () => api.get<ModerationNoticesPage>('/me/moderation-notices'),
  staleTime: 60_000,
});

/** Marks every notice read; the list and its unread count follow. */
export function useMarkNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ unread: number }>('/me/moderation-notices/read'),
    onSuccess: () => {
      queryClient.setQueryData<ModerationNoticesPage>(queryKeys.moderation.notices, (current) =>
        current
          ? { ...current, unread: 0, items: current.items.map((item) => ({ ...item, readAt: item.readAt ?? new Date().toISOString() })) }
          : current,
      );
    },
  });
}

/**
 * The signed-in user's unread moderation notices. The server announces a new one on the user's
 * channel: the list is read again and `onNotice` runs (the layout shows a snack), so the
 * reporter learns the outcome of their report wherever they are in the app.
 */
export function useModerationNotices(userId: string | null, onNotice: () => void): number {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.moderation.notices });
  useRealtimeChannel(userId ? userChannel(userId) : null, {
    onEvent: (event) => {
      if (event !== MODERATION_NOTICE_EVENT) return;
      refresh();
      onNotice();
    },
    onResync: refresh,
  });
  return useQuery({ ...moderationNoticesQuery, enabled: userId !== null }).data?.unread ?? 0;
}
