import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { plans } from '../plans/tables.js';
import { userReference } from '../users/tables.js';

/**
 * A creator's free-trial link for one of their plans: its code is the link's address. A claim is
 * the subscription it starts (`subscriptions.trial_link_id`), so claims and conversions are counted
 * from those.
 */
export const trialLinks = pgTable(
  'trial_links',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    code: text('code').notNull(),
    days: integer('days').notNull(),
    maxClaims: integer('max_claims'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The creator stopped offering it: nobody may claim it any more. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trial_links_code_unique').on(t.code), index('trial_links_creator_idx').on(t.creatorId, t.createdAt)],
);
