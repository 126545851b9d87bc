/**
 * Chat pairs for the benches that chat: a member and a creator each, seeded in SQL with a plan
 * that includes chat, a valid subscription, the chat and a session each; their sockets, and sends.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ChatMessageEvent, generateId, REALTIME_PATH, type RealtimeServerMessage, ROLE } from '@aurum/core';
import type pg from 'pg';
import { WebSocket } from 'ws';
import type { RunningServer } from './compiled-server.js';

export interface Pair {
  chatId: string;
  memberToken: string;
  creatorToken: string;
  /** The creator's plan, which includes chat. */
  planId: string;
}

/** Users, profiles, a creator's plan with chat, the member's subscription, the chat and a session per user, in a few statements. */
export async function seedChatPairs(client: pg.Client, pairs: number): Promise<Pair[]> {
  const now = new Date();
  const rows: Pair[] = [];
  const users: unknown[][] = [];
  const sessions: unknown[][] = [];
  const plans: unknown[][] = [];
  const subscriptions: unknown[][] = [];
  const chats: unknown[][] = [];
  const participants: unknown[][] = [];
  for (let i = 0; i < pairs; i++) {
    const member = generateId();
    const creator = generateId();
    const plan = generateId();
    const chatId = generateId();
    const memberToken = randomBytes(24).toString('base64url');
    const creatorToken = randomBytes(24).toString('base64url');
    users.push([member, `rt-member-${i}@example.com`, [], `rtm${i}`], [creator, `rt-creator-${i}@example.com`, [ROLE.creators], `rtc${i}`]);
    for (const [userId, token] of [
      [member, memberToken],
      [creator, creatorToken],
    ] as const) {
      sessions.push([createHash('sha256').update(token).digest('hex'), userId, new Date(now.getTime() + 86_400_000)]);
    }
    plans.push([plan, creator]);
    subscriptions.push([generateId(), member, creator, plan, new Date(now.getTime() + 30 * 86_400_000)]);
    const [low, high] = [member, creator].sort() as [string, string];
    chats.push([chatId, low, high]);
    participants.push([chatId, member, creator], [chatId, creator, member]);
    rows.push({ chatId, memberToken, creatorToken, planId: plan });
  }
  const insert = async (sqlText: string, values: unknown[][]) => {
    const columns = values[0]?.length ?? 0;
    for (let start = 0; start < values.length; start += 500) {
      const batch = values.slice(start, start + 500);
      const placeholders = batch.map((_row, r) => `(${Array.from({ length: columns }, (_c, c) => `$${r * columns + c + 1}`).join(', ')})`);
      await client.query(sqlText.replace('VALUES', `values ${placeholders.join(', ')}`), batch.flat());
    }
  };
  await insert(
    'insert into users (id, email, labels, name) VALUES',
    users.map(([id, email, labels]) => [id, email, labels, 'Realtime bench']),
  );
  await insert(
    'insert into profiles (user_id, handle, public_name, avatar_color) VALUES',
    users.map(([id, , , handle]) => [id, handle, `User ${handle}`, 'hsl(42, 50%, 50%)']),
  );
  await insert(
    'insert into user_data (user_id) VALUES',
    users.map(([id]) => [id]),
  );
  await insert('insert into sessions (id, user_id, expires_at) VALUES', sessions);
  await insert(
    `insert into plans (id, creator_id, name, price_minor, currency, perks, active) VALUES`,
    plans.map(([id, creator]) => [id, creator, 'Chat plan', 500, 'USD', JSON.stringify({ chat: true }), true]),
  );
  await insert('insert into subscriptions (id, user_id, creator_id, plan_id, valid_until) VALUES', subscriptions);
  await insert('insert into chats (id, user_low, user_high) VALUES', chats);
  await insert(
    'insert into chat_participants (chat_id, user_id, partner_id, activity_at) VALUES',
    participants.map((row) => [...row, now]),
  );
  return rows;
}

export interface Listener {
  socket: WebSocket;
  /** Resolves when the message with this id arrives on the socket. */
  waitFor(messageId: string): Promise<number>;
}

/** A socket signed in with a session token, following one chat; resolves once the server confirmed the subscription. */
export async function openChatSocket(server: RunningServer, token: string, chatId: string): Promise<Listener> {
  const socket = new WebSocket(server.baseUrl.replace('http', 'ws') + REALTIME_PATH, {
    headers: { origin: server.baseUrl, cookie: `aurum_session=${token}` },
    perMessageDeflate: false,
  });
  const waiting = new Map<string, (at: number) => void>();
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel: `chat:${chatId}` })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'subscribed') resolve();
      else if (message.type === 'error') reject(new Error(message.error.message));
      else if (message.type === 'event' && message.event === 'message.created') {
        const id = (message.data as ChatMessageEvent).messageId;
        waiting.get(id)?.(performance.now());
        waiting.delete(id);
      }
    });
  });
  socket.removeAllListeners('close');
  socket.removeAllListeners('error');
  socket.on('error', () => undefined);
  return { socket, waitFor: (messageId) => new Promise((resolve) => waiting.set(messageId, resolve)) };
}

/** Opens sockets `limit` at a time, so the handshakes do not all land at once. */
export async function openAll<T>(work: (() => Promise<T>)[], limit = 64): Promise<T[]> {
  const results: T[] = new Array(work.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < work.length) {
        const index = next++;
        results[index] = await (work[index] as () => Promise<T>)();
      }
    }),
  );
  return results;
}

/** The member of `pair` sends `text` over HTTP; resolves with the message id once answered. */
export async function sendChatMessage(server: RunningServer, pair: Pair, text: string, id = generateId()): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/chats/${pair.chatId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie: `aurum_session=${pair.memberToken}` },
    body: JSON.stringify({ id, text }),
  });
  if (!response.ok) throw new Error(`send: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return id;
}
