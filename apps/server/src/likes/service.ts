import { type AccessLevel, type LikeState, revealsContent } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { likes, posts } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { postAccessLevelSql, REVEALING_LEVELS_SQL, visiblePostSql } from '../posts/access-sql.js';

export interface LikesServiceDeps {
  db: Database;
  now: () => Date;
}

const bound = { viewer: sql.placeholder('viewer'), post: sql.placeholder('post'), now: sql.placeholder('now') };

/** The viewer's level on the post; no row when it does not exist, is deleted or its creator is disabled. */
const target = sql`select ${postAccessLevelSql(bound.viewer, bound.now)} as level from ${posts}
  where ${posts.id} = ${bound.post} and ${visiblePostSql}`;
/** The kept count (a trigger on likes updates it after the statement, so it reads as before the change). */
const likeCount = sql`(select ${posts.likeCount} from ${posts} where ${posts.id} = ${bound.post})`;

/**
 * A like or unlike with its answer in one statement: the level, the change where the level
 * allows it, and the count after it (the count reads the statement's snapshot, which does not
 * hold its own change nor the trigger's update of the kept count, hence the row it changed is
 * added or taken away).
 */
const changeStatements: Record<'like' | 'unlike', SQL> = {
  like: sql`with target as (${target}),
    changed as (insert into ${likes} (post_id, user_id, created_at) select ${bound.post}, ${bound.viewer}, ${bound.now}
      from target where level in (${REVEALING_LEVELS_SQL}) on conflict do nothing returning 1)
    select level, ${likeCount} + (select count(*)::int from changed) as likes from target`,
  unlike: sql`with target as (${target}),
    changed as (delete from ${likes} where ${likes.postId} = ${bound.post} and ${likes.userId} = ${bound.viewer}
      and exists (select 1 from target where level <> 'hidden') returning 1)
    select level, ${likeCount} - (select count(*)::int from changed) as likes from target`,
};

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
  private readonly statements: Record<'like' | 'unlike', PreparedStatement<{ level: AccessLevel; likes: number }>>;

  constructor(private readonly deps: LikesServiceDeps) {
    this.statements = {
      like: prepareStatement(deps.db, 'post_like', changeStatements.like),
      unlike: prepareStatement(deps.db, 'post_unlike', changeStatements.unlike),
    };
  }

  async like(viewerId: string, postId: string): Promise<LikeState> {
    const { level, likes } = await this.change('like', viewerId, postId);
    if (!revealsContent(level)) throw errors.postLocked();
    return { likes, liked: true };
  }

  async unlike(viewerId: string, postId: string): Promise<LikeState> {
    const { likes } = await this.change('unlike', viewerId, postId);
    return { likes, liked: false };
  }

  /** Runs the change; 404 when the viewer may not see the post (nothing was changed then). */
  private async change(kind: 'like' | 'unlike', viewerId: string, postId: string) {
    const [row] = await this.statements[kind].run({ viewer: viewerId, post: postId, now: this.deps.now() });
    if (!row || row.level === 'hidden') throw errors.notFound('Post');
    return row;
  }
}
