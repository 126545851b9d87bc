import { CREATOR_CARD_BIO_CHARS, type CreatorSort, ROLE } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { creatorOnboarding, follows, profiles, users } from '../db/schema.js';

const bound = {
  viewer: sql.placeholder('viewer'),
  pattern: sql.placeholder('pattern'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/**
 * Each sort's key and the cursor's type. `new`: when they became a creator (onboarding done; the
 * account's creation for creators made otherwise), in whole ms. `popular`: the kept follower
 * count, whose index the statement walks.
 */
const sortKeys: Record<CreatorSort, { key: SQL; cursorKey: SQL }> = {
  new: {
    key: sql`floor(extract(epoch from coalesce(${creatorOnboarding.completedAt}, ${users.createdAt})) * 1000)::float8`,
    cursorKey: sql`${bound.cursorKey}::float8`,
  },
  popular: { key: sql`${profiles.followerCount}`, cursorKey: sql`${bound.cursorKey}::int` },
};

export interface CreatorRow {
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  avatar_media_id: string | null;
  is_verified: boolean;
  bio: string | null;
  followers: number;
  following: boolean;
  sort_key: number;
}

/** One page of creator cards in one statement: the sort, and with `searching` the pattern on handle or public name. */
function creatorsStatement(sort: CreatorSort, searching: boolean): SQL {
  const { key, cursorKey } = sortKeys[sort];
  const search = searching ? sql`and (${profiles.handle} ilike ${bound.pattern} or ${profiles.publicName} ilike ${bound.pattern})` : sql``;
  return sql`select ${profiles.userId} as user_id, ${profiles.handle}, ${profiles.publicName} as public_name,
      ${profiles.avatarColor} as avatar_color, ${profiles.avatarMediaId} as avatar_media_id, ${profiles.isVerified} as is_verified,
      left(nullif(trim(${profiles.bio}), ''), ${CREATOR_CARD_BIO_CHARS + 1}) as bio, ${profiles.followerCount} as followers,
      exists (select 1 from ${follows} where ${follows.userId} = ${bound.viewer} and ${follows.creatorId} = ${profiles.userId}) as following,
      ${key} as sort_key
    from ${profiles} join ${users} on ${users.id} = ${profiles.userId}
      left join ${creatorOnboarding} on ${creatorOnboarding.userId} = ${users.id}
    where ${hasRoleSql(users.labels, ROLE.creators)} and ${users.disabledAt} is null and ${users.id} <> ${bound.viewer}
      and not ${blockedByViewer(bound.viewer, users.id)} ${search}
      and (${key}, ${profiles.userId}) < (${cursorKey}, ${bound.cursorId}::text)
    order by ${key} desc, ${profiles.userId} desc limit ${bound.limit}`;
}

/**
 * The prepared statements of Explore, built once per database: each sort, with and without a
 * search. A first page starts above every creator (the service's key), so one statement serves every page.
 */
export class ExploreStatements {
  readonly creators: Record<CreatorSort, { all: PreparedStatement<CreatorRow>; search: PreparedStatement<CreatorRow> }>;

  constructor(db: Database) {
    const both = (sort: CreatorSort) => ({
      all: prepareStatement<CreatorRow>(db, `explore_${sort}`, creatorsStatement(sort, false), { mayLag: true }),
      search: prepareStatement<CreatorRow>(db, `explore_${sort}_search`, creatorsStatement(sort, true), { mayLag: true }),
    });
    this.creators = { new: both('new'), popular: both('popular') };
  }
}
