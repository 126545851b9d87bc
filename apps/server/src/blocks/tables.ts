import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/** A member's block of another user (creator or member): the blocked user's creators and posts vanish for the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    userId: userReference('user_id'),
    blockedUserId: userReference('blocked_user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] }), index('blocks_blocked_idx').on(t.blockedUserId)],
);
