import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/**
 * What a member has already seen (a post on screen long enough); the feed leaves the latest ones
 * out, unless the post was `locked` then (its content not shown: it comes once unlocked).
 */
export const seenRecords = pgTable(
  'seen_records',
  {
    userId: userReference('user_id'),
    entityId: text('entity_id').notNull(),
    type: text('type').notNull().default('post'),
    durationMs: integer('duration_ms').notNull().default(1000),
    /** Seen while locked (a sneak peek, a paid post before subscribing): a teaser, not the content. */
    locked: boolean('locked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seen_records_user_type_entity_unique').on(t.userId, t.type, t.entityId),
    index('seen_records_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Creator insights count a post's views.
    index('seen_records_entity_idx').on(t.entityId, t.createdAt),
  ],
);
