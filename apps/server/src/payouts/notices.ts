import { type Currency, formatMoney } from '@aurum/core';
import type { Executor } from '../db/database.js';

/** What a creator is told of their payouts, in the app and by e-mail. */
export interface PayoutNotice {
  userId: string;
  kind: 'payout_failed' | 'payout_method_changed';
  message: string;
  reason: string | null;
  mailSubject: string;
}

/** Stores notices in the transaction of the change they tell of; `tell` announces and mails them after its commit. */
export interface PayoutNotices {
  record(tx: Executor, notices: readonly PayoutNotice[], now: Date): Promise<void>;
  tell(notices: readonly PayoutNotice[]): Promise<void>;
}

export function payoutFailedNotice(payout: {
  creatorId: string;
  amountMinor: number;
  currency: string;
  failureMessage: string | null;
}): PayoutNotice {
  const amount = formatMoney({ amountMinor: payout.amountMinor, currency: payout.currency as Currency });
  return {
    userId: payout.creatorId,
    kind: 'payout_failed',
    message: `Your payout of ${amount} could not be sent, and the money is back in your available balance. Check your payout method in Payouts, then withdraw again.`,
    reason: payout.failureMessage,
    mailSubject: `Your payout of ${amount} could not be sent`,
  };
}

export function methodChangedNotice(creatorId: string, pausedUntil: Date): PayoutNotice {
  return {
    userId: creatorId,
    kind: 'payout_method_changed',
    message: `The payout method your money goes to was changed. To keep your money safe if it was not you, payouts wait until ${pausedUntil.toUTCString()}. If you did not make this change, sign out everywhere and contact support now.`,
    reason: null,
    mailSubject: 'Your payout method was changed',
  };
}
