import { SUBSCRIPTION_CHARGE_KINDS } from '@aurum/core';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { plans } from '../plans/tables.js';
import { userReference } from '../users/tables.js';

/** A member's customer record at a payment provider (Stripe customer id); one per provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * A saved way to pay. Only the provider's token and what the member needs to recognise it
 * (brand and last 4, or the PayPal address) are kept: never a card number. Removed methods
 * stay for the history of the charges made with them.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    type: text('type').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    email: text('email'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default').on(t.userId).where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

/**
 * One attempt to take money, written as `pending` before the provider is asked and settled
 * after. The idempotency key goes to the provider, so asking again after a crash finds the
 * same payment instead of making a second one; `subscription_id` is chosen up front so the
 * subscription written after the charge is the same row however often that step is retried.
 */
export const charges = pgTable(
  'charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    /** Plan, subscription and period name what a subscription, renewal or plan change pays for; other kinds leave them empty (a refund names the plan only). */
    planId: text('plan_id').references(() => plans.id),
    subscriptionId: text('subscription_id'),
    /** The message a `paid_message` charge unlocks; other kinds leave it empty. */
    messageId: text('message_id'),
    /** The post a `paid_post` charge buys; other kinds leave it empty. */
    postId: text('post_id'),
    /** The discount taken off this payment, and what it would have cost without it. */
    offerId: text('offer_id'),
    listAmountMinor: integer('list_amount_minor'),
    /** A `refund` gives back the payment of this charge (the refund's user, creator, method and currency are its). */
    refundOf: text('refund_of'),
    /** A refund of a subscription's payment ends the subscription at once (true) or lets it run to its period's end. */
    refundEndsAccess: boolean('refund_ends_access'),
    /** Why the admin refunded (also in the audit row). */
    refundReason: text('refund_reason'),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** The period the charge pays for; a renewal's start is the end of the period it extends. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('charges_subscription_idx').on(t.subscriptionId),
    index('charges_status_idx').on(t.status, t.createdAt),
    check(
      'charges_subscription_kinds_check',
      sql`${t.kind} not in (${sql.raw(SUBSCRIPTION_CHARGE_KINDS.map((kind) => `'${kind}'`).join(', '))}) or (${t.planId} is not null and ${t.subscriptionId} is not null and ${t.periodStart} is not null and ${t.periodEnd} is not null)`,
    ),
    // Creator insights read a creator's charges and their ledger entries.
    index('charges_creator_idx').on(t.creatorId),
    check('charges_paid_message_check', sql`${t.kind} <> 'paid_message' or ${t.messageId} is not null`),
    // A mass message's earnings: the payments for its copies.
    index('charges_message_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    check('charges_paid_post_check', sql`${t.kind} <> 'paid_post' or ${t.postId} is not null`),
    check('charges_refund_check', sql`(${t.kind} = 'refund') = (${t.refundOf} is not null and ${t.refundEndsAccess} is not null)`),
    // Refunds give back a whole payment: one refund that has not failed per charge.
    uniqueIndex('charges_refund_of_unique').on(t.refundOf).where(sql`${t.refundOf} is not null and ${t.status} <> 'failed'`),
    // A provider's notification about a payment (a dispute) names it by the provider's id.
    index('charges_provider_ref_idx').on(t.providerRef).where(sql`${t.providerRef} is not null`),
    // The admin payments list: newest first.
    index('charges_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A member's payments, newest first.
    index('charges_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The built-in development payment provider's own records, kept like a real provider's: durable and idempotent. */
export const devPaymentTokens = pgTable('dev_payment_tokens', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  email: text('email'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** How the test card behaves: succeeds, declines, or succeeds once and fails on renewal. */
  behaviour: text('behaviour').notNull(),
  createdAt: createdAt(),
});

export const devPaymentCharges = pgTable('dev_payment_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  id: text('id').notNull().unique(),
  tokenId: text('token_id').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  status: text('status').notNull(),
  failureCode: text('failure_code'),
  createdAt: createdAt(),
});

/** The development provider's refunds of its charges, keyed like Stripe's by the caller's idempotency key. */
export const devPaymentRefunds = pgTable(
  'dev_payment_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    id: text('id').notNull().unique(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => devPaymentCharges.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dev_payment_refunds_charge_idx').on(t.chargeId)],
);
