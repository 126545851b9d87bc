import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { planOffers } from '../offers/tables.js';
import { paymentMethods } from '../payments/tables.js';
import { plans } from '../plans/tables.js';
import { trialLinks } from '../trials/tables.js';
import { userReference } from '../users/tables.js';

/** A member's subscription to a plan; it grants access while valid_until is in the future. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    autoRenew: boolean('auto_renew').notNull().default(true),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set when a renewal charge failed; cleared by the next successful one. */
    renewalFailedAt: timestamp('renewal_failed_at', { withTimezone: true }),
    renewalFailures: integer('renewal_failures').notNull().default(0),
    /** Set when renewal gave up after the grace period; the subscription is over. */
    lapsedAt: timestamp('lapsed_at', { withTimezone: true }),
    /** When the member turned renewal off (insights date a cancellation by it); cleared when renewal is turned back on. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** How many billing periods each payment buys: 1, or the plan's bundle length it was bought at (it renews at that length). */
    months: integer('months').notNull().default(1),
    /** The discount it was bought with, and how many more payments it still takes off. */
    offerId: text('offer_id').references(() => planOffers.id),
    offerPaymentsLeft: integer('offer_payments_left').notNull().default(0),
    /** The free-trial link it was claimed through, and when that trial ends (its first payment is taken then). */
    trialLinkId: text('trial_link_id').references(() => trialLinks.id),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Creator insights read a creator's subscriptions, and those ending today.
    index('subscriptions_creator_idx').on(t.creatorId, t.createdAt),
    index('subscriptions_creator_valid_idx').on(t.creatorId, t.validUntil),
    // The admin subscriptions list: newest first.
    index('subscriptions_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('subscriptions_user_creator_idx').on(t.userId, t.creatorId, t.validUntil),
    index('subscriptions_renewal_due_idx').on(t.validUntil).where(sql`${t.autoRenew} and ${t.lapsedAt} is null`),
    // One free trial per member and creator, ever.
    uniqueIndex('subscriptions_one_trial_per_creator').on(t.userId, t.creatorId).where(sql`${t.trialLinkId} is not null`),
    index('subscriptions_offer_idx').on(t.offerId).where(sql`${t.offerId} is not null`),
    index('subscriptions_trial_link_idx').on(t.trialLinkId).where(sql`${t.trialLinkId} is not null`),
  ],
);
