import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/** A creator's paid plan. Prices are integer minor units with an ISO currency. */
export const plans = pgTable(
  'plans',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    billingPeriodDays: integer('billing_period_days').notNull().default(30),
    perks: jsonb('perks').notNull().default(sql`'{}'::jsonb`),
    /** The longer lengths sold at once (core's `bundleSchema`), each at a discount. */
    bundles: jsonb('bundles').notNull().default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plans_creator_idx').on(t.creatorId, t.active)],
);
