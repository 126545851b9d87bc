import { CREATOR_CARD_BIO_CHARS, type CreatorCard, type CreatorSort, type CreatorsPage, entityIdSchema, ROLE } from '@aurum/core';
import { and, desc, eq, ilike, isNull, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasRoleSql } from '../access/access.js';
import { blockedByViewer } from '../blocks/service.js';
import type { Database } from '../db/database.js';
import { creatorOnboarding, follows, profiles, users } from '../db/schema.js';
import { containsPattern } from '../db/search-pattern.js';
import { followerCountSql, followerCountsRelation } from '../follows/service.js';
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

/**
 * Explore: the creators a member can discover. Active accounts with the creators label, never
 * the viewer and never users the viewer blocked, searched by handle or public name and sorted
 * by who became a creator last (`new`) or by followers (`popular`), with keyset pages.
 */
export class ExploreService {
  constructor(private readonly deps: ExploreServiceDeps) {}

  async creators(viewerId: string, request: CreatorsRequest): Promise<CreatorsPage> {
    const { db } = this.deps;
    const pattern = containsPattern(request.q);
    // Sorting by followers needs every creator's count: one pass over follows, joined. Otherwise
    // only the page's creators are counted (PostgreSQL runs the subquery after the limit).
    const popular = request.sort === 'popular';
    const creatorRows = db
      .select({
        userId: profiles.userId,
        handle: profiles.handle,
        publicName: profiles.publicName,
        avatarColor: profiles.avatarColor,
        avatarMediaId: profiles.avatarMediaId,
        isVerified: profiles.isVerified,
        bio: sql<string | null>`left(nullif(trim(${profiles.bio}), ''), ${CREATOR_CARD_BIO_CHARS + 1})`.as('bio'),
        followers: (popular ? sql<number>`coalesce(follower_counts.followers, 0)` : followerCountSql(profiles.userId)).as('followers'),
        following:
          sql<boolean>`exists (select 1 from ${follows} where ${follows.userId} = ${viewerId} and ${follows.creatorId} = ${users.id})`.as(
            'following',
          ),
        // When they became a creator (onboarding done; the account's creation for creators made otherwise), in whole ms.
        since: sql<number>`floor(extract(epoch from coalesce(${creatorOnboarding.completedAt}, ${users.createdAt})) * 1000)::float8`.as(
          'since',
        ),
      })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(creatorOnboarding, eq(creatorOnboarding.userId, users.id))
      .$dynamic();
    const creators = (popular ? creatorRows.leftJoin(followerCountsRelation, sql`follower_counts.creator_id = ${users.id}`) : creatorRows)
      .where(
        and(
          hasRoleSql(users.labels, ROLE.creators),
          isNull(users.disabledAt),
          ne(users.id, viewerId),
          not(blockedByViewer(viewerId, users.id)),
          pattern ? or(ilike(profiles.handle, pattern), ilike(profiles.publicName, pattern)) : undefined,
        ),
      )
      .as('creators');

    const key = request.sort === 'popular' ? creators.followers : creators.since;
    let after: SQL | undefined;
    if (request.cursor) {
      const [, position, id] = decodePageCursor(request.cursor, cursorShapes[request.sort]);
      after = sql`(${key}, ${creators.userId}) < (${position}, ${id})`;
    }
    const rows = await db
      .select()
      .from(creators)
      .where(after)
      .orderBy(desc(key), desc(creators.userId))
      .limit(request.limit + 1);
    const more = rows.length > request.limit;
    if (more) rows.pop();
    const items: CreatorCard[] = rows.map(({ avatarMediaId, since: _since, ...card }) => ({
      ...card,
      avatarUrl: profileImageUrl(card.userId, 'avatar', avatarMediaId),
    }));
    const last = rows.at(-1);
    const nextCursor =
      more && last ? encodePageCursor([request.sort, request.sort === 'popular' ? last.followers : last.since, last.userId]) : null;
    return { items, nextCursor };
  }
}
