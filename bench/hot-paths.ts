/**
 * Hot paths against their floor, side by side in one run: each endpoint through the real server
 * (HTTP, session cookie, full response) and the plain SQL statement that returns the same ids
 * for the same viewer, prepared, on the same data set (bench/seed.ts). Before measuring, it
 * checks that the API and the floor agree on the ids for every viewer it uses.
 *
 *   node --import tsx bench/hot-paths.ts                                   # PostgreSQL (database aurum_bench)
 *   node --import tsx bench/hot-paths.ts --data-dir /tmp/aurum-bench-pglite  # PGlite
 *   options: --duration 10 --warmup 3 (seconds) --viewers 200 --clients 1,32
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SESSION_COOKIE } from '../apps/server/src/auth/sessions.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { autocannon, type BenchServer, cpuSecondsByPid, postgresPids, startServer } from './server.js';
import { argument, BENCH_USER_AGENT, describeTarget, ms, percentile, type Target, targetFromArgs, VIEWER_TOKEN_PREFIX } from './target.js';

const DURATION_S = Number(argument('duration') ?? 10);
const WARMUP_S = Number(argument('warmup') ?? 3);
const VIEWERS = Number(argument('viewers') ?? 200);
const CLIENTS = (argument('clients') ?? '1,32').split(',').map(Number);
const PAGE = 20;

interface Viewer {
  userId: string;
  cookie: string;
}

/**
 * A hot path: how the API is asked for the n-th viewer, the ids its answer lists (in order),
 * and the floor: one statement whose parameters are the viewer id and the time.
 */
interface HotPath {
  name: string;
  apiPath: (viewer: Viewer) => string;
  apiIds: (body: unknown) => string[];
  floorSql: string;
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

const HOT_PATHS: HotPath[] = [
  {
    name: 'feed',
    apiPath: () => `/api/feed?limit=${PAGE}`,
    apiIds: (body) =>
      (body as { items: { id: string; sneakPeek: boolean }[] }).items.filter((item) => !item.sneakPeek).map((item) => item.id),
    floorSql: FEED_FLOOR,
  },
];

/** Runs the floor statement, prepared, on `clients` connections of its own. */
interface FloorRunner {
  ids(viewer: Viewer, now: Date): Promise<string[]>;
  run(clients: number, seconds: number, viewers: Viewer[], now: Date): Promise<Measured>;
  close(): Promise<void>;
}

interface Measured {
  perSecond: number;
  latencies: number[];
  /** CPU seconds per request: the serving side (server or the floor's driver), PostgreSQL. */
  cpuPerRequest: { serving: number; postgres: number };
  requests: number;
}

async function floorRunner(target: Target, path: HotPath): Promise<FloorRunner> {
  const statementName = `floor_${path.name}`;
  if (target.driver === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: Math.max(...CLIENTS), options: '-c jit=off' });
    const query = async (viewer: Viewer, now: Date) =>
      (await pool.query<{ id: string }>({ name: statementName, text: path.floorSql, values: [viewer.userId, now] })).rows.map(
        (row) => row.id,
      );
    return floorOver(query, () => pool.end());
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  const pglite = (database.db as unknown as { $client: PGlite }).$client;
  const query = async (viewer: Viewer, now: Date) =>
    (await pglite.query<{ id: string }>(path.floorSql, [viewer.userId, now])).rows.map((row) => row.id);
  return floorOver(query, () => database.close());
}

function floorOver(query: (viewer: Viewer, now: Date) => Promise<string[]>, close: () => Promise<void>): FloorRunner {
  return {
    ids: query,
    run: (clients, seconds, viewers, now) => closedLoop(clients, seconds, viewers, (viewer) => query(viewer, now)),
    close,
  };
}

/**
 * `clients` loops in this process each sending the next viewer's query as soon as the last
 * answered, for `seconds`; the serving CPU is this process's own.
 */
async function closedLoop(
  clients: number,
  seconds: number,
  viewers: Viewer[],
  send: (viewer: Viewer) => Promise<unknown>,
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
        const sent = performance.now();
        await send(viewer);
        latencies.push(performance.now() - sent);
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
    cpuPerRequest: { serving: serving / requests, postgres: postgres / requests },
  };
}

/** The API under autocannon with `clients` connections, each request as the next viewer. */
async function apiRun(server: BenchServer, path: HotPath, clients: number, seconds: number, viewers: Viewer[]): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const pids = () => [server.pid, ...postgresPids()];
  const before = cpuSecondsByPid(pids());
  const instance = autocannon({
    url: server.baseUrl,
    connections: clients,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const viewer = viewers[next++ % viewers.length] as Viewer;
          return { ...request, method: 'GET', path: path.apiPath(viewer), headers: { ...request.headers, cookie: viewer.cookie } };
        },
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    if (status !== 200) failures++;
    latencies.push(responseTimeMs);
  });
  const result = await instance;
  if (failures > 0 || result.errors > 0) throw new Error(`${path.name}: ${failures} non-200 answers and ${result.errors} errors`);
  let postgres = 0;
  let serverCpu = 0;
  for (const [pid, total] of cpuSecondsByPid(pids())) {
    const used = total - (before.get(pid) ?? 0);
    if (pid === server.pid) serverCpu = used;
    else postgres += used;
  }
  const requests = latencies.length;
  return {
    perSecond: requests / result.duration,
    latencies,
    requests,
    cpuPerRequest: { serving: serverCpu / requests, postgres: postgres / requests },
  };
}

async function benchViewers(target: Target): Promise<Viewer[]> {
  const database = await openDatabase(target.driver === 'postgres' ? { url: target.url } : { dataDir: target.dataDir });
  try {
    // Both drivers answer query(text, params) with { rows }.
    const client = (database.db as unknown as { $client: { query<R>(text: string, params: unknown[]): Promise<{ rows: R[] }> } }).$client;
    const { rows } = await client.query<{ id: string; user_id: string }>('select id, user_id from sessions where user_agent = $1', [
      BENCH_USER_AGENT,
    ]);
    const userBySession = new Map(rows.map((row) => [row.id, row.user_id]));
    const viewers: Viewer[] = [];
    for (let index = 1; index <= Math.min(VIEWERS, rows.length); index++) {
      const token = `${VIEWER_TOKEN_PREFIX}${index}`;
      const userId = userBySession.get(createHash('sha256').update(token).digest('hex'));
      if (userId) viewers.push({ userId, cookie: `${SESSION_COOKIE}=${token}` });
    }
    if (viewers.length === 0) throw new Error('no benchmark sessions: run bench/seed.ts first');
    return viewers;
  } finally {
    await database.close();
  }
}

interface Row {
  path: string;
  side: 'API' | 'floor';
  clients: number;
  measured: Measured;
}

async function main(): Promise<void> {
  const target = targetFromArgs();
  console.log(`Target: ${describeTarget(target)}; ${DURATION_S} s per run after ${WARMUP_S} s warm-up; clients ${CLIENTS.join(', ')}`);
  const viewers = await benchViewers(target);
  const rows: Row[] = [];
  const floorIds = new Map<string, Map<string, string[]>>();
  const now = new Date();

  // The floor first: PGlite's data directory can be open in one process only.
  for (const path of HOT_PATHS) {
    const floor = await floorRunner(target, path);
    try {
      const ids = new Map<string, string[]>();
      for (const viewer of viewers) ids.set(viewer.userId, await floor.ids(viewer, now));
      floorIds.set(path.name, ids);
      for (const clients of CLIENTS) {
        await floor.run(clients, WARMUP_S, viewers, now);
        rows.push({ path: path.name, side: 'floor', clients, measured: await floor.run(clients, DURATION_S, viewers, now) });
      }
    } finally {
      await floor.close();
    }
  }

  const server = await startServer(target);
  /** SQL statements per request: on each viewer's first request, and under load (sessions then come from memory). */
  const statementsPerRequest = new Map<string, { first: number; loaded: number }>();
  try {
    for (const path of HOT_PATHS) {
      const expected = floorIds.get(path.name) as Map<string, string[]>;
      const before = await server.statements();
      for (const viewer of viewers) {
        const response = await fetch(server.baseUrl + path.apiPath(viewer), { headers: { cookie: viewer.cookie } });
        if (response.status !== 200) throw new Error(`${path.name}: ${response.status} for viewer ${viewer.userId}`);
        const got = path.apiIds(await response.json());
        const want = expected.get(viewer.userId) ?? [];
        if (got.join() !== want.join())
          throw new Error(`${path.name}: the API and the floor disagree for viewer ${viewer.userId}:\n  API   ${got}\n  floor ${want}`);
      }
      const first = ((await server.statements()) - before) / viewers.length;
      console.log(`${path.name}: the API and the floor return the same ids for all ${viewers.length} viewers`);
      let loadedStatements = 0;
      let loadedRequests = 0;
      for (const clients of CLIENTS) {
        await apiRun(server, path, clients, WARMUP_S, viewers);
        const sentBefore = await server.statements();
        const measured = await apiRun(server, path, clients, DURATION_S, viewers);
        loadedStatements += (await server.statements()) - sentBefore;
        loadedRequests += measured.requests;
        rows.push({ path: path.name, side: 'API', clients, measured });
      }
      statementsPerRequest.set(path.name, { first, loaded: loadedStatements / loadedRequests });
    }
  } finally {
    await server.stop();
  }

  console.log(
    '\n| path | side | clients | requests/s | p50 ms | p99 ms | CPU ms per request: server (floor: driver) / PostgreSQL | API/floor throughput | API/floor p50 |',
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
    const postgresCpu = target.driver === 'postgres' ? (cpu.postgres * 1000).toFixed(2) : '(in process)';
    console.log(
      `| ${row.path} | ${row.side} | ${row.clients} | ${row.measured.perSecond.toFixed(0)} | ${ms(p50)} | ${ms(percentile(row.measured.latencies, 99))} | ${(cpu.serving * 1000).toFixed(2)} / ${postgresCpu} | ${ratios} |`,
    );
  }
  console.log('\n| path | SQL statements per API request: first of each viewer | under load |\n| --- | ---: | ---: |');
  for (const [name, count] of statementsPerRequest) console.log(`| ${name} | ${count.first.toFixed(2)} | ${count.loaded.toFixed(2)} |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
