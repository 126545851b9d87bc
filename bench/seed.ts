/**
 * Feed benchmark data set: 10,000 users (1,000 creators), 100,000 posts, 1,000,000 likes,
 * 200,000 follows and 50,000 subscriptions (with their charges and ledger entries), generated inside the database with set-based SQL,
 * plus sessions for 1,000 benchmark viewers. Recreates its target each run.
 *
 *   node --import tsx bench/seed.ts [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--database aurum_bench] [--scale 1]
 *   node --import tsx bench/seed.ts --data-dir /tmp/aurum-bench-pglite [--scale 1]
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TERMS_VERSION } from '@aurum/core';
import pg from 'pg';
import {
  argument,
  BENCH_USER_AGENT,
  describeTarget,
  openTarget,
  type SqlSession,
  type Target,
  targetFromArgs,
  timed,
  VIEWER_TOKEN_PREFIX,
} from './target.js';

const scale = Number(argument('scale') ?? '1');
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const sized = (full: number) => Math.max(1, Math.round(full * scale));

const COUNTS = {
  users: sized(10_000),
  creators: sized(1_000),
  posts: sized(100_000),
  likes: sized(1_000_000),
  follows: sized(200_000),
  subscriptions: sized(50_000),
  viewers: Math.max(20, sized(1_000)),
  blocks: sized(2_000),
};
/** Benchmark viewers have seen up to this many of the newest posts (the feed leaves seen posts out). */
const SEEN_PER_VIEWER_MAX = 200;
const RECENT_POSTS = Math.min(2_000, Math.round(COUNTS.posts * 0.5));
/** Marks a PGlite directory this script made, so a rerun may delete it. */
const PGLITE_MARKER = '.aurum-bench';

/** An id like generateId's: the time in hex, then 7 hex digits from the seed's sequence, so ids never collide. */
const hexId = (at: string) =>
  `lpad(to_hex((extract(epoch from ${at}) * 1000)::bigint), 11, '0') || lpad(to_hex(nextval('bench_seed.ids')), 7, '0')`;

/**
 * A rank from 1 to `count`, rank r drawn with probability about proportional to r^-exponent
 * (the inverse of the continuous Zipf distribution function).
 */
function zipfRank(count: number, exponent: number): string {
  const top = `${count + 1}::float8`;
  const x =
    exponent === 1 ? `power(${top}, random())` : `power((power(${top}, ${1 - exponent}) - 1) * random() + 1, ${1 / (1 - exponent)})`;
  return `least(${count}, floor(${x})::int)`;
}

/** Zipf-popular most of the time, uniform the rest, so the long tail is not empty. */
const popularRank = (count: number, exponent: number, uniformShare = 0.25) =>
  `case when random() < ${uniformShare} then 1 + floor(random() * ${count})::int else ${zipfRank(count, exponent)} end`;

/** A step that visits every residue modulo `count` (coprime to it), to draw distinct items without dedup. */
function coprimeStep(count: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let step = 7919;
  while (gcd(step, count) !== 1) step += 2;
  return step;
}

const LOREM = (
  'Behind the scenes of this week: new set, new light, and a few outtakes that did not make the cut. ' +
  'Thank you all for the kind words on the last post, it means a lot. Tell me what you want to see next, ' +
  'I read every comment. Full version for members, as always. Shooting again on Friday if the weather holds. '
).replaceAll("'", "''");

/**
 * Inserts `target` distinct rows into a table whose unique constraint drops duplicate
 * candidates: each round draws more candidates than missing and keeps what does not conflict.
 * Candidates are numbered as drawn (g) and taken in that order: a join may return them
 * sorted by user or post, and a bare LIMIT would then leave out the last ones.
 */
async function fillUnique(sql: SqlSession, table: string, target: number, insert: (candidates: number, missing: number) => string) {
  for (let round = 0; round < 100; round++) {
    const missing = target - (await countRows(sql, table));
    if (missing <= 0) return;
    await sql.run(insert(Math.ceil(missing * 1.5) + 100, missing));
  }
  throw new Error(`${table}: could not reach ${target} distinct rows; the distribution is too narrow for this scale`);
}

async function countRows(sql: SqlSession, table: string): Promise<number> {
  const [row] = await sql.rows<{ count: number }>(`select count(*)::int as count from ${table}`);
  return row?.count ?? 0;
}

/** Runs one step and prints how long it took (and how many rows its table has). */
async function step(sql: SqlSession, name: string, work: () => Promise<unknown>, table?: string): Promise<number> {
  const { ms } = await timed(work);
  const rows = table ? ` ${(await countRows(sql, table)).toLocaleString('en-US')} rows,` : '';
  console.log(`${name.padEnd(16)}${rows} ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

async function recreate(target: Target): Promise<void> {
  if (target.driver === 'postgres') {
    const admin = new pg.Client({ connectionString: target.serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(target.database)} with (force)`);
    await admin.query(`create database ${admin.escapeIdentifier(target.database)}`);
    await admin.end();
    return;
  }
  if (existsSync(target.dataDir) && (await readdir(target.dataDir)).length > 0) {
    if (!existsSync(path.join(target.dataDir, PGLITE_MARKER))) {
      throw new Error(`${target.dataDir} is not empty and was not made by this script; choose another --data-dir`);
    }
    await rm(target.dataDir, { recursive: true, force: true });
  }
  await mkdir(target.dataDir, { recursive: true });
  await writeFile(path.join(target.dataDir, PGLITE_MARKER), 'Feed benchmark data; bench/seed.ts deletes and remakes this folder.\n');
}

async function seed(sql: SqlSession): Promise<void> {
  const { users: U, creators: C, posts: P } = COUNTS;
  const steps: [name: string, work: () => Promise<unknown>, table?: string][] = [
    [
      'users',
      async () => {
        // Users 1..C are the creators, numbered by popularity (1 = most followed).
        await sql.run(`
          create table bench_seed.users (n int primary key, id text not null, created_at timestamptz not null);
          with picked as materialized (
            select n, case when n <= ${C} then now() - interval '1 day' * (370 + random() * 700)
                           else now() - interval '1 day' * (1 + random() * 700) end as created_at
            from generate_series(1, ${U}) n)
          insert into bench_seed.users select n, ${hexId('created_at')}, created_at from picked;
          insert into users (id, email, name, labels, email_verified, created_at)
          select id, (case when n <= ${C} then 'creator' else 'member' end) || n || '@bench.aurum.test',
            (case when n <= ${C} then 'Creator ' else 'Member ' end) || n,
            case when n <= ${C} then '{creators}'::text[] else '{}'::text[] end, true, created_at
          from bench_seed.users order by n;`);
      },
      'users',
    ],
    [
      'profiles',
      () =>
        sql.run(`
          insert into profiles (user_id, handle, public_name, avatar_color, is_verified, bio, last_online, created_at)
          select id, (case when n <= ${C} then 'creator' else 'member' end) || n,
            (case when n <= ${C} then 'Creator ' else 'Member ' end) || n,
            'hsl(' || floor(random() * 361)::int || ', 50%, 50%)', n <= ${C} and random() < 0.3,
            case when n <= ${C} then 'Creator ' || n || '. ' || left('${LOREM}', 40 + floor(random() * 200)::int) end,
            now() - interval '30 days' * power(random(), 3), created_at
          from bench_seed.users order by n;`),
      'profiles',
    ],
    [
      'user_data',
      () =>
        sql.run(`
          insert into user_data (user_id, registration_completed_at, identity_verified_at, terms_accepted_at, terms_version)
          select id, created_at + interval '5 minutes', case when n <= ${C} then created_at + interval '1 day' end,
            created_at + interval '3 minutes', '${TERMS_VERSION}'
          from bench_seed.users order by n;`),
      'user_data',
    ],
    [
      'plans',
      () =>
        // One to three active plans per creator, cheapest first; every tenth creator also keeps an inactive draft.
        sql.run(`
          create table bench_seed.creators (rank int primary key, id text not null, created_at timestamptz not null, plan_count int not null);
          insert into bench_seed.creators select n, id, created_at, 1 + floor(random() * 3)::int from bench_seed.users where n <= ${C};
          create table bench_seed.plans (creator_rank int, k int, id text not null, primary key (creator_rank, k));
          insert into bench_seed.plans
          select rank, k, ${hexId("created_at + interval '1 day' * k")} from bench_seed.creators, generate_series(1, plan_count) k;
          insert into plans (id, creator_id, name, description, price_minor, currency, billing_period_days, perks, active, created_at, updated_at)
          select p.id, c.id, (array['Supporter', 'Insider', 'VIP'])[p.k], 'Tier ' || p.k || ' of creator ' || c.rank,
            199 + 300 * p.k + 100 * floor(random() * 5 * p.k)::int, case when c.rank % 7 = 0 then 'EUR' else 'USD' end, 30,
            '{"messages": true}'::jsonb, true, c.created_at + interval '1 day' * p.k, c.created_at + interval '1 day' * p.k
          from bench_seed.plans p join bench_seed.creators c on c.rank = p.creator_rank;
          insert into plans (id, creator_id, name, price_minor, currency, active, created_at, updated_at)
          select ${hexId('now()')}, id, 'Draft', 4999, 'USD', false, now(), now() from bench_seed.creators where rank % 10 = 3;`),
      'plans',
    ],
    [
      'posts',
      () =>
        // Active creators post more (Zipf 0.5); posts spread over the last year, 1% scheduled, 1% deleted.
        sql.run(`
          create table bench_seed.posts (n int primary key, id text not null, creator_rank int not null, publish_at timestamptz not null);
          with picked as materialized (
            select n, ${zipfRank(C, 0.5)} as creator_rank,
              case when random() < 0.01 then now() + interval '14 days' * random() else now() - interval '365 days' * random() end as publish_at
            from generate_series(1, ${P}) n)
          insert into bench_seed.posts select n, ${hexId('publish_at')}, creator_rank, publish_at from picked;
          with drawn as materialized (select p.*, random() as r, random() as deleted_r, 20 + floor(random() * 380)::int as length from bench_seed.posts p)
          insert into posts (id, creator_id, text, access, publish_at, created_at, updated_at, deleted_at)
          select d.id, c.id, left('Post ' || d.n || '. ' || repeat('${LOREM}', 2), d.length),
            case
              when d.r < 0.35 then array['public']
              when d.r < 0.55 then array['follower']
              when d.r < 0.70 then array['subscription']
              when d.r < 0.80 then array[one.id]
              when d.r < 0.82 then array(select distinct unnest(array[one.id, other.id]))
              when d.r < 0.92 then array['sneakpeek']
              when d.r < 0.97 then array['follower', 'subscription']
              else array['private']
            end,
            d.publish_at, least(d.publish_at, now()) - interval '1 hour' * random(), least(d.publish_at, now()),
            case when d.deleted_r < 0.01 and d.publish_at < now() then d.publish_at + (now() - d.publish_at) * random() end
          from drawn d
          join bench_seed.creators c on c.rank = d.creator_rank
          join bench_seed.plans one on one.creator_rank = c.rank and one.k = 1 + d.n % c.plan_count
          join bench_seed.plans other on other.creator_rank = c.rank and other.k = 1 + (d.n + 1) % c.plan_count
          order by d.n;`),
      'posts',
    ],
    [
      'media',
      () =>
        // 0-4 items per post (0.98 on average): mostly ready images, some videos and audio, a few still processing.
        sql.run(`
          create table bench_seed.media as
          with drawn as materialized (select id, creator_id, created_at, random() as r from posts)
          select d.id as post_id, d.creator_id, d.created_at - interval '10 minutes' as created_at, position - 1 as position,
            ${hexId("d.created_at - interval '10 minutes'")} as id, random() as kind_r, random() < 0.98 as ready
          from drawn d
          cross join lateral generate_series(1, case when d.r < 0.4 then 0 when d.r < 0.75 then 1 when d.r < 0.9 then 2 when d.r < 0.97 then 3 else 4 end) position;
          insert into media (id, owner_id, kind, mime, size_bytes, original_name, original_key, status, width, height, duration_ms,
            placeholder, thumb_key, blur_key, blur_thumb_key, poster_key, playable_key, playable_mime, created_at, processed_at)
          select id, creator_id, kind, mime, size_bytes, 'upload-' || id || ext, 'bench/' || id || '/original', case when ready then 'ready' else 'processing' end,
            case when ready and kind <> 'audio' then 1080 end, case when ready and kind <> 'audio' then 1350 end,
            case when ready and kind <> 'image' then 5000 + floor(kind_r * 100000)::int end,
            case when ready then 'LEHV6nWB2yk8pyo0adR*.7kCMdnj' end,
            case when ready and kind <> 'audio' then 'bench/' || id || '/thumb' end,
            case when ready and kind <> 'audio' then 'bench/' || id || '/blur' end,
            case when ready and kind <> 'audio' then 'bench/' || id || '/blur-thumb' end,
            case when ready and kind = 'video' then 'bench/' || id || '/poster' end,
            case when ready then 'bench/' || id || '/playable' end, case when ready then mime end,
            created_at, case when ready then created_at + interval '1 minute' end
          from (select m.*,
              case when kind_r < 0.8 then 'image' when kind_r < 0.95 then 'video' else 'audio' end as kind,
              case when kind_r < 0.8 then 'image/jpeg' when kind_r < 0.95 then 'video/mp4' else 'audio/mpeg' end as mime,
              case when kind_r < 0.8 then '.jpg' when kind_r < 0.95 then '.mp4' else '.mp3' end as ext,
              case when kind_r < 0.8 then 200000 + floor(kind_r * 4000000)::bigint else 2000000 + floor(kind_r * 80000000)::bigint end as size_bytes
            from bench_seed.media m) typed
          order by id;`),
      'media',
    ],
    [
      'post_media',
      () =>
        sql.run(
          'insert into post_media (post_id, media_id, position) select post_id, id, position from bench_seed.media order by post_id, position;',
        ),
      'post_media',
    ],
    [
      'blocks',
      () =>
        fillUnique(
          sql,
          'blocks',
          COUNTS.blocks,
          (candidates, missing) => `
            with picked as materialized (
              select g, 1 + floor(random() * ${U})::int as user_n, 1 + floor(random() * ${C})::int as creator_rank from generate_series(1, ${candidates}) g)
            insert into blocks (user_id, blocked_user_id, created_at)
            select u.id, c.id, now() - interval '200 days' * random()
            from picked join bench_seed.users u on u.n = picked.user_n join bench_seed.creators c on c.rank = picked.creator_rank
            where u.id <> c.id order by g limit ${missing}
            on conflict do nothing;`,
        ),
      'blocks',
    ],
    [
      'follows',
      () =>
        // Creator popularity is Zipf-like (exponent 0.8, a quarter uniform); nobody follows a creator they blocked.
        fillUnique(
          sql,
          'follows',
          COUNTS.follows,
          (candidates, missing) => `
            with picked as materialized (
              select g, 1 + floor(random() * ${U})::int as user_n, ${popularRank(C, 0.8)} as creator_rank from generate_series(1, ${candidates}) g),
            pairs as materialized (
              select g, u.id as user_id, c.id as creator_id, greatest(u.created_at, c.created_at) as since, random() as r
              from picked join bench_seed.users u on u.n = picked.user_n join bench_seed.creators c on c.rank = picked.creator_rank
              where u.id <> c.id and not exists (select 1 from blocks b where b.user_id = u.id and b.blocked_user_id = c.id))
            insert into follows (id, user_id, creator_id, created_at)
            select ${hexId('since + (now() - since) * r')}, user_id, creator_id, since + (now() - since) * r from pairs order by g limit ${missing}
            on conflict do nothing;`,
        ),
      'follows',
    ],
    [
      'subscriptions',
      async () => {
        // One subscription per member and creator (a temporary unique index drops repeats), to one of the creator's plans:
        // 77% active and renewing, 8% cancelled but still running, 5% in the renewal grace period, 10% lapsed.
        await sql.run('create unique index bench_seed_subscription_once on subscriptions (user_id, creator_id)');
        await fillUnique(
          sql,
          'subscriptions',
          COUNTS.subscriptions,
          (candidates, missing) => `
            with picked as materialized (
              select g, 1 + floor(random() * ${U})::int as user_n, ${popularRank(C, 0.8)} as creator_rank from generate_series(1, ${candidates}) g),
            drawn as materialized (
              select g, u.id as user_id, c.id as creator_id, c.rank, 1 + floor(random() * c.plan_count)::int as k, random() as state, random() as r,
                1 + floor(random() * 12)::int as months
              from picked join bench_seed.users u on u.n = picked.user_n join bench_seed.creators c on c.rank = picked.creator_rank
              where u.id <> c.id),
            dated as materialized (
              select d.*, p.id as plan_id,
                case when state < 0.85 then now() + interval '30 days' * r
                     when state < 0.90 then now() - interval '3 days' * r
                     else now() - interval '1 day' * (4 + 90 * r) end as valid_until
              from drawn d join bench_seed.plans p on p.creator_rank = d.rank and p.k = d.k)
            insert into subscriptions (id, user_id, creator_id, plan_id, auto_renew, valid_until, paid_at, renewal_failed_at, renewal_failures, lapsed_at, created_at)
            select ${hexId("valid_until - interval '30 days' * months")}, user_id, creator_id, plan_id,
              not (state >= 0.77 and state < 0.85), valid_until, valid_until - interval '30 days',
              case when state >= 0.85 and state < 0.90 then valid_until end,
              case when state >= 0.85 and state < 0.90 then 1 + floor(r * 2)::int else 0 end,
              case when state >= 0.90 then valid_until + interval '3 days' end,
              valid_until - interval '30 days' * months
            from dated order by g limit ${missing}
            on conflict do nothing;`,
        );
        await sql.run('drop index bench_seed_subscription_once');
      },
      'subscriptions',
    ],
    [
      'charges',
      () =>
        // The payments behind the subscriptions, as the charge lifecycle leaves them: one card per subscribing member, a
        // settled charge for every 30 days paid since each subscription began (the first a subscription, then renewals), each
        // posted to the ledger (payment, the platform's 20% and the creator's earning); 1% of them refunded days later.
        sql.run(`
          insert into payment_methods (id, user_id, provider, provider_ref, type, brand, last4, exp_month, exp_year, is_default, created_at)
          select ${hexId('min(created_at)')}, user_id, 'dev', 'tok_bench_' || user_id, 'card', 'visa', '4242', 12, 2030, true, min(created_at)
          from subscriptions group by user_id;
          create table bench_seed.charges as
          select ${hexId("s.created_at + interval '30 days' * i")} as id, s.id as subscription_id, s.user_id, s.creator_id, s.plan_id,
            pm.id as payment_method_id, p.price_minor, p.currency, i, s.created_at + interval '30 days' * i as period_start
          from subscriptions s join plans p on p.id = s.plan_id join payment_methods pm on pm.user_id = s.user_id
          cross join lateral generate_series(0, greatest(0, ceil(extract(epoch from (least(s.valid_until, now()) - s.created_at)) / 2592000)::int - 1)) i
          where s.created_at + interval '30 days' * i <= now();
          insert into charges (id, idempotency_key, kind, status, user_id, creator_id, plan_id, subscription_id, payment_method_id, provider,
            provider_ref, amount_minor, currency, period_start, period_end, created_at, settled_at)
          select id, 'bench-' || id, case when i = 0 then 'subscription' else 'renewal' end, 'succeeded', user_id, creator_id, plan_id,
            subscription_id, payment_method_id, 'dev', 'dev_' || id, price_minor, currency, period_start, period_start + interval '30 days',
            period_start, period_start
          from bench_seed.charges;
          insert into ledger_entries (id, charge_id, kind, user_id, amount_minor, currency, created_at)
          select ${hexId('c.period_start')}, c.id, e.kind, case e.kind when 'payment' then c.user_id when 'creator_earning' then c.creator_id end,
            case e.kind when 'payment' then c.price_minor when 'platform_fee' then c.price_minor / 5 else c.price_minor - c.price_minor / 5 end,
            c.currency, c.period_start
          from bench_seed.charges c cross join (values ('payment'), ('platform_fee'), ('creator_earning')) e(kind);
          insert into ledger_entries (id, charge_id, kind, user_id, amount_minor, currency, created_at)
          select ${hexId("c.period_start + interval '3 days'")}, c.id, e.kind, case e.kind when 'refund' then c.user_id when 'creator_earning_reversal' then c.creator_id end,
            -(case e.kind when 'refund' then c.price_minor when 'platform_fee_reversal' then c.price_minor / 5 else c.price_minor - c.price_minor / 5 end),
            c.currency, least(now(), c.period_start + interval '3 days')
          from bench_seed.charges c cross join (values ('refund'), ('platform_fee_reversal'), ('creator_earning_reversal')) e(kind)
          where random() < 0.01;`),
      'ledger_entries',
    ],
    [
      'likes',
      async () => {
        // Posts ranked by popularity: popular creators' posts first, with noise. Likes pick posts by Zipf 0.7 (a fifth
        // uniform) and users by activity (Zipf 0.5 over a shuffled numbering), mostly soon after the post came out.
        await sql.run(`
          create table bench_seed.post_rank (rank int primary key, id text not null, publish_at timestamptz not null);
          insert into bench_seed.post_rank
          select row_number() over (order by p.creator_rank * random()), p.id, p.publish_at
          from bench_seed.posts p join posts on posts.id = p.id
          where posts.deleted_at is null and posts.publish_at <= now() and not 'private' = any(posts.access);`);
        const [ranked] = await sql.rows<{ count: number }>('select count(*)::int as count from bench_seed.post_rank');
        const R = ranked?.count ?? 0;
        const shuffle = coprimeStep(U);
        await fillUnique(
          sql,
          'likes',
          COUNTS.likes,
          (candidates, missing) => `
            with picked as materialized (
              select g, ${popularRank(R, 0.7, 0.2)} as post_rank, 1 + ((${zipfRank(U, 0.5)} - 1)::bigint * ${shuffle}) % ${U} as user_n
              from generate_series(1, ${candidates}) g),
            pairs as materialized (
              select g, pr.id as post_id, u.id as user_id, greatest(pr.publish_at, u.created_at) as since
              from picked join bench_seed.post_rank pr on pr.rank = picked.post_rank join bench_seed.users u on u.n = picked.user_n)
            insert into likes (post_id, user_id, created_at)
            select post_id, user_id, since + (now() - since) * power(random(), 3) from pairs order by g limit ${missing}
            on conflict do nothing;`,
        );
      },
      'likes',
    ],
    [
      'sessions',
      () =>
        // The benchmark viewers: a random sample of users, creators included, each with a session and a cookie token it can rebuild.
        sql.run(`
          create table bench_seed.viewers (i int primary key, id text not null);
          insert into bench_seed.viewers select row_number() over (order by random()), id from (select id from bench_seed.users order by random() limit ${COUNTS.viewers}) sample;
          insert into sessions (id, user_id, created_at, expires_at, last_seen_at, ip, user_agent)
          select encode(sha256(convert_to('${VIEWER_TOKEN_PREFIX}' || i, 'UTF8')), 'hex'), id, now(), now() + interval '365 days', now(),
            '127.0.0.1', '${BENCH_USER_AGENT}'
          from bench_seed.viewers;`),
      'sessions',
    ],
    [
      'seen_records',
      () => {
        // Each viewer has seen 0-200 of the newest posts (distinct by stepping a coprime stride through them).
        const stride = coprimeStep(RECENT_POSTS);
        return sql.run(`
          create table bench_seed.recent (rank int primary key, id text not null, publish_at timestamptz not null);
          insert into bench_seed.recent
          select row_number() over (order by publish_at desc, id desc), id, publish_at from posts
          where deleted_at is null and publish_at <= now() order by publish_at desc, id desc limit ${RECENT_POSTS};
          with drawn as materialized (
            select id, floor(random() * ${Math.min(SEEN_PER_VIEWER_MAX, RECENT_POSTS) + 1})::int as seen, floor(random() * ${RECENT_POSTS})::int as start
            from bench_seed.viewers)
          insert into seen_records (user_id, entity_id, type, duration_ms, created_at)
          select d.id, r.id, 'post', 1000 + floor(random() * 9000)::int, r.publish_at + (now() - r.publish_at) * random()
          from drawn d cross join lateral generate_series(0, d.seen - 1) i
          join bench_seed.recent r on r.rank = 1 + (d.start + i * ${stride}) % ${RECENT_POSTS};`);
      },
      'seen_records',
    ],
  ];
  let total = 0;
  for (const [name, work, table] of steps) total += await step(sql, name, work, table);
  await sql.run('drop schema bench_seed cascade');
  // Statistics as autovacuum would leave them, so the planner sees the real sizes.
  total += await step(sql, 'vacuum analyze', () => sql.run('vacuum analyze'));
  console.log(`${'total'.padEnd(16)} ${(total / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const target = targetFromArgs();
  console.log(`Seeding ${describeTarget(target)} at scale ${scale}: ${JSON.stringify(COUNTS)}`);
  await recreate(target);
  const { result: opened, ms: migrateMs } = await timed(() => openTarget(target));
  console.log(`${'migrations'.padEnd(16)} ${(migrateMs / 1000).toFixed(1)} s`);
  const { database, session } = opened;
  try {
    // Same data on every run of the same scale and driver.
    await session.run(`select setseed(0.42); create schema bench_seed; create sequence bench_seed.ids;`);
    if (target.driver === 'postgres') await session.run(`set work_mem = '64MB'; set synchronous_commit = off;`);
    await seed(session);
  } finally {
    session.release();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
