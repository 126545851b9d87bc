import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { follows, profiles, users } from '../db/schema.js';

export interface FollowSqlRow {
  follow_id: string;
  followed_at: string;
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
}

const bound = {
  owner: sql.placeholder('owner'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};
const iso = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The follows whose `side` is the owner, newest first (`follows_<side>_created_idx`), showing
 * the user on the other side; disabled accounts are left out.
 */
function followsOf(side: 'user_id' | 'creator_id') {
  const owner = sql.raw(side);
  const other = sql.raw(side === 'user_id' ? 'creator_id' : 'user_id');
  return sql`select f.id as follow_id, ${iso(sql`f.created_at`)} as followed_at, p.user_id, p.handle,
      p.public_name, p.avatar_color, p.avatar_media_id
    from ${follows} as f
      join ${users} as u on u.id = f.${other} and u.disabled_at is null
      join ${profiles} as p on p.user_id = f.${other}
    where f.${owner} = ${bound.owner}
      and (${bound.cursorKey}::timestamptz is null or (f.created_at, f.id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
    order by f.created_at desc, f.id desc
    limit ${bound.limit}`;
}

/** The prepared statements of the follows lists, built once per database. */
export class FollowsStatements {
  /** The creators a user follows. */
  readonly following: PreparedStatement<FollowSqlRow>;
  /** A creator's followers. */
  readonly followers: PreparedStatement<FollowSqlRow>;

  constructor(db: Database) {
    this.following = prepareStatement(db, 'follows_following', followsOf('user_id'));
    this.followers = prepareStatement(db, 'follows_followers', followsOf('creator_id'));
  }
}
