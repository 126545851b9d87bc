import type { ChatMessage, MessagesPage } from '@aurum/core';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { addMessage, loadedMessages } from './chat-cache';

const message = (id: string, createdAt: string): ChatMessage => ({
  id,
  chatId: 'c1',
  senderId: 'u1',
  text: id,
  media: [],
  price: null,
  unlocked: true,
  paid: false,
  tip: null,
  createdAt,
});

function withHistory(...pages: ChatMessage[][]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<InfiniteData<MessagesPage, string | null>>(queryKeys.chats.messages('c1'), {
    pages: pages.map((items, index) => ({ items, nextCursor: index < pages.length - 1 ? `cursor${index}` : null })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor${index - 1}`)),
  });
  return queryClient;
}

describe('addMessage', () => {
  it('puts a message in its place in the newest page, once, whichever answer came first', () => {
    const queryClient = withHistory([message('m3', '2026-11-25T10:03:00Z'), message('m1', '2026-11-25T10:01:00Z')]);
    addMessage(queryClient, message('m4', '2026-11-25T10:04:00Z'));
    // A read that answered late: older than the newest, newer than the rest.
    addMessage(queryClient, message('m2', '2026-11-25T10:02:00Z'));
    addMessage(queryClient, message('m4', '2026-11-25T10:04:00Z'));
    expect(loadedMessages(queryClient, 'c1').map((item) => item.id)).toEqual(['m4', 'm3', 'm2', 'm1']);
  });

  it('leaves a history that is not loaded alone, and reads none from it', () => {
    const queryClient = new QueryClient();
    addMessage(queryClient, message('m1', '2026-11-25T10:01:00Z'));
    expect(queryClient.getQueryData(queryKeys.chats.messages('c1'))).toBeUndefined();
    expect(loadedMessages(queryClient, 'c1')).toEqual([]);
  });
});
