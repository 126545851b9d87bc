import { DAY_MS, generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { messages, users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

type Client = Awaited<ReturnType<typeof signUp>>['client'];
const check = (client: Client, collection: string, ids: string[]) =>
  client.get(`/api/me/cached-documents?collection=${collection}&ids=${ids.join(',')}`);

describe(`local cache maintenance check (${TEST_DRIVER})`, () => {
  it('answers for posts what opening each would tell the viewer: gone when deleted or hidden, locked when no longer revealed', async () => {
    const creator = await signUp(server, 'cached', { creator: true });
    const viewer = await signUp(server, 'reader');
    const planId = await createActivePlan(creator.client, 'Gold', 500);
    const post = async (access: string[]) => (await creator.client.post('/api/posts', { text: 'hello', access })).body.id as string;
    const open = await post(['public']);
    const paid = await post([planId]);
    const teaser = await post(['sneakpeek']);
    const secret = await post(['private']);
    const deleted = await post(['public']);
    expect((await creator.client.delete(`/api/posts/${deleted}`)).status).toBe(204);
    await subscribe(server, viewer.id, planId, new Date(Date.now() + DAY_MS));
    const all = [open, paid, teaser, secret, deleted, generateId()];

    const subscribed = await check(viewer.client, 'posts', all);
    expect(subscribed.status).toBe(200);
    expect(new Set(subscribed.body.present)).toEqual(new Set([open, paid, teaser]));
    expect(subscribed.body.locked).toEqual([]);

    // The subscription runs out: the paid post is still there, but its cached content must go.
    server.advanceClock(2 * DAY_MS);
    const lapsed = await check(viewer.client, 'posts', all);
    expect(new Set(lapsed.body.present)).toEqual(new Set([open, paid, teaser]));
    expect(new Set(lapsed.body.locked)).toEqual(new Set([paid, teaser]));
    // The author sees their own private post.
    expect(new Set((await check(creator.client, 'posts', all)).body.present)).toEqual(new Set([open, paid, teaser, secret]));
  });

  it('keeps profiles of active accounts, chats the viewer is in and their messages not removed', async () => {
    const creator = await signUp(server, 'talker', { creator: true });
    const member = await signUp(server, 'fan');
    const stranger = await signUp(server, 'stranger');
    const planId = await createActivePlan(creator.client, 'Chat', 900, 'USD', { chat: true });
    await subscribe(server, member.id, planId, new Date(Date.now() + 30 * DAY_MS));
    const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const kept = generateId();
    const removed = generateId();
    for (const id of [kept, removed]) await member.client.post(`/api/chats/${chatId}/messages`, { id, text: 'hi' });
    await server.context.database.db.update(messages).set({ removedAt: new Date() }).where(eq(messages.id, removed));

    expect((await check(member.client, 'chats', [chatId])).body.present).toEqual([chatId]);
    expect((await check(stranger.client, 'chats', [chatId])).body.present).toEqual([]);
    expect((await check(creator.client, 'messages', [kept, removed])).body.present).toEqual([kept]);
    expect((await check(stranger.client, 'messages', [kept, removed])).body.present).toEqual([]);

    await server.context.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, stranger.id));
    expect(new Set((await check(member.client, 'profiles', [creator.id, stranger.id])).body.present)).toEqual(new Set([creator.id]));
  });

  it('refuses more than 16 ids, other collections and malformed ids, and nobody signed in', async () => {
    const viewer = await signUp(server, 'batcher');
    const seventeen = Array.from({ length: 17 }, () => generateId());
    for (const query of [
      `collection=posts&ids=${seventeen.join(',')}`,
      `collection=likes&ids=${generateId()}`,
      'collection=posts&ids=a,,b',
    ]) {
      const answer = await viewer.client.get(`/api/me/cached-documents?${query}`);
      expect([answer.status, answer.body.type]).toEqual([400, 'validation_failed']);
    }
    expect((await check(viewer.client, 'posts', seventeen.slice(0, 16))).body).toEqual({ present: [], locked: [] });
    expect((await new ApiClient(server).get(`/api/me/cached-documents?collection=posts&ids=${generateId()}`)).status).toBe(401);
  });
});
