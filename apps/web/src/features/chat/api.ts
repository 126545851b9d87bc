import type { ChatMessage, ChatPartnersPage, ChatSummary, ChatsPage, ContentPrice, MessagesPage } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { type CachePlan, documentPlan, listPagePlan, type RestoredPage, readThrough } from '../../lib/cache/read-through';
import { queryKeys } from '../../lib/query-keys';

/** When a chat last moved: its last message, or its start. */
const movedAt = (chat: ChatSummary) => chat.lastMessage?.createdAt ?? chat.createdAt;

/**
 * The chat list as this device keeps it: its first pages and, offline, every chat kept on the
 * device, those opened since the list was kept too (a chat started from a profile), the one that
 * moved last first.
 */
function chatListPlan(cursor: string | null): CachePlan<ChatsPage> {
  const list = listPagePlan<ChatSummary>('chats', 'chats', cursor);
  if (cursor !== null) return list;
  return {
    ...list,
    restore: async (store): Promise<RestoredPage<ChatSummary> | undefined> => {
      const kept = await store.getCollection<ChatSummary>('chats');
      if (kept.length === 0) return list.restore?.(store) as Promise<RestoredPage<ChatSummary> | undefined>;
      return { items: kept.sort((a, b) => movedAt(b).localeCompare(movedAt(a))), nextCursor: null, restored: true };
    },
  };
}

/** The user's chats, the one that moved last first; the first pages are kept for reading offline. */
export const chatsQuery = infiniteQueryOptions({
  queryKey: queryKeys.chats.list,
  queryFn: ({ pageParam }) => readThrough(() => api.get<ChatsPage>(pagePath('/chats', pageParam)), chatListPlan(pageParam)),
  ...cursorPaging,
});

export const chatQuery = (chatId: string) =>
  queryOptions({
    queryKey: queryKeys.chats.one(chatId),
    queryFn: () => readThrough(() => api.get<ChatSummary>(`/chats/${chatId}`), documentPlan<ChatSummary>('chats', chatId)),
  });

/** A chat's messages a page at a time, newest page first; the page shows them oldest at the top. */
export const messagesQuery = (chatId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chats.messages(chatId),
    queryFn: ({ pageParam }) =>
      readThrough(
        () => api.get<MessagesPage>(pagePath(`/chats/${chatId}/messages`, pageParam)),
        listPagePlan<ChatMessage>(`messages:${chatId}`, 'messages', pageParam),
      ),
    ...cursorPaging,
  });

/** People the user may chat with, searched by name or handle; earlier results stay while a search loads. */
export const partnersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.chats.partners(q),
    queryFn: ({ pageParam }) => api.get<ChatPartnersPage>(pagePath('/chats/partners', pageParam, { q })),
    ...cursorPaging,
    placeholderData: keepPreviousData,
  });

/** One message as the user sees it: what the chat's realtime events name, read on its own instead of the whole history. */
export const fetchMessage = (chatId: string, messageId: string) => api.get<ChatMessage>(`/chats/${chatId}/messages/${messageId}`);

export const sendMessage = (chatId: string, message: { id: string; text: string; mediaIds: string[]; price: ContentPrice | null }) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages`, message);
/** Pays for a paid message's media; the key is the attempt's, so a retry after a lost answer never pays twice. */
export const unlockMessage = (chatId: string, messageId: string, input: { paymentMethodId: string; idempotencyKey: string }) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages/${messageId}/unlock`, input);
export const markRead = (chatId: string, messageId: string) => apiRequest<void>('PUT', `/chats/${chatId}/read`, { messageId });
export const sendTyping = (chatId: string) => api.post<void>(`/chats/${chatId}/typing`);
