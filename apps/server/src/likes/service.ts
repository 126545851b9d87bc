import { type AccessLevel, type LikeState, revealsContent } from '@aurum/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { likes, posts, users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { postAccessLevelSql } from '../posts/access-sql.js';

export interface LikesServiceDeps {
  db: Database;
  now: () => Date;
}

/** The like count and the viewer's own like for each post, in one aggregate query (posts without likes are absent). */
export async function likeSummaries(db: Database, viewerId: string, postIds: readonly string[]): Promise<Map<string, LikeState>> {
  const summaries = new Map<string, LikeState>();
  if (postIds.length === 0) return summaries;
  const rows = await db
    .select({
      postId: likes.postId,
      likes: sql<number>`count(*)::int`,
      liked: sql<boolean>`bool_or(${likes.userId} = ${viewerId})`,
    })
    .from(likes)
    .where(inArray(likes.postId, [...postIds]))
    .groupBy(likes.postId);
  for (const row of rows) summaries.set(row.postId, { likes: Number(row.likes), liked: Boolean(row.liked) });
  return summaries;
}

/**
 * Likes. A viewer reaches a post's like only where the access rule (access-sql.ts) lets them
 * see the post: hidden posts (private, scheduled, deleted, a disabled creator's) answer 404
 * like posts that do not exist.
 *
 * Liking a locked or sneak-peek post is refused with 403 `post_locked`: a like says "I liked
 * this", which only makes sense once the content is revealed. Those posts are already listed
 * to the viewer (with a teaser and an unlock offer), so answering differently from 404 tells
 * nothing new. Unliking works on every post the viewer can see, so a member whose
 * subscription lapsed can still take a like back.
 *
 * Both directions are idempotent: liking twice keeps one like, unliking with no like is a no-op.
 */
export class LikesService {
  constructor(private readonly deps: LikesServiceDeps) {}

  async like(viewerId: string, postId: string): Promise<LikeState> {
    const level = await this.levelOf(viewerId, postId);
    if (!revealsContent(level)) throw errors.postLocked();
    await this.deps.db.insert(likes).values({ postId, userId: viewerId, createdAt: this.deps.now() }).onConflictDoNothing();
    return this.stateOf(viewerId, postId);
  }

  async unlike(viewerId: string, postId: string): Promise<LikeState> {
    await this.levelOf(viewerId, postId);
    await this.deps.db.delete(likes).where(and(eq(likes.postId, postId), eq(likes.userId, viewerId)));
    return this.stateOf(viewerId, postId);
  }

  /** The viewer's access level on the post, or 404 when they may not see it. */
  private async levelOf(viewerId: string, postId: string): Promise<AccessLevel> {
    const [row] = await this.deps.db
      .select({ level: postAccessLevelSql(viewerId, this.deps.now()) })
      .from(posts)
      .innerJoin(users, and(eq(users.id, posts.creatorId), isNull(users.disabledAt)))
      .where(and(eq(posts.id, postId), isNull(posts.deletedAt)));
    if (!row || row.level === 'hidden') throw errors.notFound('Post');
    return row.level;
  }

  private async stateOf(viewerId: string, postId: string): Promise<LikeState> {
    return (await likeSummaries(this.deps.db, viewerId, [postId])).get(postId) ?? { liked: false, likes: 0 };
  }
}
