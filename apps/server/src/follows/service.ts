import { type FollowEntry, type FollowedCreatorsPage, type FollowersPage, type FollowState, generateId, ROLE } from '@aurum/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database } from '../db/database.js';
import { follows, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { afterTimeCursor, timeCursorPage } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';

export interface FollowsServiceDeps {
  db: Database;
  now: () => Date;
}

interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

/**
 * Following creators. A follow is free and immediate: the post access rule reads the
 * follows table on every query, so follower posts unlock (and lock again) at once.
 */
export class FollowsService {
  constructor(private readonly deps: FollowsServiceDeps) {}

  /** Follows a creator; following again changes nothing. Unknown, disabled and non-creator ids are not found. */
  async follow(userId: string, creatorId: string): Promise<FollowState> {
    if (userId === creatorId) throw errors.cannotFollowSelf();
    const [creator] = await this.deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, creatorId), isNull(users.disabledAt), hasRoleSql(users.labels, ROLE.creators)))
      .limit(1);
    if (!creator) throw errors.notFound('Creator');
    const now = this.deps.now();
    await this.deps.db
      .insert(follows)
      .values({ id: generateId(now.getTime()), userId, creatorId, createdAt: now })
      .onConflictDoNothing({ target: [follows.userId, follows.creatorId] });
    return { following: true, followers: await this.followerCount(creatorId) };
  }

  /** Unfollows a creator; without a follow it does nothing (spec: an empty result), never an error. */
  async unfollow(userId: string, creatorId: string): Promise<FollowState> {
    await this.deps.db.delete(follows).where(and(eq(follows.userId, userId), eq(follows.creatorId, creatorId)));
    return { following: false, followers: await this.followerCount(creatorId) };
  }

  /** How many accounts (not disabled) follow the creator: `profiles.follower_count`, which triggers keep (migration 0007). */
  async followerCount(creatorId: string): Promise<number> {
    const [row] = await this.deps.db.select({ total: profiles.followerCount }).from(profiles).where(eq(profiles.userId, creatorId));
    return row?.total ?? 0;
  }

  /** Whether the viewer follows the user. */
  async isFollowing(userId: string, creatorId: string): Promise<boolean> {
    const rows = await this.deps.db
      .select({ id: follows.id })
      .from(follows)
      .where(and(eq(follows.userId, userId), eq(follows.creatorId, creatorId)))
      .limit(1);
    return rows.length > 0;
  }

  /** The creators the user follows (disabled ones left out), most recently followed first. */
  async listFollowing(userId: string, page: PageRequest): Promise<FollowedCreatorsPage> {
    return this.page('userId', userId, page);
  }

  /** A creator's followers (disabled accounts left out) and their total; only the creator may ask. */
  async listFollowers(viewerId: string, creatorId: string, page: PageRequest): Promise<FollowersPage> {
    requireAccess(actorOf(viewerId), 'creator.followers.read', { creatorId });
    const [total, items] = await Promise.all([this.followerCount(creatorId), this.page('creatorId', creatorId, page)]);
    return { total, ...items };
  }

  /** One page of the follows whose `side` is `id`, showing the user on the other side, newest first. */
  private async page(side: 'userId' | 'creatorId', id: string, page: PageRequest) {
    const other = side === 'userId' ? follows.creatorId : follows.userId;
    const rows = await this.deps.db
      .select({
        followId: follows.id,
        followedAt: follows.createdAt,
        userId: profiles.userId,
        handle: profiles.handle,
        publicName: profiles.publicName,
        avatarColor: profiles.avatarColor,
        avatarMediaId: profiles.avatarMediaId,
      })
      .from(follows)
      .innerJoin(users, and(eq(users.id, other), isNull(users.disabledAt)))
      .innerJoin(profiles, eq(profiles.userId, other))
      .where(and(eq(follows[side], id), afterTimeCursor(page.cursor, follows.createdAt, follows.id)))
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .limit(page.limit + 1);
    const { items, nextCursor } = timeCursorPage(rows, page.limit, (row) => [row.followedAt, row.followId]);
    return {
      items: items.map(
        (row): FollowEntry => ({
          userId: row.userId,
          handle: row.handle,
          publicName: row.publicName,
          avatarColor: row.avatarColor,
          avatarUrl: profileImageUrl(row.userId, 'avatar', row.avatarMediaId),
          followedAt: row.followedAt.toISOString(),
        }),
      ),
      nextCursor,
    };
  }
}
