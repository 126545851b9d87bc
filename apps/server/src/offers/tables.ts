import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { plans } from '../plans/tables.js';
import { userReference } from '../users/tables.js';

/**
 * A creator's discount on a plan (core's `offerProblem` says who may use it): what it takes off
 * (`kind`, `value`) and how many payments, for whom (`audience`; a link offer by its `code`),
 * when, and how often. A redemption is a subscription that names it (`subscriptions.offer_id`).
 */
export const planOffers = pgTable(
  'plan_offers',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    code: text('code').notNull(),
    audience: text('audience').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    payments: integer('payments').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('plan_offers_code_unique').on(t.code), index('plan_offers_creator_idx').on(t.creatorId, t.createdAt)],
);
