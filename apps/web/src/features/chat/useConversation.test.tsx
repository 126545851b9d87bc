import { CHAT_EVENTS, type ChatMessage, type ChatSummary } from '@aurum/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelListener } from '../../lib/realtime/client';
import { makeUser, mockApi } from '../../test/api-mock';
import { TYPING_SHOWN_MS, useConversation } from './useConversation';

/** The chat's realtime channel as the hook follows it: the test plays the server's events. */
const channel = vi.hoisted(() => ({ name: null as string | null, listener: null as ChannelListener | null }));
vi.mock('../../lib/realtime/use-realtime-channel', () => ({
  useRealtimeChannel: (name: string | null, listener: ChannelListener) => {
    channel.name = name;
    channel.listener = listener;
  },
}));

const ME = 'u-me';
const PARTNER = 'u-partner';
const chat: ChatSummary = {
  id: 'c1',
  partner: { userId: PARTNER, handle: 'partner', publicName: 'Partner', avatarColor: '#123456', avatarUrl: null },
  state: 'open',
  partnerOffersChat: false,
  lastMessage: null,
  unread: 0,
  partnerLastReadMessageId: null,
  createdAt: '2026-11-25T09:00:00.000Z',
};
const message = (id: string, senderId: string, minute: number, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 'c1',
  senderId,
  text: `text of ${id}`,
  media: [],
  price: null,
  unlocked: true,
  paid: false,
  tip: null,
  createdAt: `2026-11-25T10:${String(minute).padStart(2, '0')}:00.000Z`,
  ...extra,
});

/** What the server holds and what the hook asked of it. */
let server: {
  newest: ChatMessage[];
  older: ChatMessage[];
  one: Record<string, ChatMessage>;
  sendAnswers: { status: number; body?: unknown }[];
};
let fetchMock: ReturnType<typeof mockApi>;
const calls = (key: string) => fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const sent = () => calls('POST /api/chats/c1/messages').map(([, init]) => JSON.parse(String(init?.body)));
const reads = () => calls('PUT /api/chats/c1/read').map(([, init]) => JSON.parse(String(init?.body)).messageId);

/** The page's geometry: how tall the document is and where the window is scrolled to. */
function layout({ height, scrolledTo }: { height: number; scrolledTo: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrolledTo });
}
const scrollTo = vi.fn();
const scrollBy = vi.fn();

beforeEach(() => {
  channel.name = null;
  channel.listener = null;
  server = {
    newest: [message('m2', PARTNER, 2), message('m1', ME, 1)],
    older: [message('m0', PARTNER, 0)],
    one: {},
    sendAnswers: [],
  };
  fetchMock = mockApi({
    'GET /api/me': () => ({ status: 200, body: makeUser({ id: ME }) }),
    'GET /api/chats/c1/messages': () => ({ status: 200, body: { items: server.newest, nextCursor: 'older' } }),
    'GET /api/chats/c1/messages?cursor=older': () => ({ status: 200, body: { items: server.older, nextCursor: null } }),
    'GET /api/chats/c1/messages/m3': () => ({ status: 200, body: server.one.m3 }),
    'GET /api/chats/c1/messages/m2': () => ({ status: 200, body: server.one.m2 }),
    'POST /api/chats/c1/messages': (body) => {
      const answer = server.sendAnswers.shift();
      if (answer) return answer;
      const { id, text } = body as { id: string; text: string };
      return { status: 200, body: message(id, ME, 5, { text }) };
    },
    'PUT /api/chats/c1/read': () => ({ status: 204 }),
    'GET /api/chats/unread': () => ({ status: 200, body: { total: 0 } }),
    'GET /api/chats': () => ({ status: 200, body: { items: [], nextCursor: null } }),
  });
  layout({ height: 0, scrolledTo: 0 });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  scrollTo.mockClear();
  scrollBy.mockClear();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('scrollBy', scrollBy);
});
afterEach(() => {
  layout({ height: 0, scrolledTo: 0 });
});

async function renderConversation(summary: ChatSummary = chat) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(({ summary }) => useConversation(summary), { wrapper, initialProps: { summary } });
  await waitFor(() => expect(view.result.current.timeline.length).toBeGreaterThan(0));
  // The user is known once the timeline tells their messages apart.
  await waitFor(() => expect(itemOf(view.result.current, 'm1')?.mine).toBe(true));
  return { ...view, queryClient };
}
type Conversation = ReturnType<typeof useConversation>;
const messageIds = (conversation: Conversation) => conversation.timeline.flatMap((item) => (item.kind === 'message' ? [item.key] : []));
const itemOf = (conversation: Conversation, id: string) =>
  conversation.timeline.find((item) => item.kind === 'message' && item.key === id) as
    | Extract<Conversation['timeline'][number], { kind: 'message' }>
    | undefined;
const event = (name: string, data: unknown) => act(() => channel.listener?.onEvent(name, data));

describe('useConversation', () => {
  it('shows the newest page oldest first, starts at the bottom and marks the partner’s newest message read, once', async () => {
    const { result, rerender } = await renderConversation();
    expect(channel.name).toBe('chat:c1');
    expect(messageIds(result.current)).toEqual(['m1', 'm2']);
    expect(result.current.timeline[0]).toMatchObject({ kind: 'day' });
    expect(itemOf(result.current, 'm1')?.delivery).toBe('sent');
    expect(result.current.lastOwnId).toBe('m1');
    expect(scrollTo).toHaveBeenCalled();
    await waitFor(() => expect(reads()).toEqual(['m2']));
    rerender({ summary: { ...chat } });
    window.dispatchEvent(new Event('scroll'));
    expect(reads()).toEqual(['m2']);
  });

  it('loads earlier messages above, keeping the view where it was', async () => {
    const { result } = await renderConversation();
    layout({ height: 1000, scrolledTo: 232 });
    act(() => result.current.loadOlder());
    layout({ height: 1600, scrolledTo: 232 });
    await waitFor(() => expect(messageIds(result.current)).toEqual(['m0', 'm1', 'm2']));
    expect(scrollBy).toHaveBeenCalledWith(0, 600);
    expect(result.current.history.hasNextPage).toBe(false);
  });

  it('reads a message the channel names on its own, never the whole history, and nothing for one sent here', async () => {
    const { result } = await renderConversation();
    const historyReads = () => calls('GET /api/chats/c1/messages').length;
    expect(historyReads()).toBe(1);

    server.one.m3 = message('m3', PARTNER, 3, { text: 'Live' });
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: 'm3', senderId: PARTNER });
    await waitFor(() => expect(messageIds(result.current)).toEqual(['m1', 'm2', 'm3']));
    expect(calls('GET /api/chats/c1/messages/m3')).toHaveLength(1);
    // The new message came on screen at the bottom: it is read.
    await waitFor(() => expect(reads()).toEqual(['m2', 'm3']));

    // The user's own message: the send's answer brings it, the event asks for nothing.
    act(() => result.current.send({ text: 'Mine', mediaIds: [], price: null }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    const [{ id: ownId }] = sent();
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: ownId, senderId: ME });
    await waitFor(() => expect(itemOf(result.current, ownId)?.delivery).toBe('sent'));
    // Already shown: an event for it again asks for nothing either.
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: 'm3', senderId: PARTNER });
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/chats/c1/messages/'))).toHaveLength(1);
    expect(historyReads()).toBe(1);
  });

  it('reads the history again only when the one message could not be read', async () => {
    const { result } = await renderConversation();
    // No answer for m4: the read fails and the history is read again, so the message is not lost.
    server.newest = [message('m4', PARTNER, 4), ...server.newest];
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: 'm4', senderId: PARTNER });
    await waitFor(() => expect(messageIds(result.current)).toEqual(['m1', 'm2', 'm4']));
    expect(calls('GET /api/chats/c1/messages')).toHaveLength(2);
  });

  it('shows a paid message in its new state after an unlock, read on its own', async () => {
    server.newest = [message('m2', PARTNER, 2, { price: { amountMinor: 500, currency: 'USD' }, unlocked: false }), message('m1', ME, 1)];
    const { result } = await renderConversation();
    expect(itemOf(result.current, 'm2')?.message.unlocked).toBe(false);
    server.one.m2 = message('m2', PARTNER, 2, { price: { amountMinor: 500, currency: 'USD' }, unlocked: true, paid: true });
    await event(CHAT_EVENTS.messageUnlocked, { messageId: 'm2', userId: ME });
    await waitFor(() => expect(itemOf(result.current, 'm2')?.message).toMatchObject({ unlocked: true, paid: true }));
    expect(calls('GET /api/chats/c1/messages')).toHaveLength(1);
  });

  it('keeps a message that failed to send with its failure, and sends it again with the same id', async () => {
    const { result } = await renderConversation();
    server.sendAnswers.push({ status: 503, body: { type: 'service_unavailable', message: 'Down', statusCode: 503 } });
    act(() => result.current.send({ text: 'Hello?', mediaIds: [], price: null }));
    const pendingId = result.current.lastOwnId as string;
    expect(itemOf(result.current, pendingId)).toMatchObject({ delivery: 'sending', mine: true, message: { text: 'Hello?' } });
    await waitFor(() => expect(sent()).toHaveLength(1));
    const [{ id }] = sent();
    expect(id).toBe(pendingId);
    await waitFor(() => expect(itemOf(result.current, id)?.delivery).toBe('failed'));

    act(() => result.current.retry(id));
    await waitFor(() => expect(sent().map((body) => body.id)).toEqual([id, id]));
    await waitFor(() => expect(itemOf(result.current, id)?.delivery).toBe('sent'));
    expect(messageIds(result.current).filter((key) => key === id)).toHaveLength(1);
  });

  it('asks for the chat again when a send finds it closed', async () => {
    const { queryClient, result } = await renderConversation();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    server.sendAnswers.push({ status: 403, body: { type: 'chat_read_only', message: 'Read-only', statusCode: 403 } });
    act(() => result.current.send({ text: 'Still there?', mediaIds: [], price: null }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chats', 'one', 'c1'] }));
  });

  it('moves the read receipts when the partner reads, and ignores the user’s own reads', async () => {
    const { queryClient, result, rerender } = await renderConversation();
    queryClient.setQueryData(['chats', 'one', 'c1'], chat);
    await event(CHAT_EVENTS.read, { userId: ME, messageId: 'm2' });
    expect(queryClient.getQueryData<ChatSummary>(['chats', 'one', 'c1'])?.partnerLastReadMessageId).toBeNull();
    await event(CHAT_EVENTS.read, { userId: PARTNER, messageId: 'm1' });
    const moved = queryClient.getQueryData<ChatSummary>(['chats', 'one', 'c1']) as ChatSummary;
    expect(moved.partnerLastReadMessageId).toBe('m1');
    rerender({ summary: moved });
    expect(itemOf(result.current, 'm1')?.delivery).toBe('read');
  });

  it('shows the partner typing until a pause or their message, never the user themselves', async () => {
    const { result } = await renderConversation();
    vi.useFakeTimers();
    await event(CHAT_EVENTS.typing, { userId: ME });
    expect(result.current.partnerTyping).toBe(false);
    await event(CHAT_EVENTS.typing, { userId: PARTNER });
    expect(result.current.partnerTyping).toBe(true);
    act(() => vi.advanceTimersByTime(TYPING_SHOWN_MS));
    expect(result.current.partnerTyping).toBe(false);

    await event(CHAT_EVENTS.typing, { userId: PARTNER });
    server.one.m3 = message('m3', PARTNER, 3);
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: 'm3', senderId: PARTNER });
    expect(result.current.partnerTyping).toBe(false);
  });

  it('stays where the user scrolled up to, reads nothing meanwhile, and follows again near the bottom', async () => {
    const { result } = await renderConversation();
    await waitFor(() => expect(reads()).toEqual(['m2']));
    layout({ height: 3000, scrolledTo: 1000 });
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current.awayFromBottom).toBe(true);

    scrollTo.mockClear();
    server.one.m3 = message('m3', PARTNER, 3);
    await event(CHAT_EVENTS.messageCreated, { chatId: 'c1', messageId: 'm3', senderId: PARTNER });
    await waitFor(() => expect(messageIds(result.current)).toContain('m3'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(reads()).toEqual(['m2']);

    // Back near the bottom: the new message is read and the view follows again.
    layout({ height: 3000, scrolledTo: 3000 - window.innerHeight - 100 });
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current.awayFromBottom).toBe(false);
    await waitFor(() => expect(reads()).toEqual(['m2', 'm3']));
  });

  it('jumps to the bottom when the user sends, even scrolled up', async () => {
    const { result } = await renderConversation();
    layout({ height: 3000, scrolledTo: 0 });
    act(() => window.dispatchEvent(new Event('scroll')));
    expect(result.current.awayFromBottom).toBe(true);
    scrollTo.mockClear();
    act(() => result.current.send({ text: 'Hi', mediaIds: [], price: null }));
    expect(result.current.awayFromBottom).toBe(false);
    expect(scrollTo).toHaveBeenCalledWith({ top: 3000, behavior: 'auto' });
    act(() => result.current.jumpToLatest());
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 3000, behavior: 'smooth' });
  });

  it('does not mark anything read in a hidden tab until it is shown', async () => {
    let visibility = 'hidden';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    await renderConversation();
    expect(reads()).toEqual([]);
    visibility = 'visible';
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reads()).toEqual(['m2']));
  });

  it('reads the history and the chat again after the connection came back', async () => {
    const { queryClient } = await renderConversation();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => channel.listener?.onResync?.());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['chats', 'one', 'c1'] });
    await waitFor(() => expect(calls('GET /api/chats/c1/messages')).toHaveLength(2));
  });
});
