import { DAY_MS, SUBSCRIPTION_PERIOD_DAYS } from './constants.js';
import { paymentMethodSchema } from './payments.js';
import { currencySchema, planSchema } from './plans.js';
import { creatorSummarySchema, entityIdSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Subscriptions (spec section 4): created with auto-renew on and valid for 30 days; cancel
 * turns auto-renew off and keeps access until valid_until; a payment method change sets the
 * method and turns auto-renew back on; a plan change sets the plan. Access is decided by
 * valid_until alone (the access rule), so every state below only says what happens next.
 */

export const SUBSCRIPTION_PERIOD_MS = SUBSCRIPTION_PERIOD_DAYS * DAY_MS;

/**
 * Renewal timing. A renewal is first tried a day before the period ends, so a good card
 * renews without a gap; a failed one is retried daily until the grace period after
 * valid_until runs out, and then the subscription lapses.
 */
export const RENEWAL_LEAD_MS = DAY_MS;
export const RENEWAL_RETRY_MS = DAY_MS;
export const RENEWAL_GRACE_MS = 3 * DAY_MS;
/**
 * A free trial converts in its last minutes instead (the renewal sweep runs every 10), so nothing
 * is charged before the trial is over and the paid period follows it without a gap.
 */
export const TRIAL_CONVERSION_LEAD_MS = 15 * 60 * 1000;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  autoRenew: boolean;
  validUntil: Date;
  renewalFailedAt: Date | null;
  renewalFailures: number;
  lapsedAt: Date | null;
  /** When a free trial ends (its first payment is taken then); null for a subscription that began paid. */
  trialEndsAt: Date | null;
}

/** Whether the subscription is still in its free trial: nothing paid yet, access until the trial ends. */
export function inTrial(state: Pick<SubscriptionState, 'trialEndsAt' | 'validUntil'>): boolean {
  return state.trialEndsAt !== null && state.validUntil.getTime() <= state.trialEndsAt.getTime();
}

/**
 * - active: paid up and renewing;
 * - past_due: a renewal failed and is being retried (access may already have ended);
 * - canceled: will not renew, access until valid_until;
 * - expired: over; subscribing again starts a new subscription.
 */
export function subscriptionStatus(
  state: Pick<SubscriptionState, 'autoRenew' | 'validUntil' | 'renewalFailedAt' | 'lapsedAt'>,
  now: Date,
): SubscriptionStatus {
  if (state.lapsedAt) return 'expired';
  if (!state.autoRenew) return grantsAccess(state, now) ? 'canceled' : 'expired';
  if (state.renewalFailedAt) return 'past_due';
  return grantsAccess(state, now) ? 'active' : 'past_due';
}

/** Whether the subscription still grants access: the rule every check of access uses (its SQL twin is the server's `grantsAccessSql`). */
export const grantsAccess = (state: Pick<SubscriptionState, 'validUntil'>, now: Date) => state.validUntil > now;

/** When the next renewal attempt is due, or null when none will be made. */
export function nextRenewalAttemptAt(state: SubscriptionState): Date | null {
  if (!state.autoRenew || state.lapsedAt) return null;
  if (state.renewalFailedAt) return new Date(state.renewalFailedAt.getTime() + RENEWAL_RETRY_MS);
  return new Date(state.validUntil.getTime() - (inTrial(state) ? TRIAL_CONVERSION_LEAD_MS : RENEWAL_LEAD_MS));
}

/**
 * A renewal was paid: a new period (of `months` billing periods, a bundle's length) follows the
 * old one, or starts now if access had already ended.
 */
export function afterRenewalPaid(state: SubscriptionState, paidAt: Date, months = 1): SubscriptionState & { paidAt: Date } {
  const start = state.validUntil > paidAt ? state.validUntil : paidAt;
  return {
    ...state,
    validUntil: new Date(start.getTime() + months * SUBSCRIPTION_PERIOD_MS),
    renewalFailedAt: null,
    renewalFailures: 0,
    paidAt,
  };
}

/** A renewal charge failed: retry tomorrow, or lapse when the next try would fall after the grace period. */
export function afterRenewalFailed(state: SubscriptionState, failedAt: Date): SubscriptionState {
  const failures = state.renewalFailures + 1;
  const nextTry = failedAt.getTime() + RENEWAL_RETRY_MS;
  const graceEnds = state.validUntil.getTime() + RENEWAL_GRACE_MS;
  const lapsed = nextTry > graceEnds;
  return { ...state, renewalFailedAt: failedAt, renewalFailures: failures, lapsedAt: lapsed ? failedAt : null, autoRenew: !lapsed };
}

export function afterCancel(state: SubscriptionState): SubscriptionState {
  return { ...state, autoRenew: false };
}

/** A new payment method turns renewal back on; a failed renewal is retried with it straight away. */
export function afterPaymentMethodChange(state: SubscriptionState, now: Date): SubscriptionState {
  return { ...state, autoRenew: true, renewalFailedAt: state.renewalFailedAt ? new Date(now.getTime() - RENEWAL_RETRY_MS) : null };
}

/**
 * What moving to another plan costs now: the price difference for the part of the period
 * that is left, rounded to the nearest minor unit. Moving to a cheaper plan costs nothing
 * now (no refund); its lower price applies from the next renewal.
 */
export function planChangeAmount(options: { fromPriceMinor: number; toPriceMinor: number; validUntil: Date; now: Date }): number {
  const { fromPriceMinor, toPriceMinor, validUntil, now } = options;
  const difference = toPriceMinor - fromPriceMinor;
  const remaining = Math.min(SUBSCRIPTION_PERIOD_MS, Math.max(0, validUntil.getTime() - now.getTime()));
  if (difference <= 0 || remaining === 0) return 0;
  return Math.round((difference * remaining) / SUBSCRIPTION_PERIOD_MS);
}

/**
 * How a payment divides: the platform's fee (basis points of the amount, rounded half up)
 * and the creator's earning, the rest. The two always add up to the amount.
 */
export function splitPayment(
  amountMinor: number,
  platformFeeBasisPoints: number,
): { platformFeeMinor: number; creatorEarningMinor: number } {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError('amountMinor must be a non-negative integer');
  if (!Number.isInteger(platformFeeBasisPoints) || platformFeeBasisPoints < 0 || platformFeeBasisPoints > 10_000)
    throw new RangeError('the platform fee must be 0 to 10000 basis points');
  const platformFeeMinor = Math.floor((amountMinor * platformFeeBasisPoints + 5_000) / 10_000);
  return { platformFeeMinor, creatorEarningMinor: amountMinor - platformFeeMinor };
}

const isoDate = z.iso.datetime({ offset: true });

export const subscriptionSchema = z.object({
  id: z.string(),
  creator: creatorSummarySchema,
  plan: planSchema.pick({ id: true, name: true, priceMinor: true, currency: true, perks: true }),
  paymentMethod: paymentMethodSchema.nullable(),
  autoRenew: z.boolean(),
  validUntil: isoDate,
  paidAt: isoDate.nullable(),
  /** When the last payment was refunded, if it was. */
  refundedAt: isoDate.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Whether it grants access now. */
  active: z.boolean(),
  renewalFailedAt: isoDate.nullable(),
  /** When the next charge is tried, or null when it will not renew. */
  nextRenewalAt: isoDate.nullable(),
  /** While in a free trial: when it ends, and the first payment is taken unless renewal is off. */
  trialEndsAt: isoDate.nullable(),
  /** How many billing periods each payment buys: 1, or a bundle's length; it renews at that length. */
  months: z.number().int(),
  /** What each payment costs: the plan's price, or its bundle's for that many months (null: no longer sold so). */
  paymentMinor: z.number().int().nullable(),
  createdAt: isoDate,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListSchema = z.object({ items: z.array(subscriptionSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const subscriptionParamsSchema = z.object({ subId: entityIdSchema });

/** A key the browser makes once per attempt (a UUID); sending it again never charges twice. */
export const idempotencyKeySchema = z.string().regex(/^[\w-]{16,64}$/, 'Not a valid idempotency key');

/** How many billing periods one payment buys: one, or one of the plan's bundles. */
export const subscriptionMonthsSchema = z.union([z.literal(1), z.literal(3), z.literal(6), z.literal(12)], 'Choose 1, 3, 6 or 12 months');

export const subscribeSchema = z.object({
  planId: entityIdSchema,
  paymentMethodId: entityIdSchema,
  idempotencyKey: idempotencyKeySchema,
  /** A bundle's length, paid up front; 1 when left out. */
  months: subscriptionMonthsSchema.default(1),
  /** The amount the member was shown; a different amount now is refused with quote_changed. Left out: the current price. */
  expectedAmountMinor: z.number().int().min(0).optional(),
  /** A discount's code (core's `offerProblem` decides whether the member may use it). */
  offerCode: z
    .string()
    .regex(/^[A-Za-z0-9]{8,32}$/, 'Not an offer')
    .optional(),
});

export const changePaymentMethodSchema = z.object({ paymentMethodId: entityIdSchema });

export const planChangeQuerySchema = z.object({ planId: entityIdSchema });

/** What moving to another plan costs, shown before the member confirms. */
export const planChangeQuoteSchema = z.object({
  planId: z.string(),
  amountDueMinor: z.number().int().min(0),
  currency: currencySchema,
  /** The price charged from the next renewal on. */
  nextRenewalPriceMinor: z.number().int(),
  validUntil: isoDate,
});
export type PlanChangeQuote = z.infer<typeof planChangeQuoteSchema>;

export const changePlanSchema = z.object({
  planId: entityIdSchema,
  /** The quoted amount the member agreed to; a different amount now is refused with quote_changed. */
  expectedAmountMinor: z.number().int().min(0),
  idempotencyKey: idempotencyKeySchema,
});

/** A creator's earnings per currency, derived from the ledger. */
export const earningsSchema = z.object({
  balances: z.array(z.object({ currency: currencySchema, earnedMinor: z.number().int(), payments: z.number().int() })),
  platformFeePercent: z.number(),
});
export type Earnings = z.infer<typeof earningsSchema>;
