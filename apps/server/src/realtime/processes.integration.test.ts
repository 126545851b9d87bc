import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ChatMessage, type ChatMessageEvent, DAY_MS, generateId, type MessagesPage, REALTIME_POLICY_CLOSE } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, subscribe } from '../../test/realtime-client.js';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { CAN_SHARE_REDIS, createScratchDatabase } from '../../test/test-server.js';
import { openDatabase } from '../db/database.js';
import { chatParticipants, chats, plans, profiles, sessions, subscriptions, userData, users } from '../db/schema.js';

/**
 * Realtime across real server processes sharing PostgreSQL and Redis, as several instances run
 * in production: what happens through one reaches sockets on another, and a restarted process
 * loses nothing, since messages are stored and a reconnecting client reads what it missed.
 */
describe.runIf(CAN_SHARE_REDIS)('realtime across server processes', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let dataDir: string;
  const processes: ServerProcess[] = [];
  const secret = randomBytes(32).toString('hex');
  const start = async () => {
    const started = await startServerProcess({
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.TEST_REDIS_URL as string,
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
    });
    processes.push(started);
    return started;
  };

  /** A member and a creator with a chat plan, a chat and a session each, written straight to the database. */
  async function seedChat() {
    const database = await openDatabase({ url: scratch.url });
    try {
      const [member, creator, planId, chatId] = [generateId(), generateId(), generateId(), generateId()];
      const tokens = { member: randomBytes(24).toString('base64url'), creator: randomBytes(24).toString('base64url') };
      const db = database.db;
      await db.insert(users).values([
        { id: member, email: `${member}@example.com` },
        { id: creator, email: `${creator}@example.com`, labels: ['creators'] },
      ]);
      await db.insert(profiles).values([
        { userId: member, handle: `m${member}`, publicName: 'Member', avatarColor: 'hsl(1, 50%, 50%)' },
        { userId: creator, handle: `c${creator}`, publicName: 'Creator', avatarColor: 'hsl(2, 50%, 50%)' },
      ]);
      await db.insert(userData).values([{ userId: member }, { userId: creator }]);
      const expiresAt = new Date(Date.now() + DAY_MS);
      await db.insert(sessions).values([
        { id: createHash('sha256').update(tokens.member).digest('hex'), userId: member, expiresAt },
        { id: createHash('sha256').update(tokens.creator).digest('hex'), userId: creator, expiresAt },
      ]);
      await db
        .insert(plans)
        .values({ id: planId, creatorId: creator, name: 'Chat', priceMinor: 500, currency: 'USD', perks: { chat: true }, active: true });
      await db.insert(subscriptions).values({ id: generateId(), userId: member, creatorId: creator, planId, validUntil: expiresAt });
      const [low, high] = [member, creator].sort() as [string, string];
      await db.insert(chats).values({ id: chatId, userLow: low, userHigh: high });
      await db.insert(chatParticipants).values([
        { chatId, userId: member, partnerId: creator, activityAt: new Date() },
        { chatId, userId: creator, partnerId: member, activityAt: new Date() },
      ]);
      return { chatId, memberCookie: `aurum_session=${tokens.member}`, creatorCookie: `aurum_session=${tokens.creator}` };
    } finally {
      await database.close();
    }
  }

  const send = (server: ServerProcess, cookie: string, chatId: string, text: string) =>
    fetch(`${server.baseUrl}/api/chats/${chatId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
      body: JSON.stringify({ id: generateId(), text }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as ChatMessage }));

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-realtime-processes-'));
    // Migrations run once, before the processes start side by side.
    await (await openDatabase({ url: scratch.url })).close();
  });
  afterAll(async () => {
    for (const server of processes) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    await scratch?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers a message sent through one process to a socket on the other, and a sign-out there closes it', async () => {
    const [first, second] = [await start(), await start()];
    const { chatId, memberCookie, creatorCookie } = await seedChat();
    const creatorSocket = openSocket(first, { cookie: creatorCookie });
    expect(await subscribe(creatorSocket, `chat:${chatId}`)).toEqual({ type: 'subscribed', channel: `chat:${chatId}` });

    const sent = await send(second, memberCookie, chatId, 'Across processes');
    expect(sent.status).toBe(200);
    expect(await creatorSocket.next((m) => m.type === 'event' && m.event === 'message.created')).toMatchObject({
      data: { chatId, messageId: sent.body.id },
    });

    const signOut = await fetch(`${second.baseUrl}/api/auth/session`, {
      method: 'DELETE',
      headers: { origin: second.baseUrl, cookie: creatorCookie },
    });
    expect(signOut.status).toBe(204);
    expect(await creatorSocket.closed).toEqual({ code: REALTIME_POLICY_CLOSE, reason: 'session ended' });
  }, 120_000);

  it('loses nothing and shows nothing twice when the process a client was on restarts', async () => {
    const [first, second] = [processes[0] ?? (await start()), processes[1] ?? (await start())];
    const { chatId, memberCookie, creatorCookie } = await seedChat();
    const socket = openSocket(first, { cookie: creatorCookie });
    await subscribe(socket, `chat:${chatId}`);
    const before = await send(second, memberCookie, chatId, 'before the restart');
    await socket.next((m) => m.type === 'event' && m.event === 'message.created');
    const shown = new Map<string, string>([[before.body.id, before.body.text]]);

    first.child.kill('SIGTERM');
    expect((await socket.closed).code).toBe(1001);
    expect(await first.exited).toBe('0');
    const missed = [
      await send(second, memberCookie, chatId, 'while it was down 1'),
      await send(second, memberCookie, chatId, 'while it was down 2'),
    ];

    // The client reconnects to the restarted process, follows the chat again and reads the newest page.
    const restarted = await start();
    const again = openSocket(restarted, { cookie: creatorCookie });
    await subscribe(again, `chat:${chatId}`);
    const response = await fetch(`${restarted.baseUrl}/api/chats/${chatId}/messages`, { headers: { cookie: creatorCookie } });
    const page = (await response.json()) as MessagesPage;
    for (const message of page.items) shown.set(message.id, message.text);
    const after = await send(second, memberCookie, chatId, 'after the restart');
    // The event names the message; the client reads it.
    const live = await again.next((m) => m.type === 'event' && m.event === 'message.created');
    const { messageId } = (live as { data: ChatMessageEvent }).data;
    const read = await fetch(`${restarted.baseUrl}/api/chats/${chatId}/messages/${messageId}`, { headers: { cookie: creatorCookie } });
    const liveMessage = (await read.json()) as ChatMessage;
    shown.set(liveMessage.id, liveMessage.text);

    expect([...shown.keys()].sort()).toEqual([before, ...missed, after].map((message) => message.body.id).sort());
    expect(page.items.map((message) => message.text)).toEqual(['while it was down 2', 'while it was down 1', 'before the restart']);
  }, 120_000);
});
