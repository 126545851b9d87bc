import type { BlockedUser, BlockedUsersPage, BlockState } from '@aurum/core';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database.js';
import type { Bound } from '../db/prepared.js';
import { blocks, follows, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { BlocksStatements } from './statements.js';

export interface BlocksServiceDeps {
  db: Database;
  now: () => Date;
  statements: BlocksStatements;
}

/** Whether the viewer blocked the user in `userColumn`: lists leave such users out with `not(...)`. */
export function blockedByViewer(viewerId: Bound<string>, userColumn: AnyPgColumn): SQL<boolean> {
  // A nested condition keeps the columns table-qualified even in a single-table select list,
  // where drizzle would otherwise leave `userColumn` bare and it would name the blocks column.
  const match = sql`${blocks.userId} = ${viewerId} and ${blocks.blockedUserId} = ${userColumn}`;
  return sql<boolean>`exists (select 1 from ${blocks} where ${match})`;
}

/** Either side blocked the other: chat and tips are closed between them. */
export function blockedEitherWaySql(viewer: SQL, partner: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} as b
    where (b.user_id = ${viewer} and b.blocked_user_id = ${partner}) or (b.user_id = ${partner} and b.blocked_user_id = ${viewer}))`;
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
  async list(userId: string, page: PageRequest): Promise<BlockedUsersPage> {
    const rows = await this.deps.statements.blocked.run({ viewer: userId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.blocked_at, row.user_id]);
    return {
      items: items.map(
        (row): BlockedUser => ({
          userId: row.user_id,
          handle: row.handle,
          publicName: row.public_name,
          avatarColor: row.avatar_color,
          avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
          blockedAt: row.blocked_at,
        }),
      ),
      nextCursor,
    };
  }
}
