import type { ChatMessage, ChatSummary, MessagesPage } from '@aurum/core';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';

/** Puts a stored message at the top of the chat's newest page, once: a send's answer and its realtime event both bring it. */
export function addMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(queryKeys.chats.messages(message.chatId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...(first ?? { nextCursor: null }), items: [message, ...(first?.items ?? [])] }, ...rest] };
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
  queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(queryKeys.chats.messages(message.chatId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === message.id ? message : item)) })),
        }
      : data,
  );
}
