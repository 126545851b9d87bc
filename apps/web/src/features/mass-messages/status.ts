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

/** Still going out (or about to): worth reading again soon. */
export const isUnderWay = (message: Timed, now: number = Date.now()) => stageOf(message, now) === 'sending';

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
