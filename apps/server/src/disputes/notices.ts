import { type Currency, formatMoney } from '@aurum/core';
import type { Executor } from '../db/database.js';

/** What a creator is told of a dispute of a payment to them, in the app and by e-mail. */
export interface DisputeNotice {
  userId: string;
  kind: 'dispute_opened' | 'dispute_decided';
  message: string;
  reason: string | null;
  mailSubject: string;
}

/** Stores notices in the transaction of the step they tell of; `tell` announces and mails them after its commit. */
export interface DisputeNotices {
  record(tx: Executor, notices: readonly DisputeNotice[], now: Date): Promise<void>;
  tell(notices: readonly DisputeNotice[]): Promise<void>;
}

const money = (amountMinor: number, currency: string) => formatMoney({ amountMinor, currency: currency as Currency });

/** The member's bank took a payment back: the creator's share and the fee leave their balance. */
export function disputeOpenedNotice(
  creatorId: string,
  dispute: { amountMinor: number; currency: string; shareMinor: number; feeMinor: number },
) {
  const amount = money(dispute.amountMinor, dispute.currency);
  const fee = dispute.feeMinor > 0 ? ` and the ${money(dispute.feeMinor, dispute.currency)} dispute fee` : '';
  return {
    userId: creatorId,
    kind: 'dispute_opened',
    message: `A member disputed a payment of ${amount} with their bank. Your earning from it (${money(dispute.shareMinor, dispute.currency)})${fee} are taken from your balance while the bank decides; if it decides for you, the earning comes back.`,
    reason: null,
    mailSubject: `A payment of ${amount} to you was disputed`,
  } satisfies DisputeNotice;
}

/** The bank decided: won gives the earning back (and the fee as far as the provider returned it), lost keeps it taken. */
export function disputeDecidedNotice(creatorId: string, dispute: { amountMinor: number; currency: string; outcome: 'won' | 'lost' }) {
  const amount = money(dispute.amountMinor, dispute.currency);
  return {
    userId: creatorId,
    kind: 'dispute_decided',
    message:
      dispute.outcome === 'won'
        ? `The bank decided the disputed payment of ${amount} for you: your earning from it is back in your balance.`
        : `The bank decided the disputed payment of ${amount} for the member: the money stays with them.`,
    reason: null,
    mailSubject: dispute.outcome === 'won' ? `You won the dispute of a ${amount} payment` : `A dispute of a ${amount} payment was decided`,
  } satisfies DisputeNotice;
}
