import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import { type CapturedQuery, instrumentedServices, queryLabel } from './capture.js';
import { type CpuShare, requestsInTurn, startServer, withCpu } from './server.js';
import {
  argument,
  BENCH_USER_AGENT,
  describeTarget,
  ms,
  openTarget,
  percentile,
  type SqlSession,
  type Target,
  targetFromArgs,
  timed,
  VIEWER_TOKEN_PREFIX,
} from './target.js';

const CONNECTIONS = Number(argument('connections') ?? 20);
const DURATION_S = Number(argument('duration') ?? 10);
const WARMUP_S = Number(argument('warmup') ?? 3);
/** Viewers whose feed is timed without HTTP, and how often each (fewer rounds when a round takes over TIMED_BUDGET_MS). */
const TIMED_VIEWERS = 50;
const TIMED_ROUNDS = 4;
const TIMED_BUDGET_MS = 30_000;

interface Viewer {
  userId: string;
  cookie: string;
}

interface Workload {
  viewers: Viewer[];
  /** Profiles to open: creators drawn from follows, so popular ones come up as often as they are followed. */
  creators: string[];
  /** Who likes what: recent public posts, newer ones more often. */
  likes: { viewer: Viewer; postId: string }[];
}

/** A small deterministic PRNG (mulberry32), so every run asks for the same things. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function pickWorkload(sql: SqlSession): Promise<Workload> {
  const sessions = await sql.rows<{ id: string; user_id: string }>('select id, user_id from sessions where user_agent = $1', [
    BENCH_USER_AGENT,
  ]);
  const userBySession = new Map(sessions.map((row) => [row.id, row.user_id]));
  const viewers: Viewer[] = [];
  for (let index = 1; index <= sessions.length; index++) {
    const token = `${VIEWER_TOKEN_PREFIX}${index}`;
    const userId = userBySession.get(createHash('sha256').update(token).digest('hex'));
    if (!userId) throw new Error(`no session for benchmark viewer ${index}: run bench/seed.ts first`);
    viewers.push({ userId, cookie: `${SESSION_COOKIE}=${token}` });
  }
  if (viewers.length === 0) throw new Error('no benchmark sessions: run bench/seed.ts first');
  await sql.run('select setseed(0.42)');
  const creators = await sql.rows<{ creator_id: string }>('select creator_id from follows order by random() limit 2000');
  const recent = await sql.rows<{ id: string }>(
    `select id from posts where 'public' = any(access) and deleted_at is null and publish_at <= now() order by publish_at desc limit 2000`,
  );
  const random = seededRandom(42);
  const likes = Array.from({ length: 100_000 }, (_, index) => ({
    viewer: viewers[index % viewers.length] as Viewer,
    postId: (recent[Math.floor(random() ** 2 * recent.length)] as { id: string }).id,
  }));
  return { viewers, creators: creators.map((row) => row.creator_id), likes };
}

interface Timing {
  name: string;
  runs: number[];
}

/**
 * Calls `run` on each item, TIMED_ROUNDS times over, but stops once TIMED_BUDGET_MS has passed
 * (after at least 10 calls): without the index a feed query takes seconds.
 */
async function repeat<T>(items: readonly T[], rounds: number, run: (item: T) => Promise<void>): Promise<void> {
  const started = performance.now();
  let calls = 0;
  for (let round = 0; round < rounds; round++) {
    for (const item of items) {
      if (calls >= 10 && performance.now() - started > TIMED_BUDGET_MS) return;
      await run(item);
      calls++;
    }
  }
}

/** The feed without HTTP: the service call, then each statement it sends, run alone on one connection. */
async function timeFeedWithoutHttp(target: Target, workload: Workload): Promise<Timing[]> {
  const { database, session } = await openTarget(target);
  try {
    const services = instrumentedServices(database);
    const page = (viewer: Viewer) => services.feed.page(viewer.userId, { limit: 20 });
    const pages: CapturedQuery[][] = [];
    await repeat(workload.viewers.slice(0, TIMED_VIEWERS), 1, async (viewer) => {
      pages.push((await services.capture(() => page(viewer))).queries);
    });
    const service: Timing = { name: 'FeedService.page (all statements + mapping, no HTTP)', runs: [] };
    await repeat(workload.viewers.slice(0, pages.length), TIMED_ROUNDS, async (viewer) => {
      service.runs.push((await timed(() => page(viewer))).ms);
    });
    // A page reads posts twice (its own, then sneak-peek candidates), each followed by media, offers and likes.
    const byLabel = new Map<string, number[]>();
    await repeat(pages, TIMED_ROUNDS, async (queries) => {
      let postsQueries = 0;
      for (const query of queries) {
        const label = queryLabel(query.sql);
        if (label === 'posts') postsQueries++;
        const name =
          label === 'posts'
            ? postsQueries === 1
              ? 'feed posts query'
              : 'sneak-peek candidates query'
            : `${label}${postsQueries > 1 ? ' (peeks)' : ''}`;
        const { ms: elapsed } = await timed(() => session.rows(query.sql, query.params));
        byLabel.set(name, [...(byLabel.get(name) ?? []), elapsed]);
      }
    });
    return [service, ...[...byLabel].map(([name, runs]) => ({ name: `${name} (plain SQL)`, runs }))];
  } finally {
    session.release();
    await database.close();
  }
}

interface Endpoint {
  name: string;
  method: 'GET' | 'PUT' | 'DELETE';
  /** The path and the viewer of the n-th request. */
  request: (n: number) => { path: string; viewer: Viewer };
}

function endpoints(workload: Workload): Endpoint[] {
  const { viewers, creators, likes } = workload;
  const viewer = (n: number) => viewers[n % viewers.length] as Viewer;
  const creator = (n: number) => creators[n % creators.length] as string;
  const like = (n: number) => likes[n % likes.length] as Workload['likes'][number];
  return [
    { name: 'GET /api/feed', method: 'GET', request: (n) => ({ path: '/api/feed', viewer: viewer(n) }) },
    {
      name: 'GET /api/users/:id/profile-page',
      method: 'GET',
      request: (n) => ({ path: `/api/users/${creator(n)}/profile-page`, viewer: viewer(n) }),
    },
    { name: 'GET /api/users/:id/posts', method: 'GET', request: (n) => ({ path: `/api/users/${creator(n)}/posts`, viewer: viewer(n) }) },
    // Likes then unlikes the same (viewer, post) pairs, in the same order.
    {
      name: 'PUT /api/posts/:id/like',
      method: 'PUT',
      request: (n) => ({ path: `/api/posts/${like(n).postId}/like`, viewer: like(n).viewer }),
    },
    {
      name: 'DELETE /api/posts/:id/like',
      method: 'DELETE',
      request: (n) => ({ path: `/api/posts/${like(n).postId}/like`, viewer: like(n).viewer }),
    },
  ];
}

/**
 * Waits until the server has answered what autocannon left in flight: one more request queues
 * behind them for a database connection, so its answer means the backlog is gone.
 */
async function drain(baseUrl: string, endpoint: Endpoint): Promise<void> {
  const { path: requestPath, viewer } = endpoint.request(0);
  const response = await fetch(baseUrl + requestPath, { method: endpoint.method, headers: { cookie: viewer.cookie, origin: baseUrl } });
  await response.arrayBuffer();
}

interface LoadResult {
  name: string;
  seconds: number;
  requestsPerSecond: number;
  latencies: number[];
  errors: number;
  non2xx: number;
  statuses: Map<number, number>;
}

/** One autocannon run; `first` is the index of its first request, so a measured run continues after its warm-up. */
async function load(baseUrl: string, endpoint: Endpoint, seconds: number, first: number): Promise<LoadResult & { sent: number }> {
  const run = requestsInTurn({
    url: baseUrl,
    connections: CONNECTIONS,
    seconds,
    first,
    requestOf: (n) => {
      const { path: requestPath, viewer } = endpoint.request(n);
      // Writes carry the site's Origin, as the browser sends it (the CSRF check wants it).
      return { method: endpoint.method, path: requestPath, headers: { cookie: viewer.cookie, origin: baseUrl } };
    },
  });
  const result = await run.instance;
  return {
    name: endpoint.name,
    seconds: result.duration,
    requestsPerSecond: run.latencies.length / result.duration,
    latencies: run.latencies,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: run.statuses,
    sent: run.sent(),
  };
}

async function counts(target: Target): Promise<string> {
  const { database, session } = await openTarget(target);
  try {
    const tables = ['users', 'posts', 'media', 'likes', 'follows', 'subscriptions', 'seen_records', 'sessions'];
    const parts: string[] = [];
    for (const table of tables) {
      const [row] = await session.rows<{ count: number }>(`select count(*)::int as count from ${table}`);
      parts.push(`${table} ${(row?.count ?? 0).toLocaleString('en-US')}`);
    }
    return parts.join(', ');
  } finally {
    session.release();
    await database.close();
  }
}

/** Takes back the likes the load run left (the PUT run can send more requests than the DELETE run). */
async function removeBenchLikes(target: Target, since: Date): Promise<number> {
  const { database, session } = await openTarget(target);
  try {
    return (await session.rows('delete from likes where created_at >= $1 returning post_id', [since])).length;
  } finally {
    session.release();
    await database.close();
  }
}

const cores = (cpu: CpuShare) => [cpu.server, cpu.postgres, cpu.loadGenerator].map((share) => share.toFixed(2)).join(' / ');

async function main(): Promise<void> {
  const target = targetFromArgs();
  console.log(`Target: ${describeTarget(target)}`);
  console.log(`Data: ${await counts(target)}`);
  const { database, session } = await openTarget(target);
  const workload = await pickWorkload(session).finally(async () => {
    session.release();
    await database.close();
  });
  console.log(
    `Workload: ${workload.viewers.length} viewers, ${new Set(workload.creators).size} creators' profiles, recent public posts to like`,
  );

  console.log('\nTiming the feed without HTTP...');
  const feedTimings = await timeFeedWithoutHttp(target, workload);

  console.log(`Load: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s per endpoint`);
  const loadStarted = new Date();
  const server = await startServer(target);
  const results: (LoadResult & { cpu: CpuShare })[] = [];
  try {
    // The unlike run works through the pairs the like runs (warm-up included) liked, in the same order.
    let likeOffset = 0;
    for (const endpoint of endpoints(workload)) {
      const first = endpoint.method === 'DELETE' ? 0 : likeOffset;
      const warm = await load(server.baseUrl, endpoint, WARMUP_S, first);
      const measured = await withCpu(server.pid, () => load(server.baseUrl, endpoint, DURATION_S, first + warm.sent));
      await drain(server.baseUrl, endpoint);
      if (endpoint.method === 'PUT') likeOffset = first + warm.sent + measured.sent;
      results.push(measured);
      console.log(`${endpoint.name}: ${measured.requestsPerSecond.toFixed(0)} requests/s`);
    }
  } finally {
    await server.stop();
  }
  const leftover = await removeBenchLikes(target, loadStarted);

  console.log(`\n| endpoint | requests/s | p50 ms | p95 ms | p99 ms | errors / non-2xx | CPU cores: server / PostgreSQL / autocannon |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    const statuses = r.non2xx > 0 ? ` (${[...r.statuses].map(([status, n]) => `${status}: ${n}`).join(', ')})` : '';
    // '-': no request was answered during the run (autocannon gives up on a request after 10 s).
    const [p50, p95, p99] = [50, 95, 99].map((p) => (r.latencies.length > 0 ? ms(percentile(r.latencies, p)) : '-'));
    console.log(
      `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${p50} | ${p95} | ${p99} | ${r.errors} / ${r.non2xx}${statuses} | ${cores(r.cpu)} |`,
    );
  }
  console.log(`\n| feed without HTTP | runs | p50 ms | p95 ms | p99 ms |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const t of feedTimings) {
    const [p50, p95, p99] = [50, 95, 99].map((p) => ms(percentile(t.runs, p)));
    console.log(`| ${t.name} | ${t.runs.length} | ${p50} | ${p95} | ${p99} |`);
  }
  if (leftover > 0) console.log(`\n(${leftover} likes made by the like run and not taken back by the unlike run were removed.)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
