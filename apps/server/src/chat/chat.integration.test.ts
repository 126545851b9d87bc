import { CHAT_MESSAGE_MAX_LENGTH, DAY_MS, generateId, userChannel } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { subscribe as follow, openSocket } from '../../test/realtime-client.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A creator with a chat plan and a plan without chat, and a member subscribed to the given one. */
async function pair(options: { chat: boolean; validForDays?: number } = { chat: true }) {
  const creator = await signUp(server, 'maker', { creator: true });
  const chatPlan = await createActivePlan(creator.client, 'With chat', 900, 'USD', { chat: true });
  const plainPlan = await createActivePlan(creator.client, 'No chat', 500);
  const member = await signUp(server, 'fan');
  const validUntil = new Date(Date.now() + (options.validForDays ?? 30) * DAY_MS);
  await subscribe(server, member.id, options.chat ? chatPlan : plainPlan, validUntil);
  return { creator, member };
}

const send = (client: Awaited<ReturnType<typeof signUp>>['client'], chatId: string, text: string, id = generateId()) =>
  client.post(`/api/chats/${chatId}/messages`, { id, text });

describe(`chat (${TEST_DRIVER})`, () => {
  it('lets a member with a chat plan and the creator talk, either opening the chat, one chat per pair', async () => {
    const { creator, member } = await pair();
    const partners = await member.client.get('/api/chats/partners');
    expect(partners.body.items.map((p: { userId: string }) => p.userId)).toEqual([creator.id]);
    expect(partners.body.items[0].chatId).toBeNull();
    // The creator sees the member among the people who may chat with them.
    expect((await creator.client.get('/api/chats/partners')).body.items.map((p: { userId: string }) => p.userId)).toEqual([member.id]);

    const opened = await member.client.post('/api/chats', { partnerId: creator.id });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ state: 'open', unread: 0, lastMessage: null, partner: { userId: creator.id } });
    const again = await creator.client.post('/api/chats', { partnerId: member.id });
    expect(again.body.id).toBe(opened.body.id);
    expect((await member.client.get('/api/chats/partners')).body.items[0].chatId).toBe(opened.body.id);

    const hello = await send(member.client, opened.body.id, '  Hello there!  ');
    expect(hello.status).toBe(200);
    expect(hello.body).toMatchObject({ text: 'Hello there!', senderId: member.id, chatId: opened.body.id });
    const reply = await send(creator.client, opened.body.id, 'Hi, thanks for subscribing.');
    expect(reply.status).toBe(200);

    const history = await member.client.get(`/api/chats/${opened.body.id}/messages`);
    expect(history.body.items.map((m: { text: string }) => m.text)).toEqual(['Hi, thanks for subscribing.', 'Hello there!']);
  });

  it('counts unread messages per chat and in total, and moves the read position forward only', async () => {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    const first = (await send(creator.client, chatId, 'one')).body;
    const second = (await send(creator.client, chatId, 'two')).body;
    expect((await member.client.get(`/api/chats/${chatId}`)).body.unread).toBe(2);
    expect((await member.client.get('/api/chats/unread')).body).toEqual({ total: 2 });
    // The sender's own messages are read.
    expect((await creator.client.get('/api/chats/unread')).body).toEqual({ total: 0 });

    expect((await member.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: second.id })).status).toBe(204);
    expect((await member.client.get('/api/chats/unread')).body).toEqual({ total: 0 });
    // Reading an older message does not move the position back.
    await member.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: first.id });
    expect((await member.client.get(`/api/chats/${chatId}`)).body.unread).toBe(0);
    // The creator sees the member read their last message (read receipt).
    expect((await creator.client.get(`/api/chats/${chatId}`)).body.partnerLastReadMessageId).toBe(second.id);
    const list = await creator.client.get('/api/chats');
    expect(list.body.items[0]).toMatchObject({ id: chatId, lastMessage: { text: 'two' } });
  });

  it('stores a retried message once, and refuses an id another message has', async () => {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    const id = generateId();
    const first = await send(member.client, chatId, 'only once', id);
    const retry = await send(member.client, chatId, 'only once', id);
    expect(retry.body).toEqual(first.body);
    expect((await member.client.get(`/api/chats/${chatId}/messages`)).body.items).toHaveLength(1);
    expect(await send(creator.client, chatId, 'taken', id)).toMatchObject({ status: 409, body: { type: 'message_id_taken' } });
  });

  it('refuses a chat without a chat plan, and makes a chat read-only when the subscription lapses', async () => {
    const plain = await pair({ chat: false });
    expect(await plain.member.client.post('/api/chats', { partnerId: plain.creator.id })).toMatchObject({
      status: 403,
      body: { type: 'chat_not_allowed' },
    });
    expect((await plain.member.client.get('/api/chats/partners')).body.items).toEqual([]);

    const { creator, member } = await pair({ chat: true, validForDays: 1 });
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    await send(member.client, chatId, 'before it lapses');
    server.advanceClock(2 * DAY_MS);
    try {
      expect(await send(member.client, chatId, 'after')).toMatchObject({ status: 403, body: { type: 'chat_read_only' } });
      expect(await send(creator.client, chatId, 'after')).toMatchObject({ status: 403, body: { type: 'chat_read_only' } });
      // Each side learns whether the other sells a plan with chat: the member's way back is the creator's plans; the creator has none to offer.
      expect((await member.client.get(`/api/chats/${chatId}`)).body).toMatchObject({ state: 'read_only', partnerOffersChat: true });
      expect((await creator.client.get(`/api/chats/${chatId}`)).body).toMatchObject({ state: 'read_only', partnerOffersChat: false });
      expect((await creator.client.get('/api/chats')).body.items[0]).toMatchObject({ id: chatId, partnerOffersChat: false });
      expect((await member.client.get(`/api/chats/${chatId}/messages`)).body.items.map((m: { text: string }) => m.text)).toEqual([
        'before it lapses',
      ]);
    } finally {
      server.advanceClock(-2 * DAY_MS);
    }
  });

  it('stops sending both ways when either side blocks the other', async () => {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    expect((await creator.client.request('PUT', `/api/users/${member.id}/block`)).status).toBeLessThan(300);
    expect(await send(member.client, chatId, 'hello?')).toMatchObject({ status: 403, body: { type: 'chat_blocked' } });
    expect(await send(creator.client, chatId, 'hello?')).toMatchObject({ status: 403, body: { type: 'chat_blocked' } });
    // Nor may the blocked member announce typing to the one who blocked them.
    expect(await member.client.post(`/api/chats/${chatId}/typing`)).toMatchObject({ status: 403, body: { type: 'chat_blocked' } });
    expect((await member.client.get(`/api/chats/${chatId}`)).body.state).toBe('blocked');
    expect((await member.client.get('/api/chats/partners')).body.items).toEqual([]);
  });

  it('answers 404 to anyone outside the chat and 400 to bad input', async () => {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    const stranger = await signUp(server, 'stranger');
    expect((await stranger.client.get(`/api/chats/${chatId}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/chats/${chatId}/messages`)).status).toBe(404);
    expect((await send(stranger.client, chatId, 'hi')).status).toBe(404);
    expect((await stranger.client.post(`/api/chats/${chatId}/typing`)).status).toBe(404);
    expect((await stranger.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: generateId() })).status).toBe(404);

    expect(await send(member.client, chatId, '   ')).toMatchObject({ status: 400, body: { type: 'validation_failed' } });
    expect(await send(member.client, chatId, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toMatchObject({ status: 400 });
    expect(await member.client.post('/api/chats', { partnerId: member.id })).toMatchObject({
      status: 400,
      body: { type: 'cannot_chat_with_self' },
    });
    expect(await member.client.post('/api/chats', { partnerId: generateId() })).toMatchObject({ status: 404 });
    expect((await member.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: generateId() })).status).toBe(404);
    expect((await member.client.get('/api/chats?cursor=bogus')).body).toMatchObject({ type: 'invalid_cursor' });
  });

  it('pages the chat list and the history with keyset cursors, losing nothing', async () => {
    const creator = await signUp(server, 'popular', { creator: true });
    const plan = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const member = await signUp(server, `many${i}`);
      await subscribe(server, member.id, plan, new Date(Date.now() + 30 * DAY_MS));
      ids.push((await creator.client.post('/api/chats', { partnerId: member.id })).body.id);
      server.advanceClock(1000);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { id: string }[]; nextCursor: string | null } } = await creator.client.get(
        `/api/chats?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    const chatId = ids[0] as string;
    for (let i = 0; i < 7; i++) {
      await send(creator.client, chatId, `m${i}`);
      // Distinct times, so the expected order does not rest on the ids' random part.
      server.advanceClock(1);
    }
    const texts: string[] = [];
    cursor = null;
    do {
      const page: { body: { items: { text: string }[]; nextCursor: string | null } } = await creator.client.get(
        `/api/chats/${chatId}/messages?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      texts.push(...page.body.items.map((item) => item.text));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(texts).toEqual(['m6', 'm5', 'm4', 'm3', 'm2', 'm1', 'm0']);
  });

  it('tells the chat live of messages, reads and typing, and the partner of unread ones; no one else may listen', async () => {
    const { creator, member } = await pair();
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id;
    const creatorSocket = openSocket(server, { cookie: creator.client.cookie });
    expect(await follow(creatorSocket, `chat:${chatId}`)).toEqual({ type: 'subscribed', channel: `chat:${chatId}` });
    expect(await follow(creatorSocket, userChannel(creator.id))).toMatchObject({ type: 'subscribed' });

    const stranger = await signUp(server, 'eavesdropper');
    const strangerSocket = openSocket(server, { cookie: stranger.client.cookie });
    expect(await follow(strangerSocket, `chat:${chatId}`)).toMatchObject({ type: 'error', error: { type: 'realtime_channel_forbidden' } });

    const memberSocket = openSocket(server, { cookie: member.client.cookie });
    expect(await follow(memberSocket, `chat:${chatId}`)).toMatchObject({ type: 'subscribed' });

    const sent = (await send(member.client, chatId, 'Are you there?')).body;
    // Both sides hear which message came and nothing of it; each reads it as they see it.
    const created = {
      type: 'event',
      channel: `chat:${chatId}`,
      event: 'message.created',
      data: { chatId, messageId: sent.id, senderId: member.id },
    };
    for (const socket of [creatorSocket, memberSocket])
      expect(await socket.next((m) => m.type === 'event' && m.event === 'message.created')).toEqual(created);
    expect(await creator.client.get(`/api/chats/${chatId}/messages/${sent.id}`)).toMatchObject({ status: 200, body: sent });
    expect(await stranger.client.get(`/api/chats/${chatId}/messages/${sent.id}`)).toMatchObject({
      status: 404,
      body: { type: 'not_found' },
    });
    expect(await creatorSocket.next((m) => m.type === 'event' && m.event === 'chat.message')).toMatchObject({
      channel: userChannel(creator.id),
      data: { chatId },
    });
    expect((await member.client.post(`/api/chats/${chatId}/typing`)).status).toBe(204);
    expect(await creatorSocket.next((m) => m.type === 'event' && m.event === 'chat.typing')).toMatchObject({ data: { userId: member.id } });
    // Typing is announced at most every 2 s: a flood goes nowhere, the next after the pause does.
    for (let i = 0; i < 20; i++) expect((await member.client.post(`/api/chats/${chatId}/typing`)).status).toBe(204);
    server.advanceClock(2000);
    expect((await member.client.post(`/api/chats/${chatId}/typing`)).status).toBe(204);
    const typingEvents = () => creatorSocket.received.filter((m) => m.type === 'event' && m.event === 'chat.typing');
    await vi.waitFor(() => expect(typingEvents()).toHaveLength(2));

    const reply = (await send(creator.client, chatId, 'Yes!')).body;
    await member.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: reply.id });
    expect(await creatorSocket.next((m) => m.type === 'event' && m.event === 'chat.read')).toMatchObject({
      data: { userId: member.id, messageId: reply.id },
    });
    expect(strangerSocket.received.filter((m) => m.type === 'event')).toEqual([]);
    expect(typingEvents()).toHaveLength(2);
    creatorSocket.socket.close();
    memberSocket.socket.close();
    strangerSocket.socket.close();
  });

  it('mails a reader about unread messages once the chat is quiet, at most hourly, and not after they opt out', async () => {
    const { creator, member } = await pair();
    const email = (await member.client.get('/api/me')).body.email as string;
    const mailsToMember = () => server.smtp.messages.filter((mail) => mail.to === email.toLowerCase());
    const chatId = (await creator.client.post('/api/chats', { partnerId: member.id })).body.id;
    await send(creator.client, chatId, 'New set tonight');
    await send(creator.client, chatId, 'Tell me what you think');
    const { chatNotices } = server.context;
    const quiet = 11 * 60 * 1000;
    let moved = 0;
    const advance = (ms: number) => {
      server.advanceClock(ms);
      moved += ms;
    };
    try {
      await chatNotices.sendDue();
      expect(mailsToMember()).toHaveLength(0);

      advance(quiet);
      await chatNotices.sendDue();
      const mail = await server.smtp.nextMailTo(email);
      expect(mail.subject).toMatch(/sent you 2 messages on Aurum$/);
      expect(mail.text).toContain(`/chat/${chatId}`);
      // Nothing new: no second mail.
      await chatNotices.sendDue();
      expect(mailsToMember()).toHaveLength(0);

      // A new message within the hour waits for the hour to pass. (The server's own sweep may
      // run at any step too; it follows the same rules, so each step's outcome is the same.)
      await send(creator.client, chatId, 'One more');
      advance(quiet);
      await chatNotices.sendDue();
      expect(mailsToMember()).toHaveLength(0);
      await send(creator.client, chatId, 'Still there?');
      advance(60 * 60 * 1000);
      await chatNotices.sendDue();
      expect((await server.smtp.nextMailTo(email)).subject).toMatch(/sent you 4 messages/);

      // Read messages are not mailed about, and an opted-out reader gets nothing.
      const latest = (await member.client.get(`/api/chats/${chatId}/messages?limit=1`)).body.items[0];
      await member.client.request('PUT', `/api/chats/${chatId}/read`, { messageId: latest.id });
      advance(2 * 60 * 60 * 1000);
      await chatNotices.sendDue();
      expect(mailsToMember()).toHaveLength(0);
      const preferences = await member.client.request('PUT', '/api/me/preferences', { chatEmailNotices: false });
      expect(preferences.body.chatEmailNotices).toBe(false);
      await send(creator.client, chatId, 'Are you ignoring me?');
      advance(2 * 60 * 60 * 1000);
      await chatNotices.sendDue();
      expect(mailsToMember()).toHaveLength(0);
    } finally {
      server.advanceClock(-moved);
    }
  });
});
