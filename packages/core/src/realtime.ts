import { z } from 'zod';
import type { ApiErrorBody } from './api-types.js';

/**
 * The realtime protocol, shared by the server (`/api/realtime`) and the web client: JSON text
 * frames over one websocket per browser tab. The client subscribes to channels; the server
 * answers each subscription and then pushes events on it. Events only say that something
 * changed: the client reads the change through the API, so nothing is lost across a reconnect.
 */

/** The path of the websocket endpoint. */
export const REALTIME_PATH = '/api/realtime';

/** A close code after which the client never reconnects: the session is missing, ended or refused. */
export const REALTIME_POLICY_CLOSE = 1008;

/** A channel: the user's own (`user:<userId>`) or, with chat, a chat's (`chat:<chatId>`). */
export const realtimeChannelSchema = z.string().regex(/^(user|chat):[A-Za-z0-9_-]{1,64}$/, 'not a channel name');
export type RealtimeChannel = z.infer<typeof realtimeChannelSchema>;

export const userChannel = (userId: string): RealtimeChannel => `user:${userId}`;

export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), channel: realtimeChannelSchema }),
  z.object({ type: z.literal('unsubscribe'), channel: realtimeChannelSchema }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** Events on the user's channel. */
export const REALTIME_EVENTS = {
  /** The account's labels or state changed (a creator label granted, a verification result): read /api/me again. */
  accountChanged: 'account.changed',
} as const;

export type RealtimeServerMessage =
  | { type: 'subscribed'; channel: RealtimeChannel }
  | { type: 'event'; channel: RealtimeChannel; event: string; data: unknown }
  | { type: 'error'; channel?: RealtimeChannel; error: ApiErrorBody };

/**
 * How long the client waits before its next connection attempt after a drop (spec section 9):
 * 1 s for the first 5 attempts, 5 s below 15, 10 s below 100, then 60 s. `attempt` counts from 1.
 */
export function realtimeReconnectDelayMs(attempt: number): number {
  if (attempt <= 5) return 1000;
  if (attempt < 15) return 5000;
  if (attempt < 100) return 10_000;
  return 60_000;
}

/** The client opens its connection this long after the first subscription, so a page's subscriptions share one connect. */
export const REALTIME_CONNECT_DEBOUNCE_MS = 50;
