import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/** A creator's own list of fans; names are unique per creator whatever their case. */
export const fanLists = pgTable(
  'fan_lists',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('fan_lists_creator_name_unique').on(t.creatorId, sql`lower(${t.name})`)],
);

/** A fan on a creator's own list; the list's page is ordered by when they were added. */
export const fanListMembers = pgTable(
  'fan_list_members',
  {
    listId: text('list_id')
      .notNull()
      .references(() => fanLists.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.userId] }),
    index('fan_list_members_list_added_idx').on(t.listId, t.addedAt.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // Which of a creator's lists hold a fan (the fan's dialog), and an account's removal.
    index('fan_list_members_user_idx').on(t.userId),
  ],
);

/** A creator's private note about one fan; only the creator ever reads it. */
export const fanNotes = pgTable(
  'fan_notes',
  {
    creatorId: userReference('creator_id'),
    userId: userReference('user_id'),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.userId] })],
);
