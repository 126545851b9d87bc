import { PAYOUT_METHOD_TYPES } from './payouts.js';
import { currencySchema } from './plans.js';
import { pageCursorSchema } from './posts.js';
import { idempotencyKeySchema } from './subscriptions.js';
import { z } from './zod-config.js';

/**
 * A creator's money and the payouts that send it to them. Earnings are held for some days
 * (so a refund or chargeback can still be covered), then available; available money leaves
 * as payouts, on request or on the creator's schedule.
 */

/** pending: made, not yet sent; in_flight: the provider took it; paid; failed (its amount is back in the balance). */
export const PAYOUT_STATUSES = ['pending', 'in_flight', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** Who sends money: the built-in development provider, Stripe Connect, PayPal Payouts, or an admin by hand. */
export const PAYOUT_PROVIDERS = ['development', 'stripe_connect', 'paypal', 'manual'] as const;
export type PayoutProviderName = (typeof PAYOUT_PROVIDERS)[number];

/** The creator's ledger entries that are payouts or their returns: paid out in all is minus their sum. */
export const PAYOUT_LEDGER_KINDS = ['payout', 'payout_return'] as const;
export type PayoutLedgerKind = (typeof PAYOUT_LEDGER_KINDS)[number];

export const PAYOUT_TRIGGERS = ['requested', 'scheduled', 'retry'] as const;
export type PayoutTrigger = (typeof PAYOUT_TRIGGERS)[number];

export const PAYOUT_SCHEDULE_KINDS = ['manual', 'weekly', 'monthly'] as const;

/** How a creator is paid: when they ask, or weekly on an ISO weekday (1 Monday to 7), or monthly on a day from 1 to 28. */
export const payoutScheduleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('manual') }),
  z.object({ kind: z.literal('weekly'), day: z.number().int().min(1, 'Choose a weekday').max(7, 'Choose a weekday') }),
  z.object({
    kind: z.literal('monthly'),
    day: z.number().int().min(1, 'Choose a day from 1 to 28').max(28, 'Choose a day from 1 to 28'),
  }),
]);
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

const isoDate = z.iso.datetime({ offset: true });
const money = z.number().int();

/**
 * Why a currency's balance cannot be withdrawn now; null when it can. `provider_onboarding`: the
 * provider pays only an account the creator opens with it (Stripe Connect), not ready yet.
 * `bank_details_missing`: the bank account is paid by manual transfer, and it was added before
 * its full details were kept.
 */
export const WITHDRAW_BLOCKS = [
  'below_minimum',
  'negative',
  'no_method',
  'method_unsupported',
  'provider_onboarding',
  'bank_details_missing',
  'method_changed',
  'held',
] as const;
export type WithdrawBlock = (typeof WITHDRAW_BLOCKS)[number];

export const currencyBalanceSchema = z.object({
  currency: currencySchema,
  /** Earned, still held. */
  pendingMinor: money,
  /** Past the hold, not yet paid out; negative after a refund of money already paid out. */
  availableMinor: money,
  /** Sent to the creator in all, including payouts still on their way. */
  paidOutMinor: money,
  /** Payouts sent and not yet confirmed paid. */
  inFlightMinor: money,
  minimumPayoutMinor: money,
  /** When each held amount becomes available, soonest first, a line per day. */
  releases: z.array(z.object({ availableAt: isoDate, amountMinor: money })),
  withdrawBlock: z.enum(WITHDRAW_BLOCKS).nullable(),
});
export type CurrencyBalance = z.infer<typeof currencyBalanceSchema>;

/**
 * The creator's account at a provider that pays only such accounts (Stripe Connect):
 * not_started (none yet), incomplete (the provider needs more before it pays), ready, or
 * disabled (the provider stopped it; `needs` says what it asks for).
 */
export const PROVIDER_ACCOUNT_STATES = ['not_started', 'incomplete', 'ready', 'disabled'] as const;
export const providerAccountSchema = z.object({
  provider: z.enum(PAYOUT_PROVIDERS),
  state: z.enum(PROVIDER_ACCOUNT_STATES),
  /** What the provider still needs from the creator, as sentences; empty when nothing. */
  needs: z.array(z.string()),
});
export type ProviderAccount = z.infer<typeof providerAccountSchema>;

/** Where the creator opens or finishes their account at the provider; valid for a few minutes. */
export const providerOnboardingLinkSchema = z.object({ url: z.url() });

/** What `/creator/payouts` shows above the history. */
export const payoutAccountSchema = z.object({
  balances: z.array(currencyBalanceSchema),
  holdDays: z.number().int(),
  schedule: payoutScheduleSchema,
  /** When the next automatic payout runs; null when the creator withdraws by hand. */
  nextScheduledPayoutAt: isoDate.nullable(),
  /** The method payouts go to, as it is shown. */
  method: z.object({ id: z.string(), type: z.enum(PAYOUT_METHOD_TYPES), label: z.string() }).nullable(),
  /** Who pays the active method on this server; null when none does (or there is no method). */
  methodProvider: z.enum(PAYOUT_PROVIDERS).nullable(),
  /** The account the provider pays into, when it needs one; null otherwise. */
  providerAccount: providerAccountSchema.nullable(),
  /** No payout before this, after a change of payout method. */
  methodChangePauseUntil: isoDate.nullable(),
  /** An admin holds this creator's payouts. */
  payoutsHeld: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutSchema = z.object({
  id: z.string(),
  amountMinor: money,
  currency: currencySchema,
  status: z.enum(PAYOUT_STATUSES),
  /** Asked for by the creator, made by their schedule, or an admin's retry of a failed payout. */
  trigger: z.enum(PAYOUT_TRIGGERS),
  provider: z.enum(PAYOUT_PROVIDERS),
  /** The method it was sent to, as it was shown then. */
  destination: z.string(),
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: isoDate,
  settledAt: isoDate.nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutsPageSchema = z.object({ items: z.array(payoutSchema), nextCursor: z.string().nullable() });
export type PayoutsPage = z.infer<typeof payoutsPageSchema>;

/** Withdraw a currency's whole available balance. */
export const withdrawSchema = z.object({ currency: currencySchema, idempotencyKey: idempotencyKeySchema });
export type WithdrawInput = z.infer<typeof withdrawSchema>;

export const PAYOUTS_PAGE_SIZE = 20;
export const PAYOUTS_PAGE_MAX = 50;
export const payoutsPageQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PAYOUTS_PAGE_MAX).default(PAYOUTS_PAGE_SIZE),
});

/** Set the automatic payouts: `manual` turns them off. */
export const payoutScheduleInputSchema = z.object({ schedule: payoutScheduleSchema });

/**
 * When a schedule next pays: the start (00:00 UTC) of the next day after `now` that is its
 * weekday or day of the month; null for manual payouts. The run takes any time on that day.
 */
export function nextScheduledPayout(schedule: PayoutSchedule, now: Date): Date | null {
  if (schedule.kind === 'manual') return null;
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  for (let i = 0; i < 31; i += 1) {
    if (isScheduledDay(schedule, day)) return day;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  throw new Error('a schedule pays at least once a month');
}

/** Whether a schedule pays on the UTC day of `at`. */
export function isScheduledDay(schedule: PayoutSchedule, at: Date): boolean {
  if (schedule.kind === 'weekly') return (at.getUTCDay() || 7) === schedule.day;
  if (schedule.kind === 'monthly') return at.getUTCDate() === schedule.day;
  return false;
}
