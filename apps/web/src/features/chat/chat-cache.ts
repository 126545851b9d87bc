import type { ChatMessage, ChatSummary, MessagesPage } from '@aurum/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { comesAfter } from './timeline';

type MessagePages = InfiniteData<MessagesPage, string | null>;

/** The chat's loaded messages (none while its history is not loaded). */
export function loadedMessages(queryClient: QueryClient, chatId: string): ChatMessage[] {
  return queryClient.getQueryData<MessagePages>(queryKeys.chats.messages(chatId))?.pages.flatMap((page) => page.items) ?? [];
}

/**
 * Puts a stored message into the chat's newest page, once (a send's answer and a read after its
 * realtime event may both bring it), in its place: reads of two messages may answer out of order.
 */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(queryKeys.chats.messages(message.chatId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    const items = [...(first?.items ?? [])];
    const before = items.findIndex((item) => !comesAfter(item, message));
    items.splice(before === -1 ? items.length : before, 0, message);
    return { ...data, pages: [{ ...(first ?? { nextCursor: null }), items }, ...rest] };
  });
}

/** The partner read up to a message of the user's: their read receipts move. */
export function setPartnerRead(queryClient: QueryClient, chatId: string, messageId: string): void {
  queryClient.setQueryData<ChatSummary>(queryKeys.chats.one(chatId), (chat) =>
    chat ? { ...chat, partnerLastReadMessageId: messageId } : chat,
  );
}

/** A message read again (a paid one after it was unlocked) takes the place of the one in the chat's pages. */
export function replaceMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(queryKeys.chats.messages(message.chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === message.id ? message : item)) })),
        }
      : data,
  );
}
