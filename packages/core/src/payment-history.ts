import { CHARGE_KINDS, CHARGE_STATUSES } from './admin-payments.js';
import { currencySchema } from './plans.js';
import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/** A member's own payments, newest first: what they paid whom, for what, and how it went. */

export const PAYMENT_HISTORY_PAGE_SIZE = 20;
export const PAYMENT_HISTORY_PAGE_MAX = 50;

export const paymentHistoryQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAYMENT_HISTORY_PAGE_MAX).default(PAYMENT_HISTORY_PAGE_SIZE),
});

export const memberPaymentSchema = z.object({
  id: entityIdSchema,
  kind: z.enum(CHARGE_KINDS),
  status: z.enum(CHARGE_STATUSES),
  amountMinor: z.number().int(),
  currency: currencySchema,
  /** Who was paid (for a refund: who gave it back). */
  creator: creatorSummarySchema,
  /** What it paid for: the plan (a subscription's payment), the post (a paid post, or a tip on one), the chat (a paid message, or a tip given there). */
  planName: z.string().nullable(),
  postId: entityIdSchema.nullable(),
  chatId: entityIdSchema.nullable(),
  /** What the member wrote with a tip. */
  tipMessage: z.string().nullable(),
  /** For a refund: the payment it gives back. */
  refundOf: entityIdSchema.nullable(),
  /** The payment was given back by a refund. */
  refunded: z.boolean(),
  /** Why a failed payment failed, as the provider said. */
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

export const paymentHistoryPageSchema = z.object({ items: z.array(memberPaymentSchema), nextCursor: z.string().nullable() });
export type PaymentHistoryPage = z.infer<typeof paymentHistoryPageSchema>;
