/**
 * Hot paths against their floor, side by side in one run: each endpoint through the real server
 * (HTTP, session cookie, full response) and the plain SQL statement that returns the same ids
 * for the same viewer, prepared, on the same data set (bench/seed.ts). Before measuring, it
 * checks that the API and the floor agree on the ids for every viewer it uses. Beside them, the
 * HTTP floor (bench/http-floor.ts): the API's answers sent from memory by a bare HTTP server, what
 * the HTTP exchange alone costs the machine; with the SQL floor, the least an API could cost.
 *
 *   node --import tsx bench/hot-paths.ts                                   # PostgreSQL (database aurum_bench)
 *   node --import tsx bench/hot-paths.ts --data-dir /tmp/aurum-bench-pglite  # PGlite
 *   options: --duration 10 --warmup 3 (seconds) --viewers 200 --clients 1,32 --paths feed,posts (default: all)
 */
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, POSTGRES_SESSION_OPTIONS } from '../apps/server/src/db/database.js';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import { answerKey, startHttpFloor } from './http-floor.js';
import { type AutocannonRequest, autocannon, cpuSecondsByPid, postgresPids, startServer } from './server.js';
import {
  argument,
  BENCH_USER_AGENT,
  describeTarget,
  ms,
  openTarget,
  percentile,
  type Target,
  targetFromArgs,
  VIEWER_TOKEN_PREFIX,
} from './target.js';

const DURATION_S = Number(argument('duration') ?? 10);
const WARMUP_S = Number(argument('warmup') ?? 3);
const VIEWERS = Number(argument('viewers') ?? 200);
const CLIENTS = (argument('clients') ?? '1,32').split(',').map(Number);
const PATHS = argument('paths')?.split(',');
const PAGE = 20;

/** A benchmark viewer and what they ask for, picked from the seeded data the same way on every run. */
interface Viewer {
  userId: string;
  cookie: string;
  /** A creator they follow (the one with the smallest id, so popular creators come up most), else the most followed. */
  creatorId: string;
  /** One of the 50 newest public posts that they have not liked, for a like and its unlike. */
  postId: string;
  /** An Explore search matching about a dozen creators' handles. */
  search: string;
  /** Whether the viewer is a creator: the insights paths read the viewer's own insights. */
  isCreator: boolean;
}

/** One request of a hot path and the floor statement that answers the same. */
interface Step {
  method: 'GET' | 'PUT' | 'DELETE';
  apiPath: (viewer: Viewer) => string;
  /** The ids (or rows, as text) the API's answer lists, in order. */
  apiIds: (body: unknown) => string[];
  /** One statement selecting a text column `id`, with the parameters `floorParams` gives. */
  floorSql: string;
}

/** A hot path: its steps, sent in order for each viewer (a like is followed by its unlike, so the data set stays as seeded). */
interface HotPath {
  name: string;
  steps: Step[];
  floorParams: (viewer: Viewer, now: Date) => unknown[];
  /** Only creators among the viewers send it (a creator's insights are the creator's own). */
  creatorsOnly?: boolean;
}

/**
 * The feed's floor: the same 20 non-sneak-peek ids in one statement, the entitlements in CTEs.
 * Levels that reveal content: own posts (any access), public, follower (following), subscription
 * (a valid subscription to a plan of the creator, with 'subscription' or 'sneakpeek' listed, or
 * the plan itself listed); never private posts of others, never unpublished, deleted, seen,
 * blocked or disabled creators' posts.
 */
const FEED_FLOOR = `
with followed as (select creator_id from follows where user_id = $1),
  held as (select s.creator_id, s.plan_id from subscriptions s join plans p on p.id = s.plan_id and p.creator_id = s.creator_id
           where s.user_id = $1 and s.valid_until > $2),
  blocked as (select blocked_user_id from blocks where user_id = $1),
  seen as (select entity_id from seen_records where user_id = $1 and type = 'post' order by created_at desc, entity_id desc limit 500)
select p.id from posts p join users u on u.id = p.creator_id and u.disabled_at is null
where p.deleted_at is null and p.publish_at <= $2
  and p.id not in (select entity_id from seen) and p.creator_id not in (select blocked_user_id from blocked)
  and (p.creator_id = $1 or ('private' <> all(p.access) and (
    'public' = any(p.access)
    or ('follower' = any(p.access) and p.creator_id in (select creator_id from followed))
    or (p.creator_id in (select creator_id from held)
        and (p.access && array['subscription', 'sneakpeek'] or exists (select 1 from held h where h.creator_id = p.creator_id and h.plan_id = any(p.access)))))))
order by p.publish_at desc, p.id desc limit ${PAGE}`;

/**
 * A creator's posts: every post the viewer may be shown, locked ones included, so no entitlement
 * is needed to list them; only the owner sees their scheduled and private posts. Written for a
 * generic plan (the floors run with the server's settings): the owner test compares the two
 * parameters, not a column, so the creator's index is walked newest first, and the creator's
 * state is read once.
 */
const CREATOR_POSTS_FLOOR = `
select p.id from posts p
where p.creator_id = $3 and p.deleted_at is null and (select u.disabled_at is null from users u where u.id = $3)
  and ($3 = $1 or (p.publish_at <= $2 and 'private' <> all(p.access)))
order by p.publish_at desc, p.id desc limit ${PAGE}`;

const viewerFollows = (creator: string) => `exists (select 1 from follows where user_id = $1 and creator_id = ${creator})`;
const viewerBlocked = (user: string) => `exists (select 1 from blocks where user_id = $1 and blocked_user_id = ${user})`;

/**
 * The profile page: the profile with its follower count (creators only) and whether the viewer
 * follows or blocked the user, then the creator's active plans cheapest first, as one list of text.
 */
const PROFILE_FLOOR = `
select unnest(array[concat_ws(' ', u.id, pr.handle, case when 'creators' = any(u.labels) then pr.follower_count end,
    ${viewerFollows('u.id')}, ${viewerBlocked('u.id')})]
  || array(select pl.id from plans pl where pl.creator_id = u.id and pl.active and 'creators' = any(u.labels)
           order by pl.price_minor, pl.created_at, pl.id)) as id
from users u join profiles pr on pr.user_id = u.id where u.id = $2 and u.disabled_at is null`;

/**
 * Explore: active creators but the viewer and those they blocked, each with its follower count
 * and whether the viewer follows.
 */
const exploreFloor = (where: string, orderBy: string) => `
select concat_ws(' ', u.id, pr.follower_count, ${viewerFollows('u.id')}) as id
from users u join profiles pr on pr.user_id = u.id left join creator_onboarding co on co.user_id = u.id
where 'creators' = any(u.labels) and u.disabled_at is null and u.id <> $1 and not ${viewerBlocked('u.id')} and ${where}
order by ${orderBy} limit ${PAGE}`;

/** The viewer's subscriptions, those still granting access first, then the newest. */
const SUBSCRIPTIONS_FLOOR = `
select s.id from subscriptions s join plans pl on pl.id = s.plan_id join profiles pr on pr.user_id = s.creator_id
where s.user_id = $1 order by s.valid_until > $2 desc, s.created_at desc, s.id desc`;

/**
 * Like: the post, if its content is revealed to the viewer (the access rule for one post, the
 * entitlements as subqueries on its creator), gets the like, and the statement answers the count
 * and the viewer's like; unlike takes it back on any post the viewer may see.
 */
const LIKE_FLOOR = `
with target as (select p.id from posts p join users u on u.id = p.creator_id and u.disabled_at is null
    where p.id = $2 and p.deleted_at is null and (p.creator_id = $1 or (p.publish_at <= $3 and 'private' <> all(p.access) and (
      'public' = any(p.access)
      or ('follower' = any(p.access) and ${viewerFollows('p.creator_id')})
      or exists (select 1 from subscriptions s join plans pl on pl.id = s.plan_id and pl.creator_id = s.creator_id
                 where s.user_id = $1 and s.creator_id = p.creator_id and s.valid_until > $3
                   and (p.access && array['subscription', 'sneakpeek'] or s.plan_id = any(p.access))))))),
  added as (insert into likes (post_id, user_id, created_at) select id, $1, $3 from target on conflict do nothing returning 1)
select concat_ws(' ', (select like_count from posts where id = $2) + (select count(*) from added),
  exists (select 1 from likes where post_id = $2 and user_id = $1) or exists (select 1 from added)) as id`;
const UNLIKE_FLOOR = `
with target as (select p.id from posts p join users u on u.id = p.creator_id and u.disabled_at is null
    where p.id = $2 and p.deleted_at is null and (p.creator_id = $1 or (p.publish_at <= $3 and 'private' <> all(p.access)))),
  removed as (delete from likes where post_id in (select id from target) and user_id = $1 returning 1)
select concat_ws(' ', (select like_count from posts where id = $2) - (select count(*) from removed),
  exists (select 1 from likes where post_id = $2 and user_id = $1) and not exists (select 1 from removed)) as id`;

/**
 * Insights over the last 30 days in UTC ($2 the previous period's start, $3 the period's, $4 its
 * end, tomorrow): the creator's ledger entries per currency and day, the previous period as one
 * row, reversals counted negative; only days with something posted.
 */
const INSIGHTS_EARNINGS_FLOOR = `
select concat_ws(' ', currency, coalesce(day, 'previous'), gross, fee, net, charges) as id from (
  select le.currency, case when le.created_at >= $3 then to_char(le.created_at at time zone 'UTC', 'YYYY-MM-DD') end as day,
    coalesce(sum(case when le.kind in ('refund') then -abs(le.amount_minor) when le.kind = 'payment' then le.amount_minor end), 0) as gross,
    coalesce(sum(case when le.kind = 'platform_fee_reversal' then -abs(le.amount_minor) when le.kind = 'platform_fee' then le.amount_minor end), 0) as fee,
    coalesce(sum(case when le.kind = 'creator_earning_reversal' then -abs(le.amount_minor) when le.kind = 'creator_earning' then le.amount_minor end), 0) as net,
    count(*) filter (where le.kind = 'payment') as charges
  from charges c join ledger_entries le on le.charge_id = c.id
  where c.creator_id = $1 and le.created_at >= $2 and le.created_at < $4
  group by 1, 2) t
where not (gross = 0 and fee = 0 and net = 0 and charges = 0)
order by currency, day is null, day`;

/**
 * The creator's 50 most viewed posts of the last 30 days ($2 to $3) with views and likes from
 * others and the subscriptions each drove (the last locked post the member opened within the
 * 24 hours before subscribing).
 */
const INSIGHTS_POSTS_FLOOR = `
with cp as (select id, publish_at, access from posts where creator_id = $1 and deleted_at is null and publish_at <= $4),
  v as (select entity_id as post_id, count(*) as n from seen_records where type = 'post' and user_id <> $1
        and created_at >= $2 and created_at < $3 and entity_id in (select id from cp) group by 1),
  l as (select post_id, count(*) as n from likes where user_id <> $1 and created_at >= $2 and created_at < $3
        and post_id in (select id from cp) group by 1),
  u as (select post_id, count(*) as n from (
          select distinct on (s.id) s.id, sr.entity_id as post_id from subscriptions s
          join seen_records sr on sr.user_id = s.user_id and sr.type = 'post' and sr.created_at <= s.created_at
            and sr.created_at > s.created_at - interval '24 hours'
          join cp on cp.id = sr.entity_id and not (cp.access && '{public,follower}'::text[]) and not (cp.access <@ '{private}'::text[])
          where s.creator_id = $1 and s.created_at >= $2 and s.created_at < $3
          order by s.id, sr.created_at desc, sr.entity_id desc) a group by 1)
select concat_ws(' ', cp.id, coalesce(v.n, 0), coalesce(l.n, 0), coalesce(u.n, 0)) as id
from cp left join v on v.post_id = cp.id left join l on l.post_id = cp.id left join u on u.post_id = cp.id
order by coalesce(v.n, 0) desc, coalesce(l.n, 0) desc, cp.publish_at desc, cp.id desc limit 50`;

/**
 * Subscribers over the last 30 days in UTC ($2 to $3, $4 now), per day: active and followers at
 * the day's end, then new, renewed, cancelled and lapsed. From the same daily rows the API reads
 * (the creator's zone is UTC in the seed), today's endings up to now from the subscriptions.
 */
const INSIGHTS_SUBSCRIBERS_FLOOR = `
with r as materialized (
  select day, metric, sum(value) as n from creator_daily_insights
  where creator_id = $1 and day < ($3::timestamptz at time zone 'UTC')::date
    and metric in ('new', 'ended', 'lapsed', 'cancelled', 'renewed', 'follow')
    and (day < ($4::timestamptz at time zone 'UTC')::date or metric <> 'ended')
  group by 1, 2
  union all
  select (valid_until at time zone 'UTC')::date, 'ended', count(*) from subscriptions
  where creator_id = $1 and valid_until >= date_trunc('day', $4::timestamptz at time zone 'UTC') at time zone 'UTC'
    and valid_until <= $4 and valid_until < $3
  group by 1),
  days as (select d::date as day from generate_series($2::timestamptz at time zone 'UTC', ($3::timestamptz at time zone 'UTC') - interval '1 day', interval '1 day') d)
select concat_ws(' ', to_char(days.day, 'YYYY-MM-DD'),
  (select coalesce(sum(n) filter (where metric = 'new'), 0) - coalesce(sum(n) filter (where metric = 'ended'), 0) from r where r.day <= days.day),
  (select coalesce(sum(n), 0) from r where r.metric = 'follow' and r.day <= days.day),
  (select coalesce(sum(n) filter (where metric = 'new'), 0) from r where r.day = days.day),
  (select coalesce(sum(n) filter (where metric = 'renewed'), 0) from r where r.day = days.day),
  (select coalesce(sum(n) filter (where metric = 'cancelled'), 0) from r where r.day = days.day),
  (select coalesce(sum(n) filter (where metric = 'lapsed'), 0) from r where r.day = days.day)) as id
from days order by days.day`;

/**
 * The creator's top 10 fans by spend per currency (payments net of refunds) and by the days of
 * subscription they paid for, from the charges and their ledger entries; a payment whose refund
 * settled (succeeded) pays for no days, and a member left with none has no tenure.
 */
const INSIGHTS_FANS_FLOOR = `
(select concat_ws(' ', 'spend', user_id, currency, spent, payments) as id from (
  select user_id, currency, spent, payments, row_number() over (partition by currency order by spent desc, user_id) as rank from (
    select c.user_id, le.currency, sum(case when le.kind = 'refund' then -abs(le.amount_minor) else le.amount_minor end) as spent,
      count(*) filter (where le.kind = 'payment') as payments
    from charges c join ledger_entries le on le.charge_id = c.id
    where c.creator_id = $1 and le.kind in ('payment', 'refund')
    group by 1, 2) spend
  where spent > 0) ranked
 where rank <= 10 order by currency, rank)
union all
(select concat_ws(' ', 'tenure', user_id, paid_days) from (
  select c.user_id, min(c.period_start) as first_at, floor(sum(extract(epoch from c.period_end - c.period_start)) / 86400)::int as paid_days
  from charges c where c.creator_id = $1 and c.status = 'succeeded' and c.period_start is not null
    and not exists (select 1 from charges r where r.refund_of = c.id and r.status = 'succeeded')
  group by 1 having sum(extract(epoch from c.period_end - c.period_start)) >= 86400
  order by paid_days desc, first_at, user_id limit 10) tenure)`;

/** The last 30 days in UTC, as the insights API counts them for range=30d&tz=UTC: [from, to) and the 30 days before. */
function last30Days(now: Date): { previousFrom: Date; from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const from = new Date(to.getTime() - 30 * 86_400_000);
  return { previousFrom: new Date(from.getTime() - 30 * 86_400_000), from, to };
}

const bool = (value: boolean) => (value ? 't' : 'f');
const itemIds = (body: unknown) => (body as { items: { id: string }[] }).items.map((item) => item.id);
const creatorCards = (body: unknown) =>
  (body as { items: { userId: string; followers: number; following: boolean }[] }).items.map(
    (card) => `${card.userId} ${card.followers} ${bool(card.following)}`,
  );
const likeState = (body: unknown) => {
  const state = body as { likes: number; liked: boolean };
  return [`${state.likes} ${bool(state.liked)}`];
};
const get = (apiPath: Step['apiPath'], apiIds: Step['apiIds'], floorSql: string): Step => ({ method: 'GET', apiPath, apiIds, floorSql });
const viewerAndTime = (viewer: Viewer, now: Date) => [viewer.userId, now];

const ALL_HOT_PATHS: HotPath[] = [
  {
    name: 'feed',
    steps: [
      get(
        () => `/api/feed?limit=${PAGE}`,
        (body) => (body as { items: { id: string; sneakPeek: boolean }[] }).items.filter((item) => !item.sneakPeek).map((item) => item.id),
        FEED_FLOOR,
      ),
    ],
    floorParams: viewerAndTime,
  },
  {
    name: 'posts',
    steps: [get((viewer) => `/api/users/${viewer.creatorId}/posts?limit=${PAGE}`, itemIds, CREATOR_POSTS_FLOOR)],
    floorParams: (viewer, now) => [viewer.userId, now, viewer.creatorId],
  },
  {
    name: 'profile',
    steps: [
      get(
        (viewer) => `/api/users/${viewer.creatorId}/profile-page`,
        (body) => {
          const page = body as { userId: string; handle: string | null; followers: number | null; following: boolean; blocked: boolean };
          const plans = (body as { plans: { id: string }[] }).plans.map((plan) => plan.id);
          const head = [page.userId, page.handle, page.followers, bool(page.following), bool(page.blocked)];
          return [head.filter((part) => part !== null).join(' '), ...plans];
        },
        PROFILE_FLOOR,
      ),
    ],
    floorParams: (viewer) => [viewer.userId, viewer.creatorId],
  },
  {
    name: 'search',
    steps: [
      get(
        (viewer) => `/api/creators?q=${viewer.search}&limit=${PAGE}`,
        creatorCards,
        exploreFloor(
          '(pr.handle ilike $2 or pr.public_name ilike $2)',
          'floor(extract(epoch from coalesce(co.completed_at, u.created_at)) * 1000) desc, u.id desc',
        ),
      ),
    ],
    floorParams: (viewer) => [viewer.userId, `%${viewer.search}%`],
  },
  {
    name: 'popular',
    steps: [get(() => `/api/creators?sort=popular&limit=${PAGE}`, creatorCards, exploreFloor('true', 'pr.follower_count desc, u.id desc'))],
    floorParams: (viewer) => [viewer.userId],
  },
  {
    name: 'subscriptions',
    steps: [get(() => '/api/subscriptions', itemIds, SUBSCRIPTIONS_FLOOR)],
    floorParams: viewerAndTime,
  },
  {
    name: 'like',
    steps: [
      { method: 'PUT', apiPath: (viewer) => `/api/posts/${viewer.postId}/like`, apiIds: likeState, floorSql: LIKE_FLOOR },
      { method: 'DELETE', apiPath: (viewer) => `/api/posts/${viewer.postId}/like`, apiIds: likeState, floorSql: UNLIKE_FLOOR },
    ],
    floorParams: (viewer, now) => [viewer.userId, viewer.postId, now],
  },
  {
    name: 'insights-earnings',
    creatorsOnly: true,
    steps: [
      get(
        (viewer) => `/api/creators/${viewer.userId}/insights/earnings?range=30d&tz=UTC`,
        (body) =>
          (
            body as {
              currencies: {
                currency: string;
                series: { bucket: string; grossMinor: number; feeMinor: number; netMinor: number; charges: number }[];
                previous: { grossMinor: number; feeMinor: number; netMinor: number; charges: number };
              }[];
            }
          ).currencies.flatMap((currency) =>
            [...currency.series, { bucket: 'previous', ...currency.previous }]
              .filter((point) => point.grossMinor !== 0 || point.feeMinor !== 0 || point.netMinor !== 0 || point.charges !== 0)
              .map(
                (point) => `${currency.currency} ${point.bucket} ${point.grossMinor} ${point.feeMinor} ${point.netMinor} ${point.charges}`,
              ),
          ),
        INSIGHTS_EARNINGS_FLOOR,
      ),
    ],
    floorParams: (viewer, now) => {
      const period = last30Days(now);
      return [viewer.userId, period.previousFrom, period.from, period.to];
    },
  },
  {
    name: 'insights-posts',
    creatorsOnly: true,
    steps: [
      get(
        (viewer) => `/api/creators/${viewer.userId}/insights/posts?range=30d&tz=UTC&sort=views`,
        (body) =>
          (body as { items: { postId: string; views: number; likes: number; unlocks: number }[] }).items.map(
            (post) => `${post.postId} ${post.views} ${post.likes} ${post.unlocks}`,
          ),
        INSIGHTS_POSTS_FLOOR,
      ),
    ],
    floorParams: (viewer, now) => {
      const period = last30Days(now);
      return [viewer.userId, period.from, period.to, now];
    },
  },
  {
    name: 'insights-subscribers',
    creatorsOnly: true,
    steps: [
      get(
        (viewer) => `/api/creators/${viewer.userId}/insights/subscribers?range=30d&tz=UTC&granularity=day`,
        (body) =>
          (
            body as {
              series: {
                bucket: string;
                active: number;
                followers: number;
                new: number;
                renewed: number;
                cancelled: number;
                lapsed: number;
              }[];
            }
          ).series.map(
            (point) =>
              `${point.bucket} ${point.active} ${point.followers} ${point.new} ${point.renewed} ${point.cancelled} ${point.lapsed}`,
          ),
        INSIGHTS_SUBSCRIBERS_FLOOR,
      ),
    ],
    floorParams: (viewer, now) => {
      const period = last30Days(now);
      return [viewer.userId, period.from, period.to, now];
    },
  },
  {
    name: 'insights-fans',
    creatorsOnly: true,
    steps: [
      get(
        (viewer) => `/api/creators/${viewer.userId}/insights/fans`,
        (body) => {
          const fans = body as {
            bySpend: { userId: string; currency: string; spentMinor: number; payments: number }[];
            byTenure: { userId: string; paidDays: number }[];
          };
          return [
            ...fans.bySpend.map((fan) => `spend ${fan.userId} ${fan.currency} ${fan.spentMinor} ${fan.payments}`),
            ...fans.byTenure.map((fan) => `tenure ${fan.userId} ${fan.paidDays}`),
          ];
        },
        INSIGHTS_FANS_FLOOR,
      ),
    ],
    floorParams: (viewer) => [viewer.userId],
  },
];
const HOT_PATHS = PATHS ? ALL_HOT_PATHS.filter((path) => PATHS.includes(path.name)) : ALL_HOT_PATHS;

/** Runs the floor's statements, prepared, on connections of its own. */
interface FloorRunner {
  /** The ids each step answers for the viewer, in order. */
  ids(viewer: Viewer, now: Date): Promise<string[]>;
  run(clients: number, seconds: number, viewers: Viewer[], now: Date): Promise<Measured>;
  close(): Promise<void>;
}

interface Measured {
  perSecond: number;
  latencies: number[];
  /** CPU seconds per request: the serving side (server or the floor's driver), PostgreSQL, and this process (the load generator; for the floor, the driver itself). */
  cpuPerRequest: { serving: number; postgres: number; loadGenerator: number };
  requests: number;
}

type FloorQuery = (step: number, viewer: Viewer, now: Date) => Promise<string[]>;

/**
 * PostgreSQL plans a named statement either once for any values (generic, as the server's
 * connections do) or anew for each call's values (custom). Which is faster depends on the
 * statement: a generic plan saves the planning, which costs the feed's floor more than running
 * it, while the insights' floors need the values to plan well. The floor takes the faster.
 */
const PLAN_MODES = {
  generic: POSTGRES_SESSION_OPTIONS,
  custom: POSTGRES_SESSION_OPTIONS.replace('plan_cache_mode=force_generic_plan', 'plan_cache_mode=force_custom_plan'),
};
type PlanMode = keyof typeof PLAN_MODES;

function postgresFloor(url: string, path: HotPath, mode: PlanMode, connections: number) {
  const pool = new pg.Pool({ connectionString: url, max: connections, options: PLAN_MODES[mode] });
  const query: FloorQuery = async (step, viewer, now) =>
    (
      await pool.query<{ id: string }>({
        name: `floor_${path.name}_${step}`,
        text: (path.steps[step] as Step).floorSql,
        values: path.floorParams(viewer, now),
      })
    ).rows.map((row) => row.id);
  return floorOver(path, query, () => pool.end());
}

/**
 * The plan mode under which the floor answers one client faster: after a warm-up, each mode runs
 * for half a second in turn, three times, so a moment of load elsewhere does not decide it.
 */
async function fasterPlanMode(url: string, path: HotPath, viewers: Viewer[]): Promise<PlanMode> {
  const modes = Object.keys(PLAN_MODES) as PlanMode[];
  const trials = modes.map((mode) => ({ mode, floor: postgresFloor(url, path, mode, 1), requests: 0 }));
  try {
    for (const trial of trials) await trial.floor.run(1, 0.5, viewers, new Date());
    for (let round = 0; round < 3; round++) {
      for (const trial of trials) trial.requests += (await trial.floor.run(1, 0.5, viewers, new Date())).requests;
    }
  } finally {
    for (const trial of trials) await trial.floor.close();
  }
  const [faster] = [...trials].sort((a, b) => b.requests - a.requests);
  const counts = trials.map((trial) => `${trial.mode} ${(trial.requests / 1.5).toFixed(0)}/s`).join(', ');
  console.log(`${path.name}: the floor runs with ${faster?.mode} plans (one client: ${counts})`);
  return faster?.mode ?? 'generic';
}

async function floorRunner(target: Target, path: HotPath, viewers: Viewer[]): Promise<FloorRunner> {
  if (target.driver === 'postgres') {
    return postgresFloor(target.url, path, await fasterPlanMode(target.url, path, viewers), Math.max(...CLIENTS));
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  const query: FloorQuery = async (step, viewer, now) =>
    (await pglite.query<{ id: string }>((path.steps[step] as Step).floorSql, path.floorParams(viewer, now))).rows.map((row) => row.id);
  return floorOver(path, query, () => database.close());
}

function floorOver(path: HotPath, query: FloorQuery, close: () => Promise<void>): FloorRunner {
  return {
    ids: async (viewer, now) => {
      const ids: string[] = [];
      for (let step = 0; step < path.steps.length; step++) ids.push(...(await query(step, viewer, now)));
      return ids;
    },
    run: (clients, seconds, viewers, now) =>
      closedLoop(clients, seconds, viewers, path.steps.length, (step, viewer) => query(step, viewer, now)),
    close,
  };
}

/**
 * `clients` loops in this process each sending the next viewer's steps, one as soon as the
 * last answered, for `seconds`; each step is a request. The serving CPU is this process's own.
 */
async function closedLoop(
  clients: number,
  seconds: number,
  viewers: Viewer[],
  steps: number,
  send: (step: number, viewer: Viewer) => Promise<unknown>,
): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  const before = cpuSecondsByPid(postgresPids());
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const viewer = viewers[next++ % viewers.length] as Viewer;
        for (let step = 0; step < steps; step++) {
          const sent = performance.now();
          await send(step, viewer);
          latencies.push(performance.now() - sent);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const own = process.cpuUsage(ownBefore);
  let postgres = 0;
  for (const [pid, total] of cpuSecondsByPid(postgresPids())) postgres += total - (before.get(pid) ?? 0);
  const requests = latencies.length;
  const serving = (own.user + own.system) / 1e6;
  return {
    perSecond: requests / elapsed,
    latencies,
    requests,
    cpuPerRequest: { serving: serving / requests, postgres: postgres / requests, loadGenerator: serving / requests },
  };
}

/**
 * One step through the API as the viewer: the ids it lists and the answer as sent. Writes carry
 * the site's Origin, as the browser sends it (the CSRF check wants it).
 */
async function apiAnswer(server: HttpServing, step: Step, viewer: Viewer): Promise<{ ids: string[]; body: Buffer }> {
  const response = await fetch(server.baseUrl + step.apiPath(viewer), {
    method: step.method,
    headers: { cookie: viewer.cookie, origin: server.baseUrl },
  });
  if (response.status !== 200) throw new Error(`${step.method} ${step.apiPath(viewer)}: ${response.status} for viewer ${viewer.userId}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { ids: step.apiIds(JSON.parse(body.toString('utf8'))), body };
}

/** A process answering HTTP: the API's server or the HTTP floor. */
interface HttpServing {
  baseUrl: string;
  pid: number;
}

/**
 * The API (or the HTTP floor) under autocannon with `clients` connections; each connection sends
 * the next viewer's steps in order, each step a request. PostgreSQL's CPU is counted for the API.
 */
async function httpRun(
  server: HttpServing,
  side: 'API' | 'HTTP floor',
  path: HotPath,
  clients: number,
  seconds: number,
  viewers: Viewer[],
): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const pids = () => (side === 'API' ? [server.pid, ...postgresPids()] : [server.pid]);
  const before = cpuSecondsByPid(pids());
  const ownBefore = process.cpuUsage();
  const instance = autocannon({
    url: server.baseUrl,
    connections: clients,
    duration: seconds,
    requests: path.steps.map((step, index) => ({
      setupRequest: (request: AutocannonRequest, context: { viewer?: Viewer }) => {
        if (index === 0) context.viewer = viewers[next++ % viewers.length] as Viewer;
        const viewer = context.viewer as Viewer;
        const headers = { ...request.headers, cookie: viewer.cookie, origin: server.baseUrl };
        return { ...request, method: step.method, path: step.apiPath(viewer), headers };
      },
    })),
  });
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    if (status !== 200) failures++;
    latencies.push(responseTimeMs);
  });
  const result = await instance;
  const own = process.cpuUsage(ownBefore);
  if (failures > 0 || result.errors > 0) throw new Error(`${path.name}: ${failures} non-200 answers and ${result.errors} errors`);
  let postgres = 0;
  let serverCpu = 0;
  for (const [pid, total] of cpuSecondsByPid(pids())) {
    const used = total - (before.get(pid) ?? 0);
    if (pid === server.pid) serverCpu = used;
    else postgres += used;
  }
  // The run may stop between a write and the step that undoes it: the last step again for every viewer puts the data back.
  const last = path.steps.at(-1) as Step;
  if (side === 'API' && last.method !== 'GET') for (const viewer of viewers) await apiAnswer(server, last, viewer);
  const requests = latencies.length;
  return {
    perSecond: requests / result.duration,
    latencies,
    requests,
    cpuPerRequest: {
      serving: serverCpu / requests,
      postgres: postgres / requests,
      loadGenerator: (own.user + own.system) / 1e6 / requests,
    },
  };
}

async function benchViewers(target: Target): Promise<Viewer[]> {
  const { database, session } = await openTarget(target);
  try {
    const rows = await session.rows<{ id: string; user_id: string }>('select id, user_id from sessions where user_agent = $1', [
      BENCH_USER_AGENT,
    ]);
    const userBySession = new Map(rows.map((row) => [row.id, row.user_id]));
    const users: { userId: string; token: string }[] = [];
    for (let index = 1; index <= Math.min(VIEWERS, rows.length); index++) {
      const token = `${VIEWER_TOKEN_PREFIX}${index}`;
      const userId = userBySession.get(createHash('sha256').update(token).digest('hex'));
      if (userId) users.push({ userId, token });
    }
    if (users.length === 0) throw new Error('no benchmark sessions: run bench/seed.ts first');
    const picks = await session.rows<{ user_id: string; creator_id: string; post_id: string; is_creator: boolean }>(
      `with viewer as (select user_id, ordinality from unnest($1::text[]) with ordinality as v(user_id)),
        most_followed as (select creator_id from follows group by creator_id order by count(*) desc, creator_id limit 1)
      select v.user_id, (select 'creators' = any(labels) from users where id = v.user_id) as is_creator,
        coalesce((select min(f.creator_id) from follows f join users u on u.id = f.creator_id and u.disabled_at is null
                  where f.user_id = v.user_id), (select creator_id from most_followed)) as creator_id,
        (select p.id from posts p join users u on u.id = p.creator_id and u.disabled_at is null
         where 'public' = any(p.access) and 'private' <> all(p.access) and p.deleted_at is null and p.publish_at <= now()
           and not exists (select 1 from likes l where l.post_id = p.id and l.user_id = v.user_id)
         order by p.publish_at desc, p.id desc offset v.ordinality % 50 limit 1) as post_id
      from viewer v order by v.ordinality`,
      [users.map((user) => user.userId)],
    );
    return picks.map((row, index) => ({
      userId: row.user_id,
      cookie: `${SESSION_COOKIE}=${(users[index] as { token: string }).token}`,
      creatorId: row.creator_id,
      postId: row.post_id,
      search: `creator${10 + (index % 90)}`,
      isCreator: row.is_creator,
    }));
  } finally {
    session.release();
    await database.close();
  }
}

/**
 * The API's cost per request before any route's own work: its cheapest route with the viewer's
 * session, through every hook a hot path passes (security headers, cookies, the session from
 * memory, the origin check, the response serializer), on the same server at the busiest client count.
 */
const FIXED_COST: HotPath = {
  name: 'fixed cost',
  steps: [{ method: 'GET', apiPath: () => '/api/health/live', apiIds: () => [], floorSql: '' }],
  floorParams: () => [],
};

/** The bar for every hot path: the API's throughput at least this share of its floor's. */
const THROUGHPUT_BAR = 0.45;

interface Row {
  path: string;
  side: 'API' | 'floor' | 'HTTP floor';
  clients: number;
  measured: Measured;
}

async function main(): Promise<void> {
  const target = targetFromArgs();
  console.log(`Target: ${describeTarget(target)}; ${DURATION_S} s per run after ${WARMUP_S} s warm-up; clients ${CLIENTS.join(', ')}`);
  const allViewers = await benchViewers(target);
  const rows: Row[] = [];
  /** SQL statements per request: on each viewer's first request, and under load (sessions then come from memory). */
  const statementsPerRequest = new Map<string, { first: number; loaded: number }>();
  let fixedCost: Measured | undefined;

  for (const path of HOT_PATHS) {
    const viewers = path.creatorsOnly ? allViewers.filter((viewer) => viewer.isCreator) : allViewers;
    if (viewers.length === 0) {
      console.log(`${path.name}: skipped, no creator among the viewers`);
      continue;
    }
    // The floor first, and closed before the server starts: PGlite's data directory can be open in
    // one process only. The ids to compare are taken last, so a scheduled post coming out meanwhile
    // does not make the API and the floor disagree.
    const floor = await floorRunner(target, path, viewers);
    const expected = new Map<string, string[]>();
    try {
      for (const clients of CLIENTS) {
        const now = new Date();
        await floor.run(clients, WARMUP_S, viewers, now);
        rows.push({ path: path.name, side: 'floor', clients, measured: await floor.run(clients, DURATION_S, viewers, now) });
      }
      const now = new Date();
      for (const viewer of viewers) expected.set(viewer.userId, await floor.ids(viewer, now));
    } finally {
      await floor.close();
    }

    const server = await startServer(target);
    /** The API's answers, for the HTTP floor to send. */
    const answers = new Map<string, Buffer>();
    try {
      const before = await server.statements();
      for (const viewer of viewers) {
        const got: string[] = [];
        for (const step of path.steps) {
          const answer = await apiAnswer(server, step, viewer);
          got.push(...answer.ids);
          answers.set(answerKey(step.method, step.apiPath(viewer), viewer.cookie), answer.body);
        }
        const want = expected.get(viewer.userId) ?? [];
        if (got.join() !== want.join())
          throw new Error(`${path.name}: the API and the floor disagree for viewer ${viewer.userId}:\n  API   ${got}\n  floor ${want}`);
      }
      const first = ((await server.statements()) - before) / (viewers.length * path.steps.length);
      console.log(`${path.name}: the API and the floor return the same ids for all ${viewers.length} viewers`);
      let loadedStatements = 0;
      let loadedRequests = 0;
      for (const clients of CLIENTS) {
        await httpRun(server, 'API', path, clients, WARMUP_S, viewers);
        const sentBefore = await server.statements();
        const measured = await httpRun(server, 'API', path, clients, DURATION_S, viewers);
        loadedStatements += (await server.statements()) - sentBefore;
        loadedRequests += measured.requests;
        rows.push({ path: path.name, side: 'API', clients, measured });
      }
      statementsPerRequest.set(path.name, { first, loaded: loadedStatements / loadedRequests });
      if (!fixedCost) {
        await httpRun(server, 'API', FIXED_COST, Math.max(...CLIENTS), WARMUP_S, viewers);
        fixedCost = await httpRun(server, 'API', FIXED_COST, Math.max(...CLIENTS), DURATION_S, viewers);
      }
    } finally {
      await server.stop();
    }

    const httpFloor = await startHttpFloor(answers);
    try {
      for (const clients of CLIENTS) {
        await httpRun(httpFloor, 'HTTP floor', path, clients, WARMUP_S, viewers);
        rows.push({
          path: path.name,
          side: 'HTTP floor',
          clients,
          measured: await httpRun(httpFloor, 'HTTP floor', path, clients, DURATION_S, viewers),
        });
      }
    } finally {
      await httpFloor.stop();
    }
  }

  console.log(
    '\n| path | side | clients | requests/s | p50 ms | p99 ms | CPU ms per request: server (floor: driver) / PostgreSQL / load generator | API/floor throughput | API/floor p50 |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
  for (const row of rows) {
    const floor = rows.find((other) => other.path === row.path && other.side === 'floor' && other.clients === row.clients);
    const p50 = percentile(row.measured.latencies, 50);
    const ratios =
      row.side === 'API' && floor
        ? `${(row.measured.perSecond / floor.measured.perSecond).toFixed(2)}x | ${(p50 / percentile(floor.measured.latencies, 50)).toFixed(1)}x`
        : ' | ';
    const cpu = row.measured.cpuPerRequest;
    const postgresCpu =
      row.side === 'HTTP floor' ? '(none)' : target.driver === 'postgres' ? (cpu.postgres * 1000).toFixed(2) : '(in process)';
    console.log(
      `| ${row.path} | ${row.side} | ${row.clients} | ${row.measured.perSecond.toFixed(0)} | ${ms(p50)} | ${ms(percentile(row.measured.latencies, 99))} | ${(cpu.serving * 1000).toFixed(2)} / ${postgresCpu} / ${row.side === 'floor' ? '(driver)' : (cpu.loadGenerator * 1000).toFixed(2)} | ${ratios} |`,
    );
  }
  printLeastPossible(rows, fixedCost);
  console.log('\n| path | SQL statements per API request: first of each viewer | under load |\n| --- | ---: | ---: |');
  for (const [name, count] of statementsPerRequest) console.log(`| ${name} | ${count.first.toFixed(2)} | ${count.loaded.toFixed(2)} |`);
}

/**
 * With every core busy, requests per second are about the cores divided by the CPU a request
 * costs all processes. The least an API answering over HTTP could cost is the SQL floor's
 * (PostgreSQL and its driver) plus the HTTP floor's (a bare server and the load generator): the
 * throughput that allows, beside the floor's, is the best ratio any API could reach here. The
 * bar's throughput leaves the API's server a budget once its own PostgreSQL and load-generator
 * CPU are paid; beside it, what every request costs the server before its route's own work
 * (`fixedCost`) and what the path's requests cost it in all.
 */
function printLeastPossible(rows: Row[], fixedCost: Measured | undefined): void {
  const cores = cpus().length;
  const busiest = Math.max(...CLIENTS);
  const msPerRequest = (row: Row | undefined) => {
    const cpu = row?.measured.cpuPerRequest;
    return cpu ? (cpu.serving + cpu.postgres + (row?.side === 'floor' ? 0 : cpu.loadGenerator)) * 1000 : Number.NaN;
  };
  const fixed = fixedCost ? (fixedCost.cpuPerRequest.serving * 1000).toFixed(2) : '(not measured)';
  console.log(
    `\n| path (${busiest} clients) | CPU ms per request, all processes: SQL floor | HTTP floor | both | API | least possible API/floor throughput (${cores} cores / both) | API/floor measured | API server CPU ms per request: the ${THROUGHPUT_BAR}x bar's budget | before the route's work | in all |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const name of new Set(rows.map((row) => row.path))) {
    const find = (side: Row['side']) => rows.find((row) => row.path === name && row.side === side && row.clients === busiest);
    const [floor, http, api] = [find('floor'), find('HTTP floor'), find('API')];
    if (!floor || !http || !api) continue;
    const both = msPerRequest(floor) + msPerRequest(http);
    const bound = (cores * 1000) / both / floor.measured.perSecond;
    const apiCpu = api.measured.cpuPerRequest;
    const budget = (cores * 1000) / (THROUGHPUT_BAR * floor.measured.perSecond) - (apiCpu.postgres + apiCpu.loadGenerator) * 1000;
    console.log(
      `| ${name} | ${msPerRequest(floor).toFixed(2)} | ${msPerRequest(http).toFixed(2)} | ${both.toFixed(2)} | ${msPerRequest(api).toFixed(2)} | ${bound.toFixed(2)}x | ${(api.measured.perSecond / floor.measured.perSecond).toFixed(2)}x | ${budget.toFixed(2)} | ${fixed} | ${(apiCpu.serving * 1000).toFixed(2)} |`,
    );
  }
  if (fixedCost)
    console.log(`\nBefore the route's work: GET /api/health/live with the viewer's session, ${fixedCost.perSecond.toFixed(0)} requests/s.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
