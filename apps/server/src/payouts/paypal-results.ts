import { type Currency, majorUnits } from '@aurum/core';
import { z } from 'zod';
import type { PayPalError } from '../integrations/paypal/api.js';
import type { PayoutResult } from './provider.js';

/** What PayPal's answers mean for a payout: pure, so each rule has its test. */

/** A payout item as PayPal shows it (in a batch, on its own, in a webhook). */
export const paypalItemSchema = z.object({
  payout_item_id: z.string().min(1),
  transaction_status: z.string().nullish(),
  payout_batch_id: z.string().min(1),
  payout_item: z.object({ receiver: z.string().nullish(), sender_item_id: z.string().nullish() }).nullish(),
  errors: z.object({ name: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
export type PayPalItem = z.infer<typeof paypalItemSchema>;

export type Refusal = { code: string; message: string };

/** The amount as PayPal takes it: a decimal string with the currency's exponent (2400 USD is "24.00"). */
export function paypalAmount(amountMinor: number, currency: Currency): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new RangeError('a payout amount is a positive whole number of minor units');
  return majorUnits(amountMinor, currency);
}

const CHECK_ADDRESS = 'Check the PayPal address in your payout method, then withdraw again.';

/** PayPal's errors about the receiving account: the creator can do something about each. */
const RECEIVER_REFUSALS: Record<string, string> = {
  RECEIVER_UNREGISTERED: `No PayPal account uses this address. ${CHECK_ADDRESS}`,
  RECEIVER_UNCONFIRMED: 'The PayPal account for this address is not confirmed yet. Confirm it at PayPal, then withdraw again.',
  RECEIVER_ACCOUNT_LOCKED:
    'The PayPal account for this address cannot receive money now. Check it at PayPal, or add another payout method.',
  RECEIVER_COUNTRY_NOT_ALLOWED: 'PayPal cannot send money to accounts in this country. Add another payout method.',
};

/**
 * 4xx errors that never return the money. The platform's own: its PayPal balance is short or its
 * account may not send; nothing about the payout is wrong, so it waits and is asked again (same
 * key) rather than handed back with a message telling the creator to fix something. And
 * USER_BUSINESS_ERROR, PayPal's answer to a sender_batch_id it has seen: should its link to the
 * first batch be missing, that batch may still pay, so handing the money back could pay twice.
 */
const NEVER_REFUSALS = new Set([
  'INSUFFICIENT_FUNDS',
  'SENDER_ACCOUNT_UNVERIFIED',
  'SENDER_ACCOUNT_RESTRICTED',
  'NOT_AUTHORIZED',
  'USER_BUSINESS_ERROR',
]);

/**
 * A refusal of the payout request itself (a 400 or 422 about the payout): nothing was sent and
 * the money goes back. Null for answers that say nothing about the payout (401, 403, 409, 429,
 * 5xx) and the errors above, where it waits and is asked again.
 */
export function refusalOf(status: number, error: PayPalError | undefined): Refusal | null {
  if ((status !== 400 && status !== 422) || !error || NEVER_REFUSALS.has(error.name)) return null;
  const message = RECEIVER_REFUSALS[error.name];
  if (message) return { code: error.name.toLowerCase(), message };
  if (error.details?.some((detail) => detail.field?.toLowerCase().includes('receiver'))) {
    return { code: 'receiver_invalid', message: `PayPal does not take this address. ${CHECK_ADDRESS}` };
  }
  return {
    code: `paypal_${error.name.toLowerCase()}`,
    message: 'PayPal refused this payout. Try again later, or contact support if it happens again.',
  };
}

/**
 * PayPal's answer to a sender_batch_id it has seen in the last 30 days (a repeat whose
 * PayPal-Request-Id it no longer keeps): the first batch's id, from the error's link to it.
 */
export function earlierBatchOf(error: PayPalError | undefined): string | null {
  const duplicate = error?.details?.some(
    (detail) => /sender_batch_id/i.test(detail.field ?? '') && /already exists/i.test(detail.issue ?? ''),
  );
  if (!duplicate) return null;
  for (const link of error?.links ?? []) {
    const id = /\/v1\/payments\/payouts\/([^/?#]+)$/.exec(link.href)?.[1];
    if (id) return decodeURIComponent(id);
  }
  return null;
}

const UNCLAIMED = (receiver: string | null | undefined) =>
  `No PayPal account took the payout sent to ${receiver ?? 'your PayPal address'}, so it was canceled. ${CHECK_ADDRESS}`;

/** The item was unclaimed and is cancelled (only an unclaimed item can be): its money is back with the platform. */
export const unclaimedResult = (item: PayPalItem): PayoutResult => ({
  status: 'failed',
  providerRef: item.payout_batch_id,
  code: 'paypal_unclaimed',
  message: UNCLAIMED(item.payout_item?.receiver),
});

/** Why an item that did not reach the creator ended, by its status, when PayPal names no receiver error. */
const ENDED: Record<string, string> = {
  RETURNED: `PayPal sent the payout back: the PayPal account for this address did not take it. ${CHECK_ADDRESS}`,
  FAILED: `PayPal could not send the payout. ${CHECK_ADDRESS}`,
  BLOCKED: 'PayPal blocked the payout to this address. Add another payout method, or contact support.',
  DENIED: 'PayPal declined the payout. Try again later, or contact support if it happens again.',
  REFUNDED: `The payout came back from PayPal. ${CHECK_ADDRESS}`,
  REVERSED: `The payout came back from PayPal. ${CHECK_ADDRESS}`,
};

/** Statuses of an item whose money had reached the receiver and came back. */
const CAME_BACK = new Set(['REFUNDED', 'REVERSED']);

/**
 * What an item's status means for the payout. `cancel`: it is unclaimed, so it is cancelled to
 * get the money back now rather than in PayPal's 30 days. Pending, on hold (PayPal reviews it)
 * and statuses PayPal may add later leave it in flight.
 */
export function itemResult(item: PayPalItem): PayoutResult | 'cancel' {
  const status = item.transaction_status ?? 'PENDING';
  if (status === 'SUCCESS') return { status: 'paid', providerRef: item.payout_batch_id };
  if (status === 'UNCLAIMED') return 'cancel';
  const ended = ENDED[status];
  if (!ended) return { status: 'in_flight', providerRef: item.payout_batch_id };
  const named = item.errors?.name ?? undefined;
  const receiverMessage = named ? RECEIVER_REFUSALS[named] : undefined;
  return {
    status: 'failed',
    providerRef: item.payout_batch_id,
    code: receiverMessage && named ? named.toLowerCase() : `paypal_${status.toLowerCase()}`,
    message: receiverMessage ?? ended,
    // These come after the item succeeded: the money had arrived, and is back with the platform.
    ...(CAME_BACK.has(status) ? { returned: true } : {}),
  };
}
