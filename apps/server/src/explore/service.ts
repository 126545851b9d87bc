import { CREATOR_CARD_BIO_CHARS, type CreatorCard, type CreatorSort, type CreatorsPage, entityIdSchema, ROLE } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasRoleSql } from '../access/access.js';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { creatorOnboarding, follows, profiles, users } from '../db/schema.js';
import { containsPattern } from '../db/search-pattern.js';
import { decodePageCursor, encodePageCursor } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';

export interface ExploreServiceDeps {
  db: Database;
}

export interface CreatorsRequest {
  q?: string | undefined;
  sort: CreatorSort;
  cursor?: string | undefined;
  limit: number;
}

/** Where a page ends: the sort it belongs to, the last creator's sort key and their id. */
const cursorShapes = {
  new: z.tuple([z.literal('new'), z.number().int(), entityIdSchema]),
  popular: z.tuple([z.literal('popular'), z.number().int().min(0), entityIdSchema]),
};

const bound = {
  viewer: sql.placeholder('viewer'),
  pattern: sql.placeholder('pattern'),
  cursorKey: sql.placeholder('cursorKey'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
};

/**
 * Each sort's key, and the cursor key a first page starts below (above every creator, so one
 * statement serves every page). `new`: when they became a creator (onboarding done; the
 * account's creation for creators made otherwise), in whole ms. `popular`: the kept follower
 * count, whose index the statement walks.
 */
const sortKeys: Record<CreatorSort, { key: SQL; cursorKey: SQL; top: number }> = {
  new: {
    key: sql`floor(extract(epoch from coalesce(${creatorOnboarding.completedAt}, ${users.createdAt})) * 1000)::float8`,
    cursorKey: sql`${bound.cursorKey}::float8`,
    top: Number.POSITIVE_INFINITY,
  },
  popular: { key: sql`${profiles.followerCount}`, cursorKey: sql`${bound.cursorKey}::int`, top: 2 ** 31 - 1 },
};

interface CreatorRow {
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
 * Explore: the creators a member can discover. Active accounts with the creators label, never
 * the viewer and never users the viewer blocked, searched by handle or public name and sorted
 * by who became a creator last (`new`) or by followers (`popular`), with keyset pages. Each
 * sort, with and without a search, is one prepared statement.
 */
export class ExploreService {
  private readonly statements = new Map<string, PreparedStatement<CreatorRow>>();

  constructor(private readonly deps: ExploreServiceDeps) {}

  async creators(viewerId: string, request: CreatorsRequest): Promise<CreatorsPage> {
    const pattern = containsPattern(request.q);
    const [cursorKey, cursorId] = request.cursor
      ? decodePageCursor(request.cursor, cursorShapes[request.sort]).slice(1)
      : [sortKeys[request.sort].top, ''];
    const rows = await this.statement(request.sort, pattern !== null).run({
      viewer: viewerId,
      pattern,
      cursorKey,
      cursorId,
      limit: request.limit + 1,
    });
    const more = rows.length > request.limit;
    if (more) rows.pop();
    const items: CreatorCard[] = rows.map((row) => ({
      userId: row.user_id,
      handle: row.handle,
      publicName: row.public_name,
      avatarColor: row.avatar_color,
      isVerified: row.is_verified,
      bio: row.bio,
      followers: row.followers,
      following: row.following,
      avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
    }));
    const last = rows.at(-1);
    return { items, nextCursor: more && last ? encodePageCursor([request.sort, last.sort_key, last.user_id]) : null };
  }

  private statement(sort: CreatorSort, searching: boolean): PreparedStatement<CreatorRow> {
    const name = `explore_${sort}${searching ? '_search' : ''}`;
    let statement = this.statements.get(name);
    if (!statement) {
      statement = prepareStatement<CreatorRow>(this.deps.db, name, creatorsStatement(sort, searching));
      this.statements.set(name, statement);
    }
    return statement;
  }
}
