import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { users } from '../users/tables.js';

/** What others see of a user. The handle is stored lower-case, so uniqueness is case-insensitive. */
export const profiles = pgTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle'),
    publicName: text('public_name'),
    avatarColor: text('avatar_color').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    bio: text('bio'),
    avatarMediaId: text('avatar_media_id'),
    coverMediaId: text('cover_media_id'),
    lastOnline: timestamp('last_online', { withTimezone: true }),
    /** Follows by accounts that are not disabled; kept by triggers on follows and users (migration 0007), never written by the app. */
    followerCount: integer('follower_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('profiles_handle_unique').on(t.handle),
    // Explore's most-followed order walks this index and stops once a page is full.
    index('profiles_follower_count_idx').on(t.followerCount.desc().nullsFirst(), t.userId.desc().nullsFirst()),
    // Explore's search is "contains, any case" (ilike '%text%'): trigram indexes answer it
    // without reading every profile.
    index('profiles_handle_trgm_idx').using('gin', sql`${t.handle} gin_trgm_ops`),
    index('profiles_public_name_trgm_idx').using('gin', sql`${t.publicName} gin_trgm_ops`),
  ],
);
