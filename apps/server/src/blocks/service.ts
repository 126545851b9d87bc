import type { BlockedUser, BlockedUsersPage, BlockState } from '@aurum/core';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import type { Bound } from '../db/prepared.js';
import { blocks, follows, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { afterTimeCursor, timeCursorPage } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';

export interface BlocksServiceDeps {
  db: Database;
  now: () => Date;
}

/** Whether the viewer blocked the user in `userColumn`: lists leave such users out with `not(...)`. */
export function blockedByViewer(viewerId: Bound<string>, userColumn: AnyPgColumn): SQL<boolean> {
  // A nested condition keeps the columns table-qualified even in a single-table select list,
  // where drizzle would otherwise leave `userColumn` bare and it would name the blocks column.
  const match = sql`${blocks.userId} = ${viewerId} and ${blocks.blockedUserId} = ${userColumn}`;
  return sql<boolean>`exists (select 1 from ${blocks} where ${match})`;
}

/**
 * Blocking another user (a creator or a member). It is one-sided and silent: the blocked
 * user is not told, and only the blocker's lists change. Their posts leave the blocker's
 * feed and they leave the blocker's Explore and search; the blocker's follow of them ends.
 * The profile stays reachable, so the blocker can unblock. Both directions are idempotent.
 */
export class BlocksService {
  constructor(private readonly deps: BlocksServiceDeps) {}

  /** Blocks an active user; blocking again changes nothing. Unknown and disabled users are not found. */
  async block(userId: string, blockedUserId: string): Promise<BlockState> {
    if (userId === blockedUserId) throw errors.cannotBlockSelf();
    const { db, now } = this.deps;
    const [target] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, blockedUserId), isNull(users.disabledAt)))
      .limit(1);
    if (!target) throw errors.notFound('User');
    await db.transaction(async (tx) => {
      await tx.insert(blocks).values({ userId, blockedUserId, createdAt: now() }).onConflictDoNothing();
      await tx.delete(follows).where(and(eq(follows.userId, userId), eq(follows.creatorId, blockedUserId)));
    });
    return { blocked: true };
  }

  /** Unblocks a user; without a block it does nothing. */
  async unblock(userId: string, blockedUserId: string): Promise<BlockState> {
    await this.deps.db.delete(blocks).where(and(eq(blocks.userId, userId), eq(blocks.blockedUserId, blockedUserId)));
    return { blocked: false };
  }

  /** The users the viewer blocked (disabled accounts left out), most recently blocked first. */
  async list(userId: string, page: { cursor?: string | undefined; limit: number }): Promise<BlockedUsersPage> {
    const rows = await this.deps.db
      .select({
        userId: profiles.userId,
        handle: profiles.handle,
        publicName: profiles.publicName,
        avatarColor: profiles.avatarColor,
        avatarMediaId: profiles.avatarMediaId,
        blockedAt: blocks.createdAt,
      })
      .from(blocks)
      .innerJoin(users, and(eq(users.id, blocks.blockedUserId), isNull(users.disabledAt)))
      .innerJoin(profiles, eq(profiles.userId, blocks.blockedUserId))
      .where(and(eq(blocks.userId, userId), afterTimeCursor(page.cursor, blocks.createdAt, blocks.blockedUserId)))
      .orderBy(desc(blocks.createdAt), desc(blocks.blockedUserId))
      .limit(page.limit + 1);
    const { items, nextCursor } = timeCursorPage(rows, page.limit, (row) => [row.blockedAt, row.userId]);
    return {
      items: items.map(
        ({ avatarMediaId, blockedAt, ...summary }): BlockedUser => ({
          ...summary,
          avatarUrl: profileImageUrl(summary.userId, 'avatar', avatarMediaId),
          blockedAt: blockedAt.toISOString(),
        }),
      ),
      nextCursor,
    };
  }
}
