import type { ApiErrorBody } from './api-types.js';

/**
 * The realtime protocol, shared by the server (`/api/realtime`) and the web client: JSON text
 * frames over one websocket per browser tab. The client subscribes to channels; the server
 * answers each subscription and then pushes events on it. Events only say that something
 * changed: the client reads the change through the API, so nothing is lost across a reconnect.
 * Plain values without zod (the client's messages are validated in `realtime-schemas.ts`), so
 * the web app's shell, which subscribes on every page, does not load the validation library.
 */

/** The path of the websocket endpoint. */
export const REALTIME_PATH = '/api/realtime';

/** A close code after which the client never reconnects: the session is missing, ended or refused. */
export const REALTIME_POLICY_CLOSE = 1008;

/** A channel: the user's own (`user:<userId>`) or, with chat, a chat's (`chat:<chatId>`). */
export type RealtimeChannel = `user:${string}` | `chat:${string}`;

export const userChannel = (userId: string): RealtimeChannel => `user:${userId}`;

/** Events on the user's channel. */
export const REALTIME_EVENTS = {
  /** The account's labels or state changed (a creator label granted, a verification result): read /api/me again. */
  accountChanged: 'account.changed',
} as const;

/** On the user's channel: a moderation decision told them something (the outcome of their report, a removal): read their notices again. */
export const MODERATION_NOTICE_EVENT = 'moderation.notice';

/**
 * On the owner's channel: an upload's processing moved on (`MediaStatusEventData`). `progress`
 * (0-100) comes while a video is converted; on 'ready' or 'failed' read its status again.
 */
export const MEDIA_STATUS_EVENT = 'media.status';
export interface MediaStatusEventData {
  mediaId: string;
  status: 'processing' | 'ready' | 'failed';
  progress?: number;
}

/** On a ticket author's channel: support wrote in, closed or reopened their ticket (`SupportTicketEventData`): read it again. */
export const SUPPORT_TICKET_EVENT = 'support.ticket';
export interface SupportTicketEventData {
  ticketId: string;
}

/** On the user's own channel: a chat of theirs has a new message (the unread badge changes). */
export const USER_CHAT_EVENT = 'chat.message';

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
