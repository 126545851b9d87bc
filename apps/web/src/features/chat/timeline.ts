import { type ChatMessage, type ChatMessagePreview, type ContentPrice, formatMoney } from '@aurum/core';
import { formatDate } from '../../lib/dates';

/** Where one of the user's own messages stands, as the sender sees it. */
export type Delivery = 'sending' | 'failed' | 'sent' | 'read';

/** A message typed here that the server has not confirmed yet. */
export interface PendingMessage {
  id: string;
  text: string;
  /** Processed uploads going with it; shown once the server has the message. */
  mediaIds: string[];
  /** Pay-per-view: what the recipient pays to see the media. */
  price: ContentPrice | null;
  createdAt: string;
  failed: boolean;
}

export type TimelineItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: ChatMessage; mine: boolean; delivery: Delivery | null };

const dayKey = (at: Date) => `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;

/** "Today", "Yesterday" or the date: the separator above a day's first message. */
export function dayLabel(at: Date, now: Date): string {
  if (dayKey(at) === dayKey(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return 'Yesterday';
  return formatDate(at);
}

/**
 * The line under a chat's partner in the list: the last message's text, or what it carried,
 * with the price of a paid one, so a member sees at a glance that there is something to unlock,
 * and the amount of a tip.
 */
export function chatPreviewText(last: ChatMessagePreview | null, viewerId: string | undefined): string {
  if (!last) return 'No messages yet';
  const attachments = last.mediaCount === 1 ? 'an attachment' : `${last.mediaCount} attachments`;
  const content = last.tip
    ? `Tipped ${formatMoney(last.tip)}${last.text ? ` · ${last.text}` : ''}`
    : last.text || (last.price ? 'Paid message' : `Sent ${attachments}`);
  const price = last.price ? ` · ${formatMoney(last.price)}` : '';
  return `${last.senderId === viewerId ? 'You: ' : ''}${content}${price}`;
}

/** The time beside a chat in the list: the hour today, the weekday within a week, else the date. */
export function chatListTime(iso: string, now: Date): string {
  const at = new Date(iso);
  if (dayKey(at) === dayKey(now)) return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(at);
  if (now.getTime() - at.getTime() < 6 * 24 * 60 * 60 * 1000) return new Intl.DateTimeFormat('en-US', { weekday: 'short' }).format(at);
  return formatDate(at);
}

/** Whether message a comes after message b in the chat's order (time, then id). */
export function comesAfter(a: Pick<ChatMessage, 'createdAt' | 'id'>, b: Pick<ChatMessage, 'createdAt' | 'id'>): boolean {
  const at = Date.parse(a.createdAt);
  const bt = Date.parse(b.createdAt);
  return at > bt || (at === bt && a.id > b.id);
}

/**
 * The conversation oldest first, with a separator at each new day. `pages` come from the API
 * newest first; messages still being sent follow the stored ones. The user's own messages say
 * whether the partner has read them (up to `partnerLastRead`).
 */
export function buildTimeline(
  pages: ChatMessage[][],
  pending: PendingMessage[],
  options: { chatId: string; userId: string; partnerLastRead: ChatMessage | null; now: Date },
): TimelineItem[] {
  const stored = pages.flat().reverse();
  const storedIds = new Set(stored.map((message) => message.id));
  const unsent = pending
    .filter((message) => !storedIds.has(message.id))
    .map((message) => ({
      message: {
        id: message.id,
        chatId: options.chatId,
        senderId: options.userId,
        text: message.text,
        media: [],
        price: message.price,
        unlocked: true,
        paid: false,
        tip: null,
        createdAt: message.createdAt,
      },
      delivery: (message.failed ? 'failed' : 'sending') as Delivery,
    }));
  const items: TimelineItem[] = [];
  let lastDay: string | null = null;
  const entries = [...stored.map((message) => ({ message, delivery: null as Delivery | null })), ...unsent];
  for (const { message, delivery } of entries) {
    const at = new Date(message.createdAt);
    if (dayKey(at) !== lastDay) {
      lastDay = dayKey(at);
      items.push({ kind: 'day', key: `day-${lastDay}`, label: dayLabel(at, options.now) });
    }
    const mine = message.senderId === options.userId;
    const read = options.partnerLastRead !== null && !comesAfter(message, options.partnerLastRead);
    items.push({ kind: 'message', key: message.id, message, mine, delivery: mine ? (delivery ?? (read ? 'read' : 'sent')) : null });
  }
  return items;
}
