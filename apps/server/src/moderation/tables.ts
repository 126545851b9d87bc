import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference, users } from '../users/tables.js';

/**
 * A member's report of a post, a user or a chat message. One open report per reporter and
 * target; an admin's decision resolves every open report on the target at once.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    reporterId: userReference('reporter_id'),
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    /** Who wrote or owns the target: whom a suspension or a ban is about. */
    targetUserId: userReference('target_user_id'),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_open_unique').on(t.reporterId, t.targetId).where(sql`${t.status} = 'open'`),
    index('reports_open_target_idx').on(t.targetId, t.createdAt).where(sql`${t.status} = 'open'`),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An admin's view of one target lists every report on it, open or decided.
    index('reports_target_idx').on(t.targetId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // An admin's user detail lists the reports about that user.
    index('reports_target_user_idx').on(t.targetUserId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved')`),
  ],
);

/** What a moderation decision told a user in the app (the outcome of their report, a removal, a suspension). */
export const moderationNotices = pgTable(
  'moderation_notices',
  {
    id: text('id').primaryKey(),
    userId: userReference('user_id'),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    reason: text('reason'),
    /** The post a notice is about (a removal), for the member to open it. */
    postId: text('post_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_notices_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** The admin-edited list of words refused in post text, message text and profile fields, stored lower-case. */
export const restrictedWords = pgTable('restricted_words', {
  word: text('word').primaryKey(),
  createdAt: createdAt(),
});
