import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { media } from '../media/tables.js';
import { userReference } from '../users/tables.js';

/** A folder (album) of a creator's vault; names are unique per creator whatever their case. */
export const vaultFolders = pgTable(
  'vault_folders',
  {
    id: text('id').primaryKey(),
    ownerId: userReference('owner_id'),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vault_folders_owner_name_unique').on(t.ownerId, sql`lower(${t.name})`)],
);

/** An item in a folder; an item may be in several folders, and leaves them all when it is deleted. */
export const vaultFolderItems = pgTable(
  'vault_folder_items',
  {
    folderId: text('folder_id')
      .notNull()
      .references(() => vaultFolders.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.mediaId] }), index('vault_folder_items_media_idx').on(t.mediaId)],
);
