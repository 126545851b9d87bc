import { AUDIT_REASON_MAX } from './admin.js';
import { PAYOUT_LEDGER_KINDS } from './balances.js';
import { DISPUTE_LEDGER_KINDS } from './disputes.js';
import { currencySchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { idempotencyKeySchema, SUBSCRIPTION_STATUSES } from './subscriptions.js';
import { z } from './zod-config.js';

/**
 * The admin payments area (issue 13): charges, ledger entries and subscriptions with filters and
 * totals per currency, their CSV exports, and refunds of a payment.
 */

const isoDate = z.iso.datetime({ offset: true });

export const ADMIN_PAYMENTS_PAGE_SIZE = 25;

export const CHARGE_KINDS = ['subscription', 'renewal', 'plan_change', 'paid_message', 'paid_post', 'tip', 'refund'] as const;
export type ChargeKindName = (typeof CHARGE_KINDS)[number];
/** The payments that buy a subscription period: refunded, that period may run to its end. What any other payment bought ends with its refund. */
export const SUBSCRIPTION_CHARGE_KINDS = ['subscription', 'renewal', 'plan_change'] as const satisfies readonly ChargeKindName[];
export type SubscriptionChargeKind = (typeof SUBSCRIPTION_CHARGE_KINDS)[number];
export const buysSubscriptionPeriod = (kind: string): kind is SubscriptionChargeKind =>
  (SUBSCRIPTION_CHARGE_KINDS as readonly string[]).includes(kind);
export const CHARGE_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const LEDGER_KINDS = [
  'payment',
  'platform_fee',
  'creator_earning',
  'refund',
  'platform_fee_reversal',
  'creator_earning_reversal',
  ...DISPUTE_LEDGER_KINDS,
  ...PAYOUT_LEDGER_KINDS,
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A day as `YYYY-MM-DD` (UTC): `from` is the first day included, `to` the last. */
const daySchema = z.iso.date();

/** The filters every admin money list shares: dates (UTC days, both included), creator and member. */
const moneyFilters = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
  creatorId: entityIdSchema.optional(),
  memberId: entityIdSchema.optional(),
});

export const adminChargesQuerySchema = moneyFilters.extend({
  status: z.enum(CHARGE_STATUSES).optional(),
  kind: z.enum(CHARGE_KINDS).optional(),
});
export const adminLedgerQuerySchema = moneyFilters.extend({ kind: z.enum(LEDGER_KINDS).optional() });
export const adminSubscriptionsQuerySchema = moneyFilters.extend({ status: z.enum(SUBSCRIPTION_STATUSES).optional() });
export type AdminChargesQuery = z.input<typeof adminChargesQuerySchema>;
export type AdminLedgerQuery = z.input<typeof adminLedgerQuerySchema>;
export type AdminSubscriptionsQuery = z.input<typeof adminSubscriptionsQuerySchema>;

/** A page of a list: the filters plus the cursor and size. */
const paged = { cursor: pageCursorSchema.optional(), limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAYMENTS_PAGE_SIZE) };
export const adminChargesPageQuerySchema = adminChargesQuerySchema.extend(paged);
export const adminLedgerPageQuerySchema = adminLedgerQuerySchema.extend(paged);
export const adminSubscriptionsPageQuerySchema = adminSubscriptionsQuerySchema.extend(paged);

/** Who a row is about, as the admin lists name them. */
const person = z.object({ id: z.string(), handle: z.string().nullable(), email: z.string().nullable() });

export const adminChargeRowSchema = z.object({
  id: z.string(),
  kind: z.enum(CHARGE_KINDS),
  status: z.enum(CHARGE_STATUSES),
  amountMinor: z.number().int(),
  currency: currencySchema,
  member: person,
  creator: person,
  provider: z.string(),
  providerRef: z.string().nullable(),
  failureCode: z.string().nullable(),
  /** A refund: the payment it gives back. */
  refundOf: z.string().nullable(),
  /** A payment: its refund that has not failed, if any. */
  refundId: z.string().nullable(),
  refundStatus: z.enum(CHARGE_STATUSES).nullable(),
  createdAt: isoDate,
  settledAt: isoDate.nullable(),
});
export type AdminChargeRow = z.infer<typeof adminChargeRowSchema>;

/** A ledger entry with the charge or the payout it belongs to (one of them), and its people: a payout has no member. */
export const adminLedgerRowSchema = z.object({
  id: z.string(),
  chargeId: z.string().nullable(),
  chargeKind: z.enum(CHARGE_KINDS).nullable(),
  payoutId: z.string().nullable(),
  kind: z.enum(LEDGER_KINDS),
  /** Negative for reversals. */
  amountMinor: z.number().int(),
  currency: currencySchema,
  member: person.nullable(),
  creator: person,
  createdAt: isoDate,
});
export type AdminLedgerRow = z.infer<typeof adminLedgerRowSchema>;

export const adminSubscriptionRowSchema = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  planName: z.string(),
  priceMinor: z.number().int(),
  currency: currencySchema,
  member: person,
  creator: person,
  autoRenew: z.boolean(),
  validUntil: isoDate,
  createdAt: isoDate,
});
export type AdminSubscriptionRow = z.infer<typeof adminSubscriptionRowSchema>;

/** Sums of the whole filtered set, never across currencies. */
export const adminChargeTotalsSchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  /** Succeeded payments. */
  paidMinor: z.number().int(),
  /** Succeeded refunds. */
  refundedMinor: z.number().int(),
});
export const adminLedgerTotalsSchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  /** What members paid, net of refunds. */
  grossMinor: z.number().int(),
  feeMinor: z.number().int(),
  netMinor: z.number().int(),
});
export const adminSubscriptionTotalsSchema = z.object({
  currency: currencySchema,
  count: z.number().int(),
  /** The sum of the plans' prices. */
  priceMinor: z.number().int(),
});

const pageOf = <Row extends z.ZodType, Totals extends z.ZodType>(row: Row, totals: Totals) =>
  z.object({ items: z.array(row), nextCursor: z.string().nullable(), totals: z.array(totals) });
export const adminChargesPageSchema = pageOf(adminChargeRowSchema, adminChargeTotalsSchema);
export const adminLedgerPageSchema = pageOf(adminLedgerRowSchema, adminLedgerTotalsSchema);
export const adminSubscriptionsPageSchema = pageOf(adminSubscriptionRowSchema, adminSubscriptionTotalsSchema);
export type AdminChargesPage = z.infer<typeof adminChargesPageSchema>;
export type AdminLedgerPage = z.infer<typeof adminLedgerPageSchema>;
export type AdminSubscriptionsPage = z.infer<typeof adminSubscriptionsPageSchema>;

export const adminChargeParamsSchema = z.object({ chargeId: entityIdSchema });

/** One payment: the row, its ledger entries and its refund (or, for a refund, the payment it gives back). */
export const adminChargeDetailSchema = z.object({
  charge: adminChargeRowSchema.extend({
    planName: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    messageId: z.string().nullable(),
    /** What it would have cost without the discount taken off it, if one was. */
    listAmountMinor: z.number().int().nullable(),
    failureMessage: z.string().nullable(),
    refundReason: z.string().nullable(),
    refundEndsAccess: z.boolean().nullable(),
  }),
  ledger: z.array(adminLedgerRowSchema),
  /** Whether an admin may refund it now (a succeeded payment without a refund that has not failed, not disputed). */
  refundable: z.boolean(),
  /** The payment's dispute (chargeback), if its member's bank disputed it. */
  disputeId: z.string().nullable(),
});
export type AdminChargeDetail = z.infer<typeof adminChargeDetailSchema>;

/**
 * A refund of a whole payment. The idempotency key is made by the client once per attempt:
 * sending it again returns the same refund. `endsAccess` ends the subscription the payment was
 * for at once; otherwise it runs to its period's end and does not renew. A paid message's
 * unlock is always taken back.
 */
export const adminRefundSchema = z.object({
  idempotencyKey: idempotencyKeySchema,
  reason: z.string().trim().min(1, 'Give a reason for the refund').max(AUDIT_REASON_MAX),
  endsAccess: z.boolean(),
});
export type AdminRefundInput = z.input<typeof adminRefundSchema>;

/** A refund as the admin sees it after asking: succeeded, still pending at the provider, or refused by it. */
export const adminRefundResultSchema = z.object({
  refund: adminChargeRowSchema,
  failureMessage: z.string().nullable(),
});
export type AdminRefundResult = z.infer<typeof adminRefundResultSchema>;
