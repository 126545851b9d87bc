import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { blocks, profiles, users } from '../db/schema.js';

export interface BlockedSqlRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  blocked_at: string;
}

const bound = {
  viewer: sql.placeholder('viewer'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/** The users the viewer blocked, newest first; a block's key is the blocked user's id, disabled accounts are left out. */
const blocked = sql`select p.user_id, p.handle, p.public_name, p.avatar_color, p.avatar_media_id,
    to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as blocked_at
  from ${blocks} as b
    join ${users} as u on u.id = b.blocked_user_id and u.disabled_at is null
    join ${profiles} as p on p.user_id = b.blocked_user_id
  where b.user_id = ${bound.viewer}
    and (${bound.cursorKey}::timestamptz is null or (b.created_at, b.blocked_user_id) < (${bound.cursorKey}::timestamptz, ${bound.cursorId}::text))
  order by b.created_at desc, b.blocked_user_id desc
  limit ${bound.limit}`;

/** The prepared statements of the blocks list, built once per database. */
export class BlocksStatements {
  readonly blocked: PreparedStatement<BlockedSqlRow>;

  constructor(db: Database) {
    this.blocked = prepareStatement(db, 'blocks_blocked', blocked);
  }
}
