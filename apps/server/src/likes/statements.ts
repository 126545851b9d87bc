import type { AccessLevel } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { likes, posts } from '../db/schema.js';
import { postAccessLevelSql, REVEALING_LEVELS_SQL, visiblePostSql } from '../posts/access-sql.js';

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
const changes: Record<'like' | 'unlike', SQL> = {
  like: sql`with target as (${target}),
    changed as (insert into ${likes} (post_id, user_id, created_at) select ${bound.post}, ${bound.viewer}, ${bound.now}
      from target where level in (${REVEALING_LEVELS_SQL}) on conflict do nothing returning 1)
    select level, ${likeCount} + (select count(*)::int from changed) as likes from target`,
  unlike: sql`with target as (${target}),
    changed as (delete from ${likes} where ${likes.postId} = ${bound.post} and ${likes.userId} = ${bound.viewer}
      and exists (select 1 from target where level <> 'hidden') returning 1)
    select level, ${likeCount} - (select count(*)::int from changed) as likes from target`,
};

/** The prepared statements of likes, built once per database. */
export class LikesStatements {
  readonly like: PreparedStatement<{ level: AccessLevel; likes: number }>;
  readonly unlike: PreparedStatement<{ level: AccessLevel; likes: number }>;

  constructor(db: Database) {
    this.like = prepareStatement(db, 'post_like', changes.like);
    this.unlike = prepareStatement(db, 'post_unlike', changes.unlike);
  }
}
