import { type AccessLevel, revealsContent, VISIBLE_ACCESS_LEVELS } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import { follows, plans, posts, subscriptions } from '../db/schema.js';

/**
 * The SQL twin of `postAccessLevel` (core/access.ts): the viewer's access level for the
 * `posts` row in scope, computed inside the query so rows a viewer may not see are never
 * loaded. The CASE tests the rules from last to first, because in the pure function a later
 * rule overrides an earlier one. A post is published when its publish time has come and it
 * is not deleted. A subscription counts while valid_until is after `now` (the server's clock,
 * not the database's, so both agree). The equivalence test checks this against the pure
 * function for every access list and viewer kind.
 */
export function postAccessLevelSql(viewerId: string | null, now: Date): SQL<AccessLevel> {
  // The plan decides whose it is; the subscription's own creator_id only lets the index narrow.
  const activeSubscription = (extra: SQL) => sql`exists (
    select 1 from ${subscriptions} join ${plans} on ${plans.id} = ${subscriptions.planId}
    where ${subscriptions.userId} = ${viewerId} and ${subscriptions.creatorId} = ${posts.creatorId}
      and ${plans.creatorId} = ${posts.creatorId} and ${subscriptions.validUntil} > ${now} ${extra})`;
  const subscribed = activeSubscription(sql``);
  const following = sql`exists (select 1 from ${follows} where ${follows.userId} = ${viewerId} and ${follows.creatorId} = ${posts.creatorId})`;
  const lists = (token: string) => sql`${token} = any(${posts.access})`;

  return sql<AccessLevel>`case
    when ${posts.creatorId} = ${viewerId} then 'owner'
    when ${viewerId}::text is null or ${posts.deletedAt} is not null or ${posts.publishAt} > ${now} or ${lists('private')} then 'hidden'
    when ${activeSubscription(sql`and ${subscriptions.planId} = any(${posts.access})`)} then 'subscription'
    when ${lists('subscription')} and ${subscribed} then 'subscription'
    when ${lists('sneakpeek')} then case when ${subscribed} then 'subscription' else 'sneakpeek' end
    when ${lists('follower')} and ${following} then 'follower'
    when ${lists('public')} then 'public'
    else 'locked'
  end`;
}

/** The levels that reveal text and original media, as a SQL list for `in (...)`. */
export const REVEALING_LEVELS_SQL = sql.join(
  VISIBLE_ACCESS_LEVELS.filter(revealsContent).map((level) => sql`${level}`),
  sql`, `,
);
