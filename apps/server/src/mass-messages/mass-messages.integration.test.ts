import { DAY_MS, generateId, massMessageCopyId, USER_CHAT_EVENT, userChannel } from '@aurum/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActivePlan, follow, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { savedCard } from '../../test/money-fixtures.js';
import { subscribe as listen, openSocket } from '../../test/realtime-client.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { massMessageBatches, massMessages, users } from '../db/schema.js';
import { deliverBatch, writeRecipients } from './delivery.js';

/**
 * Mass messages: who receives one (lists, exclusions, blocks, accounts), each copy in the
 * recipient's own chat (paid ones locked until bought, bytes included), what the creator sees
 * of it, scheduling, unsending, and the refusals.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const now = () => server.context.now();
type Person = Awaited<ReturnType<typeof signUp>>;

/** A ready picture of the creator's with the bytes of its derivatives behind it. */
async function picture(ownerId: string): Promise<string> {
  const mediaId = await insertMediaRow(server, ownerId);
  for (const kind of ['thumb', 'blur', 'blurThumb', 'playable'])
    await server.context.storage.put(`fixtures/${mediaId}/${kind}`, Buffer.from(`${kind} bytes`), { contentType: 'image/webp' });
  return mediaId;
}

async function waitForStatus(creator: Person, id: string, status: string) {
  let details: { status: string } & Record<string, unknown> = { status: '' };
  await vi.waitFor(
    async () => {
      details = (await creator.client.get(`/api/me/mass-messages/${id}`)).body;
      expect(details.status).toBe(status);
    },
    { timeout: 15_000, interval: 50 },
  );
  return details;
}

/** The status of a media request (its body is bytes, not JSON). */
async function statusOf(person: Person, path: string): Promise<number> {
  const response = await fetch(server.baseUrl + path, { headers: { cookie: person.client.cookie ?? '' } });
  await response.arrayBuffer();
  return response.status;
}

/** The one chat of a member with the creator, or undefined. */
async function chatWith(member: Person, creatorId: string) {
  const chats = (await member.client.get('/api/chats')).body.items as { id: string; partner: { userId: string }; state: string }[];
  return chats.find((chat) => chat.partner.userId === creatorId);
}

async function scene() {
  const creator = await signUp(server, 'broadcaster', { creator: true });
  const gold = await createActivePlan(creator.client, 'Gold', 900, 'USD', { chat: true });
  const silver = await createActivePlan(creator.client, 'Silver', 400, 'USD');
  const inDays = (days: number) => new Date(now().getTime() + days * DAY_MS);
  // goldFan may chat; silverFan may not (left out by the exclusion); follower is on the VIP list;
  // blocked was blocked by the creator, blocker blocked the creator; gone's account is disabled.
  const goldFan = await signUp(server, 'mmgold');
  const silverFan = await signUp(server, 'mmsilver');
  const follower = await signUp(server, 'mmfollower');
  const blocked = await signUp(server, 'mmblocked');
  const blocker = await signUp(server, 'mmblocker');
  const gone = await signUp(server, 'mmgone');
  await subscribe(server, goldFan.id, gold, inDays(30));
  await subscribe(server, silverFan.id, silver, inDays(30));
  await follow(server, follower.id, creator.id);
  for (const fan of [blocked, blocker, gone]) await subscribe(server, fan.id, gold, inDays(30));
  expect((await creator.client.request('PUT', `/api/users/${blocked.id}/block`)).status).toBeLessThan(300);
  expect((await blocker.client.request('PUT', `/api/users/${creator.id}/block`)).status).toBeLessThan(300);
  await server.context.database.db.update(users).set({ disabledAt: now() }).where(eq(users.id, gone.id));
  const vip = (await creator.client.post('/api/me/fan-lists', { name: 'VIP' })).body.listId as string;
  expect((await creator.client.request('PUT', `/api/me/fan-lists/${vip}/members/${follower.id}`)).status).toBe(204);
  return { creator, gold, silver, goldFan, silverFan, follower, blocked, blocker, vip };
}

describe(`mass messages (${TEST_DRIVER})`, () => {
  it('reaches the fans on the lists, less the excluded, the blocked and the gone, each in their own chat, locked until bought', async () => {
    const { creator, silver, goldFan, silverFan, follower, blocked, blocker, vip } = await scene();
    const include = ['subscribers', `list:${vip}`];
    const exclude = [`plan:${silver}`];
    const audience = await creator.client.get(`/api/me/mass-messages/audience?include=${include.join(',')}&exclude=${exclude.join(',')}`);
    expect(audience.body).toEqual({ recipients: 2 });

    const socket = openSocket(server, { cookie: goldFan.client.cookie });
    expect(await listen(socket, userChannel(goldFan.id))).toMatchObject({ type: 'subscribed' });
    const photo = await picture(creator.id);
    const id = generateId();
    const sent = await creator.client.post('/api/me/mass-messages', {
      id,
      text: 'A new set is out',
      mediaIds: [photo],
      price: { amountMinor: 1000, currency: 'USD' },
      include,
      exclude,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      id,
      text: 'A new set is out',
      mediaCount: 1,
      price: { amountMinor: 1000, currency: 'USD' },
      include,
      exclude,
    });
    // Sending it again (a lost answer) makes no second one.
    expect((await creator.client.post('/api/me/mass-messages', { id, text: 'Again', include })).body).toMatchObject({
      id,
      text: 'A new set is out',
    });

    const done = await waitForStatus(creator, id, 'sent');
    expect(done).toMatchObject({ recipients: 2, delivered: 2, read: 0, bought: 0, earned: { amountMinor: 0, currency: 'USD' } });
    const heard = await socket.next((m) => m.type === 'event' && m.event === USER_CHAT_EVENT);
    socket.socket.close();

    // The gold fan's chat is open; the follower's is read-only (no plan with chat): both hold the copy, locked.
    const goldChat = await chatWith(goldFan, creator.id);
    const followerChat = await chatWith(follower, creator.id);
    expect(goldChat?.state).toBe('open');
    expect(followerChat?.state).toBe('read_only');
    expect(heard).toMatchObject({ data: { chatId: goldChat?.id } });
    for (const [member, chat] of [
      [goldFan, goldChat],
      [follower, followerChat],
    ] as const) {
      const history = (await member.client.get(`/api/chats/${chat?.id}/messages`)).body.items;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({
        id: massMessageCopyId(id, member.id),
        senderId: creator.id,
        text: 'A new set is out',
        price: { amountMinor: 1000, currency: 'USD' },
        unlocked: false,
      });
      expect(Object.keys(history[0].media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
      // The unblurred bytes are not served to a member who has not bought the copy.
      expect(await statusOf(member, `/api/chats/${chat?.id}/messages/${history[0].id}/media/0/thumb`)).toBe(404);
    }
    // Nobody else got one.
    for (const other of [silverFan, blocked, blocker]) expect(await chatWith(other, creator.id)).toBeUndefined();
    // The creator's side: two chats with their own message, read by themselves.
    const creatorChats = (await creator.client.get('/api/chats')).body.items as { partner: { userId: string }; unread: number }[];
    expect(new Set(creatorChats.map((chat) => chat.partner.userId))).toEqual(new Set([goldFan.id, follower.id]));
    expect(creatorChats.every((chat) => chat.unread === 0)).toBe(true);

    // The gold fan buys their copy and reads it: the creator sees it bought, read and earned (80%).
    const copyId = massMessageCopyId(id, goldFan.id);
    const unlocked = await goldFan.client.post(`/api/chats/${goldChat?.id}/messages/${copyId}/unlock`, {
      paymentMethodId: await savedCard(goldFan.client),
      idempotencyKey: generateId().padEnd(24, '0'),
    });
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(200);
    expect(unlocked.body.unlocked).toBe(true);
    expect(await statusOf(goldFan, `/api/chats/${goldChat?.id}/messages/${copyId}/media/0/thumb`)).toBe(200);
    expect((await goldFan.client.request('PUT', `/api/chats/${goldChat?.id}/read`, { messageId: copyId })).status).toBeLessThan(300);
    const outcome = (await creator.client.get(`/api/me/mass-messages/${id}`)).body;
    expect(outcome).toMatchObject({ read: 1, bought: 1, earned: { amountMinor: 800, currency: 'USD' } });

    // Unsent: the follower's unread, unbought copy leaves their chat; the gold fan's stays.
    const unsent = await creator.client.post(`/api/me/mass-messages/${id}/unsend`);
    expect(unsent.body).toMatchObject({ status: 'unsent', delivered: 2, bought: 1 });
    expect((await follower.client.get(`/api/chats/${followerChat?.id}/messages`)).body.items).toEqual([]);
    expect((await goldFan.client.get(`/api/chats/${goldChat?.id}/messages`)).body.items.map((m: { id: string }) => m.id)).toEqual([copyId]);

    const listed = (await creator.client.get('/api/me/mass-messages')).body;
    expect(listed.items.map((item: { id: string; status: string }) => [item.id, item.status])).toEqual([[id, 'unsent']]);
  });

  it('sends a scheduled message at its time, after what the creator wrote before it, or never once taken back', async () => {
    const { creator, goldFan } = await scene();
    const chatId = (await goldFan.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const sendAt = new Date(now().getTime() + 60 * 60_000).toISOString();
    const scheduled = await creator.client.post('/api/me/mass-messages', {
      id: generateId(),
      text: 'In an hour',
      include: ['subscribers'],
      sendAt,
    });
    expect(scheduled.body).toMatchObject({ status: 'scheduled', sendAt: new Date(sendAt).toISOString(), recipients: null });
    const cancelled = await creator.client.post('/api/me/mass-messages', {
      id: generateId(),
      text: 'Never',
      include: ['subscribers'],
      sendAt,
    });
    expect((await creator.client.post(`/api/me/mass-messages/${cancelled.body.id}/unsend`)).body).toMatchObject({
      status: 'unsent',
      delivered: 0,
    });
    const direct = await creator.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text: 'Before the hour' });
    expect(direct.status).toBe(200);

    // Another creator's, scheduled for the same hour, whose account is disabled meanwhile: it never goes out.
    const banned = await scene();
    const silenced = await banned.creator.client.post('/api/me/mass-messages', {
      id: generateId(),
      text: 'Never',
      include: ['subscribers'],
      sendAt,
    });
    await server.context.database.db.update(users).set({ disabledAt: now() }).where(eq(users.id, banned.creator.id));

    server.advanceClock(61 * 60_000);
    await waitForStatus(creator, scheduled.body.id, 'sent');
    await vi.waitFor(
      async () => {
        const [row] = await server.context.database.db.select().from(massMessages).where(eq(massMessages.id, silenced.body.id));
        expect(row).toMatchObject({ status: 'unsent', recipientCount: null });
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(await chatWith(banned.goldFan, banned.creator.id)).toBeUndefined();
    const history = (await goldFan.client.get(`/api/chats/${chatId}/messages`)).body.items as { text: string; createdAt: string }[];
    expect(history.map((message) => message.text)).toEqual(['In an hour', 'Before the hour']);
    expect(history[0]?.createdAt).toBe(new Date(sendAt).toISOString());
    expect((await creator.client.get(`/api/me/mass-messages/${cancelled.body.id}`)).body).toMatchObject({
      status: 'unsent',
      recipients: null,
    });
  });

  it('puts a copy in the chat a member opened after sending began, never in a second chat', async () => {
    const { creator, goldFan } = await scene();
    const db = server.context.database.db;
    const id = generateId();
    await db.insert(massMessages).values({
      id,
      creatorId: creator.id,
      body: 'Hello',
      include: ['subscribers'],
      exclude: [],
      status: 'sending',
      sendAt: now(),
    });
    // Written when sending began, when the fan had no chat yet.
    await db.transaction((tx) => writeRecipients(tx, id, sql`select ${goldFan.id}::text as user_id`));
    const opened = (await goldFan.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
    const message = { id, creatorId: creator.id, sendAt: now() };
    expect(await db.transaction((tx) => deliverBatch(tx, message, now()))).toEqual({
      copies: [{ chatId: opened, messageId: massMessageCopyId(id, goldFan.id), recipientId: goldFan.id, opened: false }],
      last: true,
    });
    const chats = (await goldFan.client.get('/api/chats')).body.items as { id: string }[];
    expect(chats.map((chat) => chat.id)).toEqual([opened]);
    expect(await db.transaction((tx) => deliverBatch(tx, message, now()))).toBeNull();
  });

  it('keeps no recipient of a message taken back while it was being delivered', async () => {
    const creator = await signUp(server, 'takesback', { creator: true });
    const fan = await signUp(server, 'mmwaiting');
    const db = server.context.database.db;
    const id = generateId();
    const message = { id, creatorId: creator.id, body: 'Hello', include: ['subscribers'], exclude: [], sendAt: now() };
    await db.insert(massMessages).values({ ...message, status: 'sending' });
    await db.transaction((tx) => writeRecipients(tx, id, sql`select ${fan.id}::text as user_id`));
    const waiting = () => db.select().from(massMessageBatches).where(eq(massMessageBatches.massMessageId, id));
    expect(await waiting()).toHaveLength(1);
    expect((await creator.client.post(`/api/me/mass-messages/${id}/unsend`)).body).toMatchObject({ status: 'unsent' });
    expect(await waiting()).toEqual([]);
    expect(await db.transaction((tx) => deliverBatch(tx, message, now()))).toBeNull();
  });

  it('moves the fan’s chat up with the copy, but neither reorders the creator’s inbox nor reads what fans wrote', async () => {
    const { creator, gold, goldFan } = await scene();
    const chatter = await signUp(server, 'mmchatter');
    await subscribe(server, chatter.id, gold, new Date(now().getTime() + DAY_MS));
    const write = async (member: Person, text: string) => {
      const chatId = (await member.client.post('/api/chats', { partnerId: creator.id })).body.id as string;
      const posted = await member.client.post(`/api/chats/${chatId}/messages`, { id: generateId(), text });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      server.advanceClock(1000);
      return chatId;
    };
    const goldChat = await write(goldFan, 'Are you there?');
    const chatterChat = await write(chatter, 'Hi!');
    const inbox = async () =>
      ((await creator.client.get('/api/chats')).body.items as { id: string; unread: number }[]).map(({ id, unread }) => ({ id, unread }));
    const before = await inbox();
    expect(before.slice(0, 2)).toEqual([
      { id: chatterChat, unread: 1 },
      { id: goldChat, unread: 1 },
    ]);

    const id = generateId();
    await creator.client.post('/api/me/mass-messages', { id, text: 'News', include: ['subscribers'] });
    await waitForStatus(creator, id, 'sent');
    // The chats it opened are new to the inbox; those that were there keep their order and unread messages.
    const known = new Set(before.map((chat) => chat.id));
    expect((await inbox()).filter((chat) => known.has(chat.id))).toEqual(before);
    const fanChats = (await goldFan.client.get('/api/chats')).body.items as { id: string; lastMessage: { id: string } }[];
    expect(fanChats[0]).toMatchObject({ id: goldChat, lastMessage: { id: massMessageCopyId(id, goldFan.id) } });
  });

  it('refuses what is not the creator’s to send, and bad input, with its code', async () => {
    const { creator, vip } = await scene();
    const other = await signUp(server, 'mmother', { creator: true });
    const member = await signUp(server, 'mmmember');
    const send = (client: ApiClient, body: Record<string, unknown>) =>
      client.post('/api/me/mass-messages', { id: generateId(), text: 'Hello', include: ['subscribers'], ...body });
    expect((await send(other.client, { include: [`list:${vip}`] })).status).toBe(404);
    expect((await send(other.client, { mediaIds: [await insertMediaRow(server, creator.id)] })).status).toBe(404);
    expect((await send(member.client, {})).body.type).toBe('creator_required');
    expect((await send(creator.client, { include: [] })).body.type).toBe('validation_failed');
    expect((await send(creator.client, { include: ['everyone'] })).body.type).toBe('validation_failed');
    expect((await send(creator.client, { price: { amountMinor: 500, currency: 'USD' } })).body.type).toBe('validation_failed');
    const far = new Date(now().getTime() + 91 * DAY_MS).toISOString();
    expect((await send(creator.client, { sendAt: far })).body.type).toBe('validation_failed');
    const taken = await send(creator.client, {});
    expect(
      (await other.client.post('/api/me/mass-messages', { id: taken.body.id, text: 'Mine', include: ['subscribers'] })).body.type,
    ).toBe('message_id_taken');
    expect((await other.client.get(`/api/me/mass-messages/${taken.body.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/me/mass-messages/${taken.body.id}/unsend`)).status).toBe(404);
  });
  it('tells each recipient by e-mail once, after the quiet spell, in batches of one sweep', async () => {
    const creator = await signUp(server, 'mailer', { creator: true });
    const plan = await createActivePlan(creator.client, 'Gold', 900, 'USD');
    // More recipients than one notice statement finds (200): the sweep reads batch after batch.
    const tag = generateId();
    await server.context.database.db.execute(sql`insert into users (id, email)
      select ${tag} || '-' || n, ${tag} || '-' || n || '@mail.example' from generate_series(1, 210) as n`);
    await server.context.database.db.execute(sql`insert into user_data (user_id) select id from users where id like ${`${tag}-%`}`);
    await server.context.database.db.execute(sql`insert into subscriptions (id, user_id, creator_id, plan_id, valid_until)
      select 's-' || id, id, ${creator.id}, ${plan}, ${new Date(now().getTime() + 30 * DAY_MS).toISOString()}::timestamptz
      from users where id like ${`${tag}-%`}`);
    const sent = await creator.client.post('/api/me/mass-messages', { id: generateId(), text: 'News', include: ['subscribers'] });
    await waitForStatus(creator, sent.body.id, 'sent');
    // The scheduled sweep stays still (the last test of the file): one sweep must tell all 210.
    await server.context.jobs.stop();

    server.advanceClock(11 * 60_000);
    const mailed = () => server.smtp.messages.filter((mail) => mail.to.endsWith('@mail.example') && mail.to.startsWith(tag));
    // (Earlier tests' recipients are told in the same sweep.)
    expect(await server.context.chatNotices.sendDue()).toBeGreaterThanOrEqual(210);
    expect(mailed()).toHaveLength(210);
    expect(new Set(mailed().map((mail) => mail.to)).size).toBe(210);
    server.advanceClock(6 * 60_000);
    expect(await server.context.chatNotices.sendDue()).toBe(0);
    expect(mailed()).toHaveLength(210);
  }, 120_000);
});
