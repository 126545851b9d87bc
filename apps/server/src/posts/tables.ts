import { sql } from 'drizzle-orm';
import { check, index, integer, json, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { media } from '../media/tables.js';
import { userReference } from '../users/tables.js';

/** A creator's post. `access` holds levels (public, follower, sneakpeek, subscription, private) and plan ids. */
export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    text: text('text').notNull().default(''),
    access: text('access').array().notNull(),
    /** Sold on its own (pay-per-view) for this much, besides whoever `access` lets in; null when not sold. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Why an admin removed the post (then deleted_at is set too); the creator is told. */
    removedReason: text('removed_reason'),
    /** The post's likes; kept by triggers on likes (migration 0007), never written by the app. */
    likeCount: integer('like_count').notNull().default(0),
    /**
     * The post's media as every post list sends it (its items in order, which derivatives
     * exist), kept by triggers on post_media and media (migration 0020), never written by the
     * app: a page of cards then reads one column instead of joining media for each post.
     */
    mediaItems: json('media_items').notNull().default(sql`'[]'::json`),
  },
  (t) => [
    check('posts_price_check', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    index('posts_creator_publish_idx').on(t.creatorId, t.publishAt),
    // The feed lists visible posts newest first: in this order the planner walks the newest
    // posts and stops once a page is full, instead of computing every post's access level and
    // sorting them all (EXPLAIN in bench/RESULTS.md).
    index('posts_publish_idx').on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Sneak-peek candidates are about one post in a hundred a viewer may be offered: the feed
    // walks only these, newest first, instead of a thousand posts to find a dozen.
    index('posts_sneakpeek_publish_idx')
      .on(t.publishAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`'sneakpeek' = any(${t.access}) and ${t.deletedAt} is null`),
  ],
);

/** The media of a post, in order. A media item belongs to at most one post. */
export const postMedia = pgTable(
  'post_media',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    // An item may be in several posts (from the vault).
    index('post_media_media_idx').on(t.mediaId),
  ],
);
