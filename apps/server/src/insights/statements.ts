import { INSIGHTS_POST_SORTS, type InsightsPostSort, type LedgerPosting, ROLE } from '@aurum/core';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { hasRoleSql } from '../access/access.js';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import {
  charges,
  creatorDailyInsights,
  follows,
  ledgerEntries,
  likes,
  plans,
  posts,
  profiles,
  seenRecords,
  subscriptions,
  userData,
} from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';

/**
 * Creator insights, one prepared statement per view (`db/prepared.ts`), each reading only
 * the creator's rows through the creator indexes. Periods arrive as local dates and the
 * creator's time zone; instants are compared in UTC (`date::timestamp at time zone tz` is
 * the instant that day starts there), and every instant comes back as its local day, which
 * the service maps to the view's buckets with core's `bucketOf`.
 *
 * Earnings and subscribers read the daily rows (`creator_daily_insights`, kept by triggers in
 * the creator's stored zone) when the view is asked in that zone, else the source rows: both
 * branches are in the statement, and a one-time check of the zone runs only one of them.
 */

const bound = {
  creator: sql.placeholder('creator'),
  tz: sql.placeholder('tz'),
  previousFrom: sql.placeholder('previousFrom'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  now: sql.placeholder('now'),
  limit: sql.placeholder('limit'),
  today: sql.placeholder('today'),
};
const tz = sql`${bound.tz}::text`;
const now = sql`${bound.now}::timestamptz`;
/** The instant a local day starts in the creator's time zone. */
const dayStart = (date: Placeholder) => sql`(${date}::date::timestamp at time zone ${tz})`;
/** An instant's local day, YYYY-MM-DD. */
const localDay = (at: SQL) => sql`to_char(${at} at time zone ${tz}, 'YYYY-MM-DD')`;
/** Whether the view is asked in the zone the creator's daily rows are kept in. */
const rolledUp = sql`(select coalesce((select ud.time_zone from ${userData} as ud where ud.user_id = ${bound.creator}), 'UTC') = ${tz})`;
/** Where a local day of the daily rows falls, as placeOf says of an instant. */
const placeOfDay = (day: SQL) =>
  sql`case when ${day} >= ${bound.from}::date then to_char(${day}, 'YYYY-MM-DD') when ${day} >= ${bound.previousFrom}::date then 'previous' else 'before' end`;
/** Where an instant falls: its local day inside the period, 'previous' in the period before it, else 'before'. */
const placeOf = (at: SQL) =>
  sql`case when ${at} >= ${dayStart(bound.from)} then ${localDay(at)} when ${at} >= ${dayStart(bound.previousFrom)} then 'previous' else 'before' end`;

/**
 * How a ledger entry counts (core's `ledgerColumn`, `countsAsCharge` and `ledgerPosting`): fee
 * kinds start with `platform_fee`, the creator's with `creator_earning`, the member's side is
 * the gross; each counts as stored (what takes money back is stored negative), and only a
 * `payment` is a charge.
 */
const isCharge = (kind: SQL) => sql`(${kind} = 'payment')`;
const signed = (entry: string) => sql`${sql.raw(entry)}.amount_minor`;
const postingOf = (kind: SQL) => sql`(case
  when right(${kind}, 14) = 'chargeback_won' or right(${kind}, 20) = 'dispute_fee_returned' then 'dispute_won'
  when right(${kind}, 10) = 'chargeback' or right(${kind}, 11) = 'dispute_fee' then 'chargeback'
  when ${kind} = 'refund' or right(${kind}, 9) = '_reversal' then 'refund'
  else 'payment' end)`;
const isFee = (entry: string) => sql`starts_with(${sql.raw(entry)}.kind, 'platform_fee')`;
const isNet = (entry: string) => sql`starts_with(${sql.raw(entry)}.kind, 'creator_earning')`;
const isGross = (entry: string) => sql`not (${isFee(entry)} or ${isNet(entry)})`;

export interface EarningsRow {
  currency: string;
  /** A local day inside the period, or 'previous'. */
  place: string;
  gross: string | number;
  fee: string | number;
  net: string | number;
  charges: number;
}

/**
 * The creator's ledger entries in the period and the one before, summed per currency and local
 * day (the previous period as one row): from the daily rows, or, in another zone, from the entries.
 */
function earningsStatement(): SQL {
  const metric = (name: string) => sql`coalesce(sum(d.value) filter (where d.metric = ${sql.raw(`'${name}'`)}), 0)::bigint`;
  return sql`select d.key as currency, ${placeOfDay(sql`d.day`)} as place,
      ${metric('gross')} as gross, ${metric('fee')} as fee, ${metric('net')} as net, ${metric('charges')}::int as charges
    from ${creatorDailyInsights} as d
    where ${rolledUp} and d.creator_id = ${bound.creator} and d.metric in ('gross', 'fee', 'net', 'charges')
      and d.day >= ${bound.previousFrom}::date and d.day < ${bound.to}::date
    group by 1, 2
    union all
    select le.currency, ${placeOf(sql`le.created_at`)} as place,
      coalesce(sum(${signed('le')}) filter (where ${isGross('le')}), 0)::bigint as gross,
      coalesce(sum(${signed('le')}) filter (where ${isFee('le')}), 0)::bigint as fee,
      coalesce(sum(${signed('le')}) filter (where ${isNet('le')}), 0)::bigint as net,
      (count(*) filter (where ${isCharge(sql`le.kind`)}))::int as charges
    from ${charges} as c
    join ${ledgerEntries} as le on le.charge_id = c.id
    where not ${rolledUp} and c.creator_id = ${bound.creator}
      and le.created_at >= ${dayStart(bound.previousFrom)} and le.created_at < ${dayStart(bound.to)}
    group by 1, 2`;
}

export interface EarningsBySourceRow {
  currency: string;
  /** `charge_earning_source` of the payment (migration 0032): subscriptions, messages, tips. */
  source: string;
  net: string | number;
}

/** The creator's net earnings in the period per currency and source: from the daily rows, or, in another zone, from the entries. */
function earningsBySourceStatement(): SQL {
  return sql`select d.key as currency, substr(d.metric, 5) as source, coalesce(sum(d.value), 0)::bigint as net
    from ${creatorDailyInsights} as d
    where ${rolledUp} and d.creator_id = ${bound.creator} and starts_with(d.metric, 'net:')
      and d.day >= ${bound.from}::date and d.day < ${bound.to}::date
    group by 1, 2
    union all
    select le.currency, charge_earning_source(coalesce(paid.kind, c.kind)) as source, coalesce(sum(le.amount_minor), 0)::bigint as net
    from ${charges} as c
    join ${ledgerEntries} as le on le.charge_id = c.id
    left join ${charges} as paid on paid.id = c.refund_of
    where not ${rolledUp} and c.creator_id = ${bound.creator} and ${isNet('le')}
      and le.created_at >= ${dayStart(bound.from)} and le.created_at < ${dayStart(bound.to)}
    group by 1, 2`;
}

export interface StatementLineRow {
  posted_at: string;
  local_day: string;
  charge_id: string;
  charge_kind: string;
  posting: LedgerPosting;
  member_handle: string | null;
  plan_name: string | null;
  currency: string;
  gross: string | number;
  fee: string | number;
  net: string | number;
}

/** A month's statement: per posting (a charge's entries written together), gross, fee and net, oldest first. */
function statementLinesStatement(): SQL {
  return sql`select min(le.created_at) as posted_at, ${localDay(sql`min(le.created_at)`)} as local_day, c.id as charge_id, c.kind as charge_kind,
      ${postingOf(sql`le.kind`)} as posting, pr.handle as member_handle, p.name as plan_name, le.currency,
      coalesce(sum(${signed('le')}) filter (where ${isGross('le')}), 0)::bigint as gross,
      coalesce(sum(${signed('le')}) filter (where ${isFee('le')}), 0)::bigint as fee,
      coalesce(sum(${signed('le')}) filter (where ${isNet('le')}), 0)::bigint as net
    from ${charges} as c
    join ${ledgerEntries} as le on le.charge_id = c.id
    left join ${profiles} as pr on pr.user_id = c.user_id
    left join ${plans} as p on p.id = c.plan_id
    where c.creator_id = ${bound.creator}
      and le.created_at >= ${dayStart(bound.from)} and le.created_at < ${dayStart(bound.to)}
    group by c.id, c.kind, ${postingOf(sql`le.kind`)}, pr.handle, p.name, le.currency, le.created_at
    order by posted_at, c.id, posting`;
}

export interface SubscriberEventRow {
  place: string;
  plan_id: string | null;
  kind: 'new' | 'ended' | 'lapsed' | 'cancelled' | 'renewed' | 'follow';
  n: number;
}

/**
 * The creator's subscription and follow events up to now and the period's end, counted per
 * place (local day in the period, 'previous', 'before'), plan and kind. `new` when a
 * subscription started, `ended` when one stopped being valid (so active = started - ended
 * at any instant), `cancelled` when the member turned renewal off (and did not turn it back
 * on; the subscription still runs to its end), `lapsed` when renewal gave up after failed
 * charges, `renewed` for each paid renewal, `follow` for each current follower's follow.
 *
 * In the daily rows' zone: the days before today from them, and today's too except `ended`,
 * the one event dated ahead (a subscription valid until tonight has not ended yet): today's
 * endings up to now are read from the subscriptions (`subscriptions_creator_valid_idx`).
 */
function subscriberEventsStatement(): SQL {
  return sql`select ${placeOfDay(sql`d.day`)} as place, nullif(d.key, '') as plan_id, d.metric as kind, sum(d.value)::int as n
    from ${creatorDailyInsights} as d
    where ${rolledUp} and d.creator_id = ${bound.creator} and d.metric in ('new', 'ended', 'lapsed', 'cancelled', 'renewed', 'follow')
      and d.day < ${bound.to}::date and (d.day < ${bound.today}::date or (d.day = ${bound.today}::date and d.metric <> 'ended'))
    group by 1, 2, 3
    union all
    select ${placeOf(sql`s.valid_until`)}, s.plan_id, 'ended', count(*)::int
    from ${subscriptions} as s
    where ${rolledUp} and s.creator_id = ${bound.creator}
      and s.valid_until >= ${dayStart(bound.today)} and s.valid_until <= ${now} and s.valid_until < ${dayStart(bound.to)}
    group by 1, 2
    union all (
    with subs as materialized (
      select s.plan_id, s.created_at, s.valid_until, s.lapsed_at, s.cancelled_at
      from ${subscriptions} as s where not ${rolledUp} and s.creator_id = ${bound.creator}
    ), events as (
      select plan_id, created_at as at, 'new' as kind from subs
      union all select plan_id, valid_until, 'ended' from subs where valid_until <= ${now}
      union all select plan_id, lapsed_at, 'lapsed' from subs where lapsed_at is not null
      union all select plan_id, cancelled_at, 'cancelled' from subs where cancelled_at is not null and lapsed_at is null
      union all select c.plan_id, c.settled_at, 'renewed' from ${charges} as c
        where not ${rolledUp} and c.creator_id = ${bound.creator} and c.kind = 'renewal' and c.status = 'succeeded' and c.settled_at is not null
      union all select null, f.created_at, 'follow' from ${follows} as f where not ${rolledUp} and f.creator_id = ${bound.creator}
    )
    select ${placeOf(sql`at`)} as place, plan_id, kind, count(*)::int as n
    from events where at < ${dayStart(bound.to)} and at <= ${now}
    group by 1, 2, 3)`;
}

export interface PlanMixRow {
  plan_id: string;
  name: string;
  price_minor: number;
  currency: string;
  billing_period_days: number;
  active: number;
}

/** Every plan of the creator with its subscriptions valid now (read through `subscriptions_creator_valid_idx`). */
function planMixStatement(): SQL {
  return sql`with valid as (
      select s.plan_id, count(*)::int as active from ${subscriptions} as s
      where s.creator_id = ${bound.creator} and ${grantsAccessSql(sql`s.valid_until`, now)} and s.created_at <= ${now}
      group by 1
    )
    select p.id as plan_id, p.name, p.price_minor, p.currency, p.billing_period_days, coalesce(valid.active, 0) as active
    from ${plans} as p left join valid on valid.plan_id = p.id where p.creator_id = ${bound.creator}
    order by p.price_minor, p.created_at, p.id`;
}

export interface PostInsightRow {
  post_id: string;
  text: string;
  publish_at: string;
  locked: boolean;
  views: number;
  likes: number;
  unlocks: number;
  total_views: number;
  total_likes: number;
  total_unlocks: number;
}

const lockedPost = (access: SQL) =>
  sql`(not (${access} && array['public', 'follower']::text[]) and not (${access} <@ array['private']::text[]))`;

const POST_ORDER: Record<InsightsPostSort, string> = {
  views: 'views desc, likes desc',
  likes: 'likes desc, views desc',
  unlocks: 'unlocks desc, views desc',
  published: 'publish_at desc',
};

/**
 * The creator's published posts with, in the period, their views (members' first seen record
 * of the post), likes (the creator's own view and like left out) and the unlocks they drove: a subscription to the creator that started
 * within 24 hours after the member opened one of the creator's locked posts is attributed to
 * the last such post opened before it (last touch, one post per subscription).
 */
function postInsightsStatement(sort: InsightsPostSort): SQL {
  const inPeriod = (at: SQL) => sql`${at} >= ${dayStart(bound.from)} and ${at} < ${dayStart(bound.to)}`;
  return sql`with cp as materialized (
      select p.id, p.publish_at, ${lockedPost(sql`p.access`)} as locked
      from ${posts} as p where p.creator_id = ${bound.creator} and p.deleted_at is null and p.publish_at <= ${now}
    ), views as (
      select sr.entity_id as post_id, count(*)::int as n from ${seenRecords} as sr join cp on cp.id = sr.entity_id
      where sr.type = 'post' and sr.user_id <> ${bound.creator} and ${inPeriod(sql`sr.created_at`)} group by 1
    ), liked as (
      select l.post_id, count(*)::int as n from ${likes} as l join cp on cp.id = l.post_id
      where l.user_id <> ${bound.creator} and ${inPeriod(sql`l.created_at`)} group by 1
    ), unlocks as (
      select post_id, count(*)::int as n from (
        select distinct on (s.id) s.id, sr.entity_id as post_id
        from ${subscriptions} as s
        join ${seenRecords} as sr on sr.user_id = s.user_id and sr.type = 'post'
          and sr.created_at <= s.created_at and sr.created_at > s.created_at - interval '24 hours'
        join cp on cp.id = sr.entity_id and cp.locked
        where s.creator_id = ${bound.creator} and ${inPeriod(sql`s.created_at`)}
        order by s.id, sr.created_at desc, sr.entity_id desc
      ) as attributed group by post_id
    ), page as (
      select cp.id as post_id, cp.publish_at, cp.locked,
        coalesce(views.n, 0) as views, coalesce(liked.n, 0) as likes, coalesce(unlocks.n, 0) as unlocks,
        sum(coalesce(views.n, 0)) over ()::int as total_views, sum(coalesce(liked.n, 0)) over ()::int as total_likes,
        sum(coalesce(unlocks.n, 0)) over ()::int as total_unlocks
      from cp left join views on views.post_id = cp.id left join liked on liked.post_id = cp.id left join unlocks on unlocks.post_id = cp.id
      order by ${sql.raw(POST_ORDER[sort])}, cp.publish_at desc, cp.id desc
      limit ${bound.limit}
    )
    -- The text only for the page's posts.
    select page.*, left(p.text, 140) as text from page join ${posts} as p on p.id = page.post_id
    order by ${sql.raw(POST_ORDER[sort].replaceAll(/(\w+) desc/g, 'page.$1 desc'))}, page.publish_at desc, page.post_id desc`;
}

export interface FanRow {
  list: 'spend' | 'tenure';
  user_id: string;
  handle: string | null;
  public_name: string | null;
  avatar_color: string;
  currency: string | null;
  spent: string | number | null;
  payments: number | null;
  first_at: string | null;
  paid_days: number | null;
  subscribed_now: boolean | null;
}

/**
 * The creator's top fans: by spend (their payments net of refunds, per currency) and by
 * tenure (whole days of subscription they paid for and were not refunded, each counted once
 * however many payments cover it, since the first such period), with only what the creator
 * may know of them.
 */
function fansStatement(): SQL {
  return sql`with spend as (
      select c.user_id, le.currency, sum(${signed('le')})::bigint as spent,
        (count(*) filter (where ${isCharge(sql`le.kind`)}))::int as payments
      from ${charges} as c join ${ledgerEntries} as le on le.charge_id = c.id
      where c.creator_id = ${bound.creator} and ${isGross('le')}
      group by 1, 2
    ), ranked_spend as (
      select *, row_number() over (partition by currency order by spent desc, user_id) as rank from spend where spent > 0
    ), paid_periods as (
      select c.user_id, c.period_start, c.period_end, r.id is not null as refunded
      from ${charges} as c
      -- A refunded payment's days were not paid for. Only a settled refund counts (succeeded: the
      -- money went back and its reversals are posted); a pending one may still fail, a failed one
      -- gave nothing back. At most one refund of a charge has not failed, so one row per charge.
      left join ${charges} as r on r.refund_of = c.id and r.status = 'succeeded' and r.creator_id = ${bound.creator}
      where c.creator_id = ${bound.creator} and c.status = 'succeeded' and c.period_start is not null
    ), island_starts as (
      -- A plan change's payment covers days an earlier payment already paid for: overlapping
      -- periods are joined into islands (a period starting after every earlier one ended starts
      -- a new island), so each day counts once.
      select user_id, period_start, period_end,
        case when period_start <= max(period_end) over (partition by user_id order by period_start, period_end
          rows between unbounded preceding and 1 preceding) then 0 else 1 end as starts_island
      from paid_periods where not refunded
    ), islands as (
      select user_id, min(period_start) as island_start, max(period_end) as island_end
      from (select *, sum(starts_island) over (partition by user_id order by period_start, period_end rows unbounded preceding) as island
        from island_starts) as numbered
      group by user_id, island
    ), tenure as (
      -- Subscribed now is what the access rule reads: a valid subscription (a refund that ended
      -- access has cut its valid_until short), not a paid period that has not ended.
      select per_member.*, exists (select 1 from ${subscriptions} as s
          where s.user_id = per_member.user_id and s.creator_id = ${bound.creator} and ${grantsAccessSql(sql`s.valid_until`, now)}) as subscribed_now
      from (
        select user_id, min(island_start) as first_at,
          floor(sum(extract(epoch from island_end - island_start)) / 86400)::int as paid_days
        from islands group by 1
      ) as per_member
      where paid_days > 0
      order by paid_days desc, first_at, user_id
      limit ${bound.limit}
    ), picked as (
      select 'spend' as list, user_id, currency, spent, payments, null::timestamptz as first_at, null::int as paid_days, null::boolean as subscribed_now, rank
      from ranked_spend where rank <= ${bound.limit}
      union all
      select 'tenure', user_id, null, null, null, first_at, paid_days, subscribed_now, row_number() over (order by paid_days desc, first_at, user_id)
      from tenure
    )
    select picked.list, picked.user_id, pr.handle, pr.public_name, coalesce(pr.avatar_color, '#888888') as avatar_color,
      picked.currency, picked.spent, picked.payments, picked.first_at, picked.paid_days, picked.subscribed_now
    from picked left join ${profiles} as pr on pr.user_id = picked.user_id
    order by picked.list, picked.currency, picked.rank`;
}

export interface TargetRow {
  time_zone: string | null;
  is_creator: boolean;
}

/** The creator's stored time zone and whether they are one; no row: no such user. */
function targetStatement(): SQL {
  return sql`select ud.time_zone, ${hasRoleSql(sql.raw('u.labels'), ROLE.creators)} as is_creator
    from users as u left join ${userData} as ud on ud.user_id = u.id where u.id = ${bound.creator}`;
}

/**
 * An insights statement, whose time zone comes from the request: a zone the JavaScript runtime
 * knows but the database's time zone data does not (22023) is the asker's mistake, not a 500.
 */
function prepareInsight<Row>(db: Database, name: string, query: SQL): PreparedStatement<Row> {
  const prepared = prepareStatement<Row>(db, name, query, { mayLag: true });
  return {
    run: async (values) => {
      try {
        return await prepared.run(values);
      } catch (error) {
        if ((error as { code?: string }).code === '22023' && /time zone/i.test(String((error as Error).message))) {
          throw errors.validationFailed({ message: 'This time zone is not known here. Choose another, such as Europe/Paris.' });
        }
        throw error;
      }
    },
  };
}

/** The prepared statements of insights, built once per database. */
export class InsightsStatements {
  readonly target: PreparedStatement<TargetRow>;
  readonly earnings: PreparedStatement<EarningsRow>;
  readonly earningsBySource: PreparedStatement<EarningsBySourceRow>;
  readonly subscriberEvents: PreparedStatement<SubscriberEventRow>;
  readonly planMix: PreparedStatement<PlanMixRow>;
  /** The posts view, one statement per sort. */
  readonly posts: Record<InsightsPostSort, PreparedStatement<PostInsightRow>>;
  readonly fans: PreparedStatement<FanRow>;
  readonly statementLines: PreparedStatement<StatementLineRow>;

  constructor(db: Database) {
    this.target = prepareInsight(db, 'insights_target', targetStatement());
    this.earnings = prepareInsight(db, 'insights_earnings', earningsStatement());
    this.earningsBySource = prepareInsight(db, 'insights_earnings_by_source', earningsBySourceStatement());
    this.subscriberEvents = prepareInsight(db, 'insights_subscriber_events', subscriberEventsStatement());
    this.planMix = prepareInsight(db, 'insights_plan_mix', planMixStatement());
    this.posts = Object.fromEntries(
      INSIGHTS_POST_SORTS.map((sort) => [sort, prepareInsight<PostInsightRow>(db, `insights_posts_${sort}`, postInsightsStatement(sort))]),
    ) as Record<InsightsPostSort, PreparedStatement<PostInsightRow>>;
    this.fans = prepareInsight(db, 'insights_fans', fansStatement());
    this.statementLines = prepareInsight(db, 'insights_statement', statementLinesStatement());
  }
}
