import type { ChatMessage, ChatPartnersPage, ChatSummary, ChatsPage, MessagePrice, MessagesPage } from '@aurum/core';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { cursorPaging, pagePath } from '../../lib/api/cursor-list';
import { documentPlan, listPagePlan, readThrough } from '../../lib/cache/read-through';
import { queryKeys } from '../../lib/query-keys';

/** The user's chats, the one that moved last first; the first pages are kept for reading offline. */
export const chatsQuery = infiniteQueryOptions({
  queryKey: queryKeys.chats.list,
  queryFn: ({ pageParam }) =>
    readThrough(() => api.get<ChatsPage>(pagePath('/chats', pageParam)), listPagePlan<ChatSummary>('chats', 'chats', pageParam)),
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

export const sendMessage = (chatId: string, message: { id: string; text: string; mediaIds: string[]; price: MessagePrice | null }) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages`, message);
/** Pays for a paid message's media; the key is the attempt's, so a retry after a lost answer never pays twice. */
export const unlockMessage = (chatId: string, messageId: string, input: { paymentMethodId: string; idempotencyKey: string }) =>
  api.post<ChatMessage>(`/chats/${chatId}/messages/${messageId}/unlock`, input);
export const markRead = (chatId: string, messageId: string) => apiRequest<void>('PUT', `/chats/${chatId}/read`, { messageId });
export const sendTyping = (chatId: string) => api.post<void>(`/chats/${chatId}/typing`);
