import { type AccessLevel, revealsContent, VISIBLE_ACCESS_LEVELS } from '@aurum/core';
import { type Column, type SQL, sql } from 'drizzle-orm';
import type { Bound } from '../db/prepared.js';
import { follows, plans, postPurchases, posts, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';

/**
 * A post that still exists for anyone but its author: not deleted (by its creator or an admin),
 * and its creator's account neither disabled (banned, deleted) nor suspended. Every post query
 * reads `posts` (or a relation named posts) under this condition, then lets
 * `postAccessLevelSql` decide what the viewer gets of it.
 */
// The creator's state is a scalar subquery, looked up by primary key for each candidate row: an
// `exists` here is turned into a semi-join, and the feed's planner then joined every post to
// its creator and sorted them all (170 ms in EXPLAIN) instead of walking posts newest first and
// stopping once a page is full (bench/RESULTS.md).
export const visiblePostSql: SQL = visiblePostOfSql(sql`${posts.creatorId}`);

/**
 * `visiblePostSql` for a statement about one creator's posts, `creatorId` being that creator
 * (a placeholder): the creator's state is then read once per statement instead of once per row.
 */
export function visiblePostOfSql(creatorId: SQL | Bound<string>): SQL {
  return sql`(${posts.deletedAt} is null
  and coalesce((select ${users.disabledAt} is null and ${users.suspendedAt} is null from ${users} where ${users.id} = ${creatorId}), false))`;
}

/** What the access rule needs to know of the viewer, as SQL array expressions of creator and plan ids. */
export interface Entitlements {
  followed: SQL;
  subscribedCreators: SQL;
  planIds: SQL;
  /** "creator plan" pairs, so a plan id only opens posts of the creator it belongs to. */
  creatorPlans: SQL;
  /** The posts the viewer bought on their own (and was not refunded). */
  boughtPosts: SQL;
}

/** Only the follow of, or the subscriptions to, `ofCreator` when given: see `entitlementsRow`. */
const ofCreatorOnly = (column: Column, ofCreator: Bound<string> | undefined) =>
  ofCreator === undefined ? sql`` : sql` and ${column} = ${ofCreator}`;
const boughtPosts = (viewerId: Bound<string | null>, ofCreator?: Bound<string>) =>
  sql`(select coalesce(array_agg(${postPurchases.postId}), '{}') from ${postPurchases}
    where ${postPurchases.userId} = ${viewerId}${ofCreatorOnly(postPurchases.creatorId, ofCreator)})::text[]`;
const followedCreators = (viewerId: Bound<string | null>, ofCreator?: Bound<string>) =>
  sql`(select coalesce(array_agg(${follows.creatorId}), '{}') from ${follows}
    where ${follows.userId} = ${viewerId}${ofCreatorOnly(follows.creatorId, ofCreator)})::text[]`;
const activeSubscriptions = (viewerId: Bound<string | null>, now: Bound<Date>, ofCreator?: Bound<string>) =>
  sql`from ${subscriptions} join ${plans} on ${plans.id} = ${subscriptions.planId}
    where ${subscriptions.userId} = ${viewerId}${ofCreatorOnly(subscriptions.creatorId, ofCreator)}
      and ${plans.creatorId} = ${subscriptions.creatorId} and ${grantsAccessSql(subscriptions.validUntil, now)}`;
const subscribedCreatorsAgg = sql`coalesce(array_agg(${subscriptions.creatorId}), '{}')`;
const planIdsAgg = sql`coalesce(array_agg(${subscriptions.planId}), '{}')`;
const creatorPlansAgg = sql`coalesce(array_agg(${subscriptions.creatorId} || ' ' || ${subscriptions.planId}), '{}')`;

/**
 * The viewer's entitlements, each an aggregate over their follows, valid subscriptions or bought posts. A
 * subscription counts while valid_until is after `now` (the server's clock, not the database's,
 * so both agree), and only for a plan of the creator the subscription names. The values may be
 * placeholders of a prepared statement.
 */
function entitlementQueries(viewerId: Bound<string | null>, now: Bound<Date>): Entitlements {
  const held = (aggregate: SQL) => sql`(select ${aggregate} ${activeSubscriptions(viewerId, now)})::text[]`;
  return {
    followed: followedCreators(viewerId),
    subscribedCreators: held(subscribedCreatorsAgg),
    planIds: held(planIdsAgg),
    creatorPlans: held(creatorPlansAgg),
    boughtPosts: boughtPosts(viewerId),
  };
}

/**
 * For statements that list many posts: the entitlements as one row to put in a CTE
 * (`with ent as materialized (${entitlementsRow(...)})`), read through `entitlementsIn('ent')` by every
 * candidate row, so they are computed and planned once per statement. The valid subscriptions
 * are read once for all three of their arrays. A statement whose posts are all of one creator
 * passes `ofCreator`: only that creator's follow and subscriptions are read, each a lookup of
 * (viewer, creator) in its index, and the rule gives the same levels for that creator's posts.
 */
export function entitlementsRow(viewerId: Bound<string | null>, now: Bound<Date>, ofCreator?: Bound<string>): SQL {
  return sql`select ${followedCreators(viewerId, ofCreator)} as followed, held.subscribed_creators, held.plan_ids, held.creator_plans,
      ${boughtPosts(viewerId, ofCreator)} as bought_posts
    from (select ${subscribedCreatorsAgg}::text[] as subscribed_creators, ${planIdsAgg}::text[] as plan_ids,
      ${creatorPlansAgg}::text[] as creator_plans ${activeSubscriptions(viewerId, now, ofCreator)}) held`;
}

export function entitlementsIn(relation: string): Entitlements {
  const column = (name: string) => sql.raw(`${relation}.${name}`);
  return {
    followed: column('followed'),
    subscribedCreators: column('subscribed_creators'),
    planIds: column('plan_ids'),
    creatorPlans: column('creator_plans'),
    boughtPosts: column('bought_posts'),
  };
}

/**
 * The SQL twin of `postAccessLevel` (core/access.ts): the viewer's access level for the
 * `posts` row in scope, computed inside the query so rows a viewer may not see are never
 * loaded. The CASE tests the rules from last to first, because in the pure function a later
 * rule overrides an earlier one. A post is published when its publish time has come and it
 * is not deleted. The equivalence test checks this against the pure function for every access
 * list and viewer kind, with the entitlements both as subqueries (the default, for statements
 * about one post: PostgreSQL runs each once) and from an `entitlementsRow` relation.
 */
export function postAccessLevelSql(
  viewerId: Bound<string | null>,
  now: Bound<Date>,
  held: Entitlements = entitlementQueries(viewerId, now),
): SQL<AccessLevel> {
  const lists = (token: string) => sql`${token} = any(${posts.access})`;
  const subscribed = sql`${posts.creatorId} = any(${held.subscribedCreators})`;
  // The cheap overlap test first; the pair test only confirms a plan is this creator's.
  const holdsListedPlan = sql`(${posts.access} && ${held.planIds} and exists (
    select 1 from unnest(${posts.access}) as listed(token) where ${posts.creatorId} || ' ' || listed.token = any(${held.creatorPlans})))`;

  return sql<AccessLevel>`case
    when ${posts.creatorId} = ${viewerId} then 'owner'
    when ${viewerId}::text is null or ${posts.deletedAt} is not null or ${posts.publishAt} > ${now} or ${lists('private')} then 'hidden'
    when ${posts.id} = any(${held.boughtPosts}) then 'purchased'
    when ${holdsListedPlan} then 'subscription'
    when ${lists('subscription')} and ${subscribed} then 'subscription'
    when ${lists('sneakpeek')} then case when ${subscribed} then 'subscription' else 'sneakpeek' end
    when ${lists('follower')} and ${posts.creatorId} = any(${held.followed}) then 'follower'
    when ${lists('public')} then 'public'
    else 'locked'
  end`;
}

/** The levels that reveal text and original media, as a SQL list for `in (...)`. */
export const REVEALING_LEVELS_SQL = sql.join(
  VISIBLE_ACCESS_LEVELS.filter(revealsContent).map((level) => sql`${level}`),
  sql`, `,
);
