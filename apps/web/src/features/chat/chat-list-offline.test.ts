import type { ChatSummary } from '@aurum/core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLocalCache } from '../../lib/cache/forget';
import { mockApi } from '../../test/api-mock';
import { chatQuery, chatsQuery } from './api';

const chat = (id: string, lastAt: string | null, createdAt = '2026-11-20T10:00:00.000Z'): ChatSummary => ({
  id,
  partner: { userId: `u-${id}`, handle: id, publicName: `Partner ${id}`, avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null },
  state: 'open',
  partnerOffersChat: true,
  lastMessage: lastAt
    ? { id: `m-${id}`, chatId: id, senderId: `u-${id}`, text: 'Hi', price: null, tip: null, mediaCount: 0, createdAt: lastAt }
    : null,
  unread: 0,
  partnerLastReadMessageId: null,
  createdAt,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await forgetLocalCache();
});

describe('the chat list offline', () => {
  it('shows every chat this device kept, those opened after the list was kept too, the one that moved last first', async () => {
    const older = chat('older', '2026-11-21T10:00:00.000Z');
    const started = chat('started', null, '2026-11-25T10:00:00.000Z');
    mockApi({
      'GET /api/chats': () => ({ status: 200, body: { items: [older], nextCursor: null } }),
      'GET /api/chats/started': () => ({ status: 200, body: started }),
    });
    const online = new QueryClient();
    await online.fetchInfiniteQuery(chatsQuery);
    // Then a chat started from a creator's profile, opened without the list being read again.
    await online.fetchQuery(chatQuery('started'));

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await vi.waitFor(async () => {
      const offline = await new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchInfiniteQuery(chatsQuery);
      expect(offline.pages[0]).toMatchObject({ restored: true, nextCursor: null });
      expect(offline.pages[0]?.items.map((item) => item.id)).toEqual(['started', 'older']);
    });
  });
});
