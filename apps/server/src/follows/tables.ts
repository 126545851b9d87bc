import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

export const follows = pgTable(
  'follows',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    creatorId: userReference('creator_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_user_creator_unique').on(t.userId, t.creatorId),
    index('follows_creator_idx').on(t.creatorId),
    // The people lists walk one side's follows newest first (a creator's fans, one's creators).
    index('follows_creator_created_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('follows_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
