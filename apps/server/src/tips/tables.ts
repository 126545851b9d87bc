import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { charges } from '../payments/tables.js';
import { posts } from '../posts/tables.js';
import { userReference } from '../users/tables.js';

/**
 * A tip from a member to a creator, written with its `tip` charge (which holds the amount and
 * currency) in the transaction that begins it. It counts once the charge is paid (`paid_at`, the
 * charge's effect) and stops counting when the payment is given back (`refunded_at`).
 */
export const tips = pgTable(
  'tips',
  {
    id: text('id').primaryKey(),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    /** Where it was given: on a post (`post_id`), on the creator's profile, or in the pair's chat (the message there names the tip). */
    place: text('place').notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'set null' }),
    message: text('message'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tips_charge_unique').on(t.chargeId),
    // The creator's tips, newest first.
    index('tips_creator_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('tips_place_check', sql`${t.place} in ('post', 'profile', 'chat')`),
  ],
);

/** A creator's tip settings; a creator without a row takes tips with the defaults (DEFAULT_TIP_SETTINGS). */
export const tipSettings = pgTable(
  'tip_settings',
  {
    creatorId: userReference('creator_id').primaryKey(),
    enabled: boolean('enabled').notNull(),
    currency: text('currency').notNull(),
    minimumMinor: integer('minimum_minor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('tip_settings_minimum_check', sql`${t.minimumMinor} > 0`)],
);
