import { index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { charges } from '../payments/tables.js';
import { posts } from '../posts/tables.js';
import { userReference } from '../users/tables.js';

/**
 * A post a member bought on its own: written by the `paid_post` charge's effect in the
 * transaction that settles the charge, once per post and member, and removed when the payment
 * is given back. The access rule reads the viewer's purchases with their other entitlements.
 */
export const postPurchases = pgTable(
  'post_purchases',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    /** The post's creator: the entitlements of a list of one creator's posts read only theirs. */
    creatorId: userReference('creator_id'),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    uniqueIndex('post_purchases_charge_unique').on(t.chargeId),
    index('post_purchases_user_creator_idx').on(t.userId, t.creatorId),
  ],
);
