import type { FansPage, fansQuerySchema, MyCreatorRow, MyCreatorsPage, myCreatorsQuerySchema, PersonRow } from '@aurum/core';
import type { z } from 'zod';
import { containsPattern } from '../db/search-pattern.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { profileImageUrl } from '../media/media-urls.js';
import type { PeopleStatements, PersonSqlRow } from './statements.js';

export interface PeopleServiceDeps {
  now: () => Date;
  statements: PeopleStatements;
}

/**
 * The people side of an account: the creators one follows or subscribes to, and a creator's
 * fans. Each list is one prepared statement per page (`statements.ts`); a row says only what
 * the viewer may know of the other side: their profile summary, the follow, and the
 * subscription's plan and dates.
 */
export class PeopleService {
  constructor(private readonly deps: PeopleServiceDeps) {}

  async myCreators(viewerId: string, query: z.output<typeof myCreatorsQuerySchema>): Promise<MyCreatorsPage> {
    const rows = await this.deps.statements.myCreators.run({
      viewer: viewerId,
      relation: query.relation,
      plan: null,
      pattern: null,
      ...this.common(query),
    });
    const { items, nextCursor } = keysetPage(rows, query.limit, keyOf);
    return {
      items: items.map(
        (row): MyCreatorRow => ({
          ...toPerson(row),
          subscription:
            row.subscription_id && row.auto_renew !== null
              ? { ...subscriptionOf(row), id: row.subscription_id, autoRenew: row.auto_renew }
              : null,
        }),
      ),
      nextCursor,
    };
  }

  /** The viewer's fans; the route lets only creators ask, about themselves. */
  async fans(creatorId: string, query: z.output<typeof fansQuerySchema>): Promise<FansPage> {
    const rows = await this.deps.statements.fans.run({
      viewer: creatorId,
      relation: query.relation,
      plan: query.planId ?? null,
      pattern: containsPattern(query.q),
      ...this.common(query),
    });
    const { items, nextCursor } = keysetPage(rows, query.limit, keyOf);
    return { items: items.map(toPerson), nextCursor };
  }

  private common(query: PageRequest) {
    return { now: this.deps.now().toISOString(), ...keysetStart(query, timeKey) };
  }
}

const keyOf = (row: PersonSqlRow) => [row.since, row.key_id] as const;

function subscriptionOf(row: PersonSqlRow) {
  return {
    planId: row.plan_id as string,
    planName: row.plan_name as string,
    since: row.subscribed_at as string,
    validUntil: row.valid_until as string,
  };
}

function toPerson(row: PersonSqlRow): PersonRow {
  return {
    userId: row.user_id,
    handle: row.handle,
    publicName: row.public_name,
    avatarColor: row.avatar_color,
    avatarUrl: profileImageUrl(row.user_id, 'avatar', row.avatar_media_id),
    since: row.since,
    following: row.following,
    subscription: row.subscription_id ? subscriptionOf(row) : null,
  };
}
