import { AUDIT_REASON_MAX } from './admin.js';
import { currencyBalanceSchema, PAYOUT_STATUSES, payoutSchema, providerAccountSchema } from './balances.js';
import { currencySchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * The admin payouts area: payouts by state with totals per currency, retrying a failed payout,
 * and a creator's payout settings (their own hold, holding their payouts); every action audited.
 */

export const ADMIN_PAYOUTS_PAGE_SIZE = 25;
/** The longest hold an admin can give a creator, in days. */
export const MAX_CREATOR_HOLD_DAYS = 180;

const reason = z.string().trim().min(1, 'Say why').max(AUDIT_REASON_MAX);

export const adminPayoutsQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  creatorId: entityIdSchema.optional(),
  currency: currencySchema.optional(),
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAYOUTS_PAGE_SIZE),
});
export type AdminPayoutsQuery = z.input<typeof adminPayoutsQuerySchema>;

const creatorSchema = z.object({ id: z.string(), handle: z.string().nullable(), email: z.string().nullable() });

export const adminPayoutRowSchema = payoutSchema.extend({
  creator: creatorSchema,
  providerRef: z.string().nullable(),
  /** A failed payout an admin sent again: the new payout's id. */
  retriedBy: z.string().nullable(),
});
export type AdminPayoutRow = z.infer<typeof adminPayoutRowSchema>;

/** Per currency and state, over every payout the filters keep (not only the page). */
export const adminPayoutTotalsSchema = z.array(
  z.object({ currency: currencySchema, status: z.enum(PAYOUT_STATUSES), count: z.number().int(), amountMinor: z.number().int() }),
);

export const adminPayoutsPageSchema = z.object({
  items: z.array(adminPayoutRowSchema),
  totals: adminPayoutTotalsSchema,
  /** Manual bank transfers waiting for an admin to pay them, whatever the filters. */
  bankTransfersDue: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type AdminPayoutsPage = z.infer<typeof adminPayoutsPageSchema>;

export const payoutIdParamsSchema = z.object({ payoutId: entityIdSchema });
export const creatorIdParamsSchema = z.object({ creatorId: entityIdSchema });

/** Retry a failed payout: a new payout of the same amount, once per failed payout. */
export const retryPayoutSchema = z.object({ reason });

/**
 * The outcome of a manual bank transfer the admin made outside Aurum. A failed one needs the
 * reason, which the creator is shown; a paid one may have a note for the audit log.
 */
export const markPayoutSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('paid'), reason: reason.optional() }),
  z.object({ outcome: z.literal('failed'), reason }),
]);
export type MarkPayoutInput = z.infer<typeof markPayoutSchema>;

/** A creator's payout settings as the admin sees and changes them. */
export const adminCreatorPayoutsSchema = z.object({
  creator: creatorSchema,
  /** The creator's own hold in days; null: the platform's. */
  holdDays: z.number().int().nullable(),
  holdReason: z.string().nullable(),
  platformHoldDays: z.number().int(),
  payoutsHeld: z.boolean(),
  payoutsHeldReason: z.string().nullable(),
  payoutsHeldAt: z.iso.datetime({ offset: true }).nullable(),
  balances: z.array(currencyBalanceSchema),
  /** Their account at a provider that pays only such accounts (Stripe Connect), as they see it; null when none is needed. */
  providerAccount: providerAccountSchema.nullable(),
});
export type AdminCreatorPayouts = z.infer<typeof adminCreatorPayoutsSchema>;

/** Give a creator their own hold (null: back to the platform's); what they have held now frees by the new hold. */
export const creatorHoldSchema = z.object({
  holdDays: z.number().int().min(0).max(MAX_CREATOR_HOLD_DAYS, `At most ${MAX_CREATOR_HOLD_DAYS} days`).nullable(),
  reason,
});

/** Stop a creator's payouts, or let them go again. */
export const holdPayoutsSchema = z.object({ held: z.boolean(), reason });
