import { revealsContent, SEEN_RECORDS_LIMIT, type SeenList, type SeenRecord, type seenInputSchema } from '@aurum/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../db/database.js';
import { posts, seenRecords } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { postAccessLevelSql, visiblePostSql } from '../posts/access-sql.js';

export interface SeenServiceDeps {
  db: Database;
  now: () => Date;
}

/**
 * Seen records: a post counts as seen once it was on screen long enough (the browser decides
 * when; default SEEN_DEFAULT_DURATION_MS). One record per viewer and entity: a second one is
 * refused with 409 `already_seen`, which the browser ignores. Posts the viewer cannot see answer
 * 404 like missing ones. Only content actually shown counts: a post seen while locked (a blurred
 * sneak peek, a paid post before subscribing) is recorded as locked, which insights read as the
 * view that led to a subscription but the feed does not leave out, so the post reaches it once
 * unlocked; seeing it unlocked later makes the record a view of the content (409 otherwise). A
 * creator's own post is no view at all (409 `own_post_not_seen`): it stays in their feed.
 */
export class SeenService {
  constructor(private readonly deps: SeenServiceDeps) {}

  async record(viewerId: string, input: z.output<typeof seenInputSchema>): Promise<SeenRecord> {
    const { db, now } = this.deps;
    const at = now();
    const [visible] = await db
      .select({ level: postAccessLevelSql(viewerId, at) })
      .from(posts)
      .where(and(eq(posts.id, input.entityId), visiblePostSql));
    if (!visible || visible.level === 'hidden') throw errors.notFound('Post');
    if (visible.level === 'owner') throw errors.ownPostNotSeen();
    const locked = !revealsContent(visible.level);
    const [row] = await db
      .insert(seenRecords)
      .values({ userId: viewerId, entityId: input.entityId, type: input.type, durationMs: input.duration, locked, createdAt: at })
      // Keeps the first sighting's time, which dates the view that led to a subscription.
      .onConflictDoUpdate({
        target: [seenRecords.userId, seenRecords.type, seenRecords.entityId],
        set: { locked: false },
        setWhere: and(eq(seenRecords.locked, true), sql`not excluded.locked`),
      })
      .returning();
    if (!row) throw errors.alreadySeen();
    return toSeenRecord(row);
  }

  /** The viewer's latest seen records, newest first; the feed leaves these posts out. */
  async latest(viewerId: string, limit = SEEN_RECORDS_LIMIT): Promise<SeenList> {
    const rows = await this.deps.db
      .select()
      .from(seenRecords)
      .where(eq(seenRecords.userId, viewerId))
      .orderBy(desc(seenRecords.createdAt), desc(seenRecords.entityId))
      .limit(Math.min(limit, SEEN_RECORDS_LIMIT));
    const items = rows.map(toSeenRecord);
    return { entityIds: items.map((item) => item.entityId), items };
  }
}

function toSeenRecord(row: typeof seenRecords.$inferSelect): SeenRecord {
  return {
    entityId: row.entityId,
    type: row.type as SeenRecord['type'],
    duration: row.durationMs,
    locked: row.locked,
    createdAt: row.createdAt.toISOString(),
  };
}
