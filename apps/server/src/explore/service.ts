import { type CreatorCard, type CreatorSort, type CreatorsPage, entityIdSchema } from '@aurum/core';
import { z } from 'zod';
import { containsPattern } from '../db/search-pattern.js';
import { type KeyShape, keysetPage, keysetStart } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { ExploreStatements } from './statements.js';

export interface ExploreServiceDeps {
  statements: ExploreStatements;
}

export interface CreatorsRequest {
  q?: string | undefined;
  sort: CreatorSort;
  cursor?: string | undefined;
  limit: number;
}

/**
 * Where a page ends: the sort it belongs to, the last creator's sort key and their id; and the
 * key a first page starts below (above every creator).
 */
const sortPaging: Record<CreatorSort, { key: KeyShape<number>; first: readonly [number, string] }> = {
  new: {
    key: z.tuple([z.literal('new'), z.number().int(), entityIdSchema]).transform(([, key, id]) => [key, id] as const),
    first: [Number.POSITIVE_INFINITY, ''],
  },
  popular: {
    key: z.tuple([z.literal('popular'), z.number().int().min(0), entityIdSchema]).transform(([, key, id]) => [key, id] as const),
    first: [2 ** 31 - 1, ''],
  },
};

/**
 * Explore: the creators a member can discover. Active accounts with the creators label, never
 * the viewer and never users the viewer blocked, searched by handle or public name and sorted
 * by who became a creator last (`new`) or by followers (`popular`), with keyset pages. Each
 * sort, with and without a search, is one prepared statement (`statements.ts`).
 */
export class ExploreService {
  constructor(private readonly deps: ExploreServiceDeps) {}

  async creators(viewerId: string, request: CreatorsRequest): Promise<CreatorsPage> {
    const pattern = containsPattern(request.q);
    const { key, first } = sortPaging[request.sort];
    const statements = this.deps.statements.creators[request.sort];
    const rows = await (pattern === null ? statements.all : statements.search).run({
      viewer: viewerId,
      pattern,
      ...keysetStart(request, key, first),
    });
    const page = keysetPage(rows, request.limit, (row) => [request.sort, row.sort_key, row.user_id]);
    const items: CreatorCard[] = page.items.map((row) => ({
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
    return { items, nextCursor: page.nextCursor };
  }
}
