import { formatMoney, type MassMessage } from '@aurum/core';
import { formatDateTime } from '../../lib/dates';

/** What the creator reads of a message's state: scheduled, on its way, sent, or taken back. */
export type Stage = 'scheduled' | 'sending' | 'sent' | 'unsent';

type Timed = Pick<MassMessage, 'status' | 'sendAt'>;

/** A message due now is on its way, though its job may not have begun yet. */
export function stageOf(message: Timed, now: number = Date.now()): Stage {
  if (message.status === 'scheduled' && Date.parse(message.sendAt) <= now) return 'sending';
  return message.status;
}

/** While a message goes out, its page and the list read it again this often. */
export const SENDING_POLL_MS = 3000;
/** A message due within this long is watched for when it begins. */
const DUE_SOON_MS = 10 * 60_000;

/**
 * How soon to read a message again, or false: often while it goes out, and at its time when it
 * is due soon (this device's clock may be behind the server's, so a message sent now may still
 * read as due for a moment).
 */
export function readAgainIn(message: Timed, now: number = Date.now()): number | false {
  if (message.status === 'sending') return SENDING_POLL_MS;
  if (message.status !== 'scheduled') return false;
  const wait = Date.parse(message.sendAt) - now;
  return wait > DUE_SOON_MS ? false : Math.max(SENDING_POLL_MS, wait);
}

export const STAGE_LABELS: Record<Stage, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  unsent: 'Unsent',
};

export const STAGE_COLORS = {
  scheduled: 'info',
  sending: 'warning',
  sent: 'success',
  unsent: 'default',
} as const satisfies Record<Stage, string>;

/** When it went or goes out, as said after its state: "for Mon, Nov 23, 2026, 9:30 AM", "since …", or the time. */
export function whenDetail(message: Pick<MassMessage, 'status' | 'sendAt' | 'sentAt' | 'unsentAt'>, now: number = Date.now()): string {
  switch (stageOf(message, now)) {
    case 'scheduled':
      return `for ${formatDateTime(message.sendAt)}`;
    case 'sending':
      return `since ${formatDateTime(message.sendAt)}`;
    case 'sent':
      return formatDateTime(message.sentAt ?? message.sendAt);
    case 'unsent':
      return formatDateTime(message.unsentAt ?? message.sendAt);
  }
}

/** Its state and when: "Scheduled for Mon, Nov 23, 2026, 9:30 AM", "Sending since …", "Sent …", "Unsent …". */
export const whenText = (message: Pick<MassMessage, 'status' | 'sendAt' | 'sentAt' | 'unsentAt'>, now: number = Date.now()) =>
  `${STAGE_LABELS[stageOf(message, now)]} ${whenDetail(message, now)}`;

const count = (value: number) => value.toLocaleString('en-US');

/** "Delivered 1,204 of 1,250", once the recipients are known (when sending began); null before. */
export const deliveredText = (message: Pick<MassMessage, 'recipients' | 'delivered'>) =>
  message.recipients === null ? null : `Delivered ${count(message.delivered)} of ${count(message.recipients)}`;

/** "1 media item", "3 media items"; null for text alone. */
export const mediaText = (mediaCount: number) =>
  mediaCount === 0 ? null : mediaCount === 1 ? '1 media item' : `${count(mediaCount)} media items`;

/** "$4.50", or "Free". */
export const priceText = (message: Pick<MassMessage, 'price'>) => (message.price ? formatMoney(message.price) : 'Free');
