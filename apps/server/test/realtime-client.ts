import { REALTIME_PATH, type RealtimeServerMessage } from '@aurum/core';
import { expect, vi } from 'vitest';
import { type ClientOptions, WebSocket } from 'ws';
import type { TestServer } from './test-server.js';

/** A browser-like socket: the session cookie and the page's Origin, and its messages in arrival order. */
export function openSocket(
  server: TestServer,
  { cookie, origin = server.baseUrl, ...options }: { cookie?: string | null; origin?: string } & ClientOptions,
) {
  const socket = new WebSocket(server.baseUrl.replace('http', 'ws') + REALTIME_PATH, {
    headers: { origin, ...(cookie ? { cookie } : {}) },
    ...options,
  });
  const received: RealtimeServerMessage[] = [];
  socket.on('message', (data) => received.push(JSON.parse(data.toString()) as RealtimeServerMessage));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  /** Waits for the next message matching `match` and returns it. */
  const next = async (match: (message: RealtimeServerMessage) => boolean) => {
    await vi.waitFor(() => expect(received.some(match)).toBe(true), { timeout: 5000, interval: 10 });
    return received.find(match) as RealtimeServerMessage;
  };
  const send = (message: unknown) => socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  return { socket, received, closed, opened, next, send };
}

/** Subscribes and waits for the answer about that channel: `subscribed` or an error. */
export async function subscribe(connection: ReturnType<typeof openSocket>, channel: string) {
  await connection.opened;
  connection.send({ type: 'subscribe', channel });
  return connection.next((message) => message.type !== 'event' && 'channel' in message && message.channel === channel);
}
