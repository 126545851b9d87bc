import { AUDIT_REASON_MAX } from './admin.js';
import { currencySchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Disputes (chargebacks): a member asks their bank for a payment back. The provider takes the
 * disputed amount and a dispute fee from the platform at once; the platform passes both to the
 * creator, and gives the amount back if the dispute is won.
 */

export const ADMIN_DISPUTES_PAGE_SIZE = 25;

/**
 * The provider's states (Stripe's), in the order a dispute goes through them: `warning_*` are
 * inquiries that take no money; won, lost, prevented and warning_closed are final.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'needs_response',
  'under_review',
  'warning_closed',
  'prevented',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export function isFinalDispute(status: DisputeStatus): boolean {
  return DISPUTE_STATUSES.indexOf(status) >= DISPUTE_STATUSES.indexOf('warning_closed');
}

export const FINAL_DISPUTE_STATUSES = DISPUTE_STATUSES.filter(isFinalDispute);

/** Whether a report in `next` state comes after one in `current`: an earlier state arriving late changes nothing. */
export function disputeMovesOn(current: DisputeStatus, next: DisputeStatus): boolean {
  if (isFinalDispute(current)) return current === next;
  return DISPUTE_STATUSES.indexOf(next) >= DISPUTE_STATUSES.indexOf(current);
}

/**
 * The ledger kinds of a dispute, posted on the disputed charge. Named by the column they count
 * in (member's gross, `platform_fee...`, `creator_earning...`), stored with their sign: the
 * chargeback negative, a won dispute's credit positive.
 */
export const DISPUTE_LEDGER_KINDS = [
  'chargeback',
  'platform_fee_chargeback',
  'creator_earning_chargeback',
  // The provider's fee, borne by the creator: the platform recovers from them what it paid.
  'platform_fee_dispute_fee',
  'creator_earning_dispute_fee',
  'chargeback_won',
  'platform_fee_chargeback_won',
  'creator_earning_chargeback_won',
  'platform_fee_dispute_fee_returned',
  'creator_earning_dispute_fee_returned',
] as const;

/**
 * How a disputed amount divides between the platform's fee and the creator's earning: in the
 * payment's proportion, the creator's share rounded half up, the two adding up to the amount
 * (a whole dispute reverses the payment's split exactly).
 */
export function disputeShares(
  payment: { amountMinor: number; creatorEarningMinor: number },
  disputedMinor: number,
): { platformFeeMinor: number; creatorEarningMinor: number } {
  if (!Number.isSafeInteger(disputedMinor) || disputedMinor < 0 || disputedMinor > payment.amountMinor)
    throw new RangeError('the disputed amount must be 0 to the payment');
  if (payment.amountMinor === 0) return { platformFeeMinor: 0, creatorEarningMinor: 0 };
  const creatorEarningMinor = Math.floor(
    (2 * payment.creatorEarningMinor * disputedMinor + payment.amountMinor) / (2 * payment.amountMinor),
  );
  return { platformFeeMinor: disputedMinor - creatorEarningMinor, creatorEarningMinor };
}

/** A movement of the platform's money a dispute caused, as the provider reports it (Stripe's balance transactions). */
export interface DisputeBalanceMove {
  /** Negative: taken from the platform; positive: given back. */
  amountMinor: number;
  /** The provider's fee on this move: positive when charged, negative when returned. */
  feeMinor: number;
}

/** What the provider's moves say: whether the amount was taken and the fee charged, and whether they came back. */
export interface DisputeFunds {
  withdrawn: { feeMinor: number } | null;
  reinstated: { feeReturnedMinor: number } | null;
}

export function disputeFunds(moves: readonly DisputeBalanceMove[]): DisputeFunds {
  const taken = moves.filter((move) => move.amountMinor < 0);
  const given = moves.filter((move) => move.amountMinor > 0);
  const sumFees = (list: readonly DisputeBalanceMove[]) => list.reduce((sum, move) => sum + move.feeMinor, 0);
  return {
    withdrawn: taken.length > 0 ? { feeMinor: Math.max(0, sumFees(taken)) } : null,
    reinstated: given.length > 0 ? { feeReturnedMinor: Math.max(0, -sumFees(given)) } : null,
  };
}

const isoDate = z.iso.datetime({ offset: true });
const person = z.object({ id: z.string(), handle: z.string().nullable(), email: z.string().nullable() });

export const ADMIN_DISPUTE_ORDERS = ['newest', 'deadline'] as const;

export const adminDisputesQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES).optional(),
  /** Only disputes not yet decided. */
  open: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
  /** Newest opened first, or the soonest evidence deadline first (those without one last). */
  order: z.enum(ADMIN_DISPUTE_ORDERS).default('newest'),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_DISPUTES_PAGE_SIZE),
});
export type AdminDisputesQuery = z.input<typeof adminDisputesQuerySchema>;

export const adminDisputeSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerRef: z.string(),
  chargeId: z.string(),
  member: person,
  creator: person,
  amountMinor: z.number().int(),
  /** The provider's dispute fee the creator was debited; 0 while none was charged. */
  feeMinor: z.number().int(),
  feeReturnedMinor: z.number().int(),
  currency: currencySchema,
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  outcome: z.enum(['won', 'lost']).nullable(),
  evidenceDueBy: isoDate.nullable(),
  /** Where the evidence is submitted: the provider's dashboard; null for the development provider. */
  evidenceUrl: z.string().nullable(),
  openedAt: isoDate,
  closedAt: isoDate.nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const adminDisputesPageSchema = z.object({ items: z.array(adminDisputeSchema), nextCursor: z.string().nullable() });
export type AdminDisputesPage = z.infer<typeof adminDisputesPageSchema>;

export const disputeIdParamsSchema = z.object({ disputeId: entityIdSchema });

const reason = z.string().trim().min(1, 'Say why').max(AUDIT_REASON_MAX);
/** The development provider only: a member's bank disputes the whole payment now. */
export const openTestDisputeSchema = z.object({ reason });
/** The development provider only: the bank decides an open test dispute. */
export const closeTestDisputeSchema = z.object({ outcome: z.enum(['won', 'lost']), reason });
