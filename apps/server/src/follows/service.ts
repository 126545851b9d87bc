import { type FollowEntry, type FollowedCreatorsPage, type FollowersPage, type FollowState, generateId, ROLE } from '@aurum/core';
import { and, eq, isNull } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database } from '../db/database.js';
import type { PreparedStatement } from '../db/prepared.js';
import { follows, profiles, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { FollowSqlRow, FollowsStatements } from './statements.js';

export interface FollowsServiceDeps {
  db: Database;
  now: () => Date;
  statements: FollowsStatements;
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
    return this.page(this.deps.statements.following, userId, page);
  }

  /** A creator's followers (disabled accounts left out) and their total; only the creator may ask. */
  async listFollowers(viewerId: string, creatorId: string, page: PageRequest): Promise<FollowersPage> {
    requireAccess(actorOf(viewerId), 'creator.followers.read', { creatorId });
    const [total, items] = await Promise.all([this.followerCount(creatorId), this.page(this.deps.statements.followers, creatorId, page)]);
    return { total, ...items };
  }

  /** One page of a follows list, newest first. */
  private async page(list: PreparedStatement<FollowSqlRow>, owner: string, page: PageRequest) {
    const rows = await list.run({ owner, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.followed_at, row.follow_id]);
    return {
      items: items.map(
        (row): FollowEntry => ({
          userId: row.user_id,
          handle: row.handle,
          publicName: row.public_name,
          avatarColor: row.avatar_color,
          avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
          followedAt: row.followed_at,
        }),
      ),
      nextCursor,
    };
  }
}
