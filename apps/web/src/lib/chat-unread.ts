import { USER_CHAT_EVENT, userChannel } from '@aurum/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';
import { useRealtimeChannel } from './realtime/use-realtime-channel';

export const unreadChatsQuery = queryOptions({
  queryKey: queryKeys.chats.unread,
  queryFn: () => api.get<{ total: number }>('/chats/unread'),
  staleTime: 60_000,
});

/**
 * Unread messages over all the user's chats, for the Chat item's badge. The server says on the
 * user's channel when a chat of theirs moved (a message came, one was read), and the chat list
 * and the count are read again; after a reconnect too, in case such a message was missed.
 */
export function useUnreadChats(userId: string | null): number {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.chats.unread });
    void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
  };
  useRealtimeChannel(userId ? userChannel(userId) : null, {
    onEvent: (event) => {
      if (event === USER_CHAT_EVENT) refresh();
    },
    onResync: refresh,
  });
  return useQuery({ ...unreadChatsQuery, enabled: userId !== null }).data?.total ?? 0;
}
