/**
 * What the product serves past one instance: members browsing (home feeds, creators' profile
 * pages and Explore, each viewer with their own session) on the seeded bench database, through
 * one compiled instance alone, then HAProxy in front of one and of three (sharing Redis), at the
 * same connections. Each row says where the CPU went: the instances, PostgreSQL, HAProxy and
 * this load generator, in cores.
 *
 *   node --import tsx bench/seed.ts && npm run build -w @aurum/server
 *   node --import tsx bench/capacity.ts [--connections 32] [--duration 20] [--warmup 5]
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import { startHaproxy } from '../apps/server/test/haproxy.js';
import { freePort, type RunningServer, startCompiledServer } from './compiled-server.js';
import { cpuSecondsByPid, postgresPids, requestsInTurn } from './server.js';
import { argument, BENCH_USER_AGENT, ms, openTarget, percentile, targetFromArgs, VIEWER_TOKEN_PREFIX } from './target.js';

const CONNECTIONS = Number(argument('connections') ?? 32);
const DURATION_S = Number(argument('duration') ?? 20);
const WARMUP_S = Number(argument('warmup') ?? 5);

interface Browsing {
  cookies: string[];
  creators: string[];
}

/** The seeded viewers' sessions, and creators to open drawn from follows (popular ones as often as they are followed). */
async function browsing(): Promise<Browsing> {
  const target = targetFromArgs();
  if (target.driver !== 'postgres') throw new Error('capacity is measured on PostgreSQL: several instances share it');
  const { database, session } = await openTarget(target);
  try {
    const sessions = await session.rows<{ id: string }>('select id from sessions where user_agent = $1', [BENCH_USER_AGENT]);
    const known = new Set(sessions.map((row) => row.id));
    const cookies: string[] = [];
    for (let index = 1; known.has(createHash('sha256').update(`${VIEWER_TOKEN_PREFIX}${index}`).digest('hex')); index++) {
      cookies.push(`${SESSION_COOKIE}=${VIEWER_TOKEN_PREFIX}${index}`);
    }
    if (cookies.length === 0) throw new Error('no benchmark sessions: run bench/seed.ts first');
    await session.run('select setseed(0.42)');
    const creators = await session.rows<{ creator_id: string }>('select creator_id from follows order by random() limit 2000');
    return { cookies, creators: creators.map((row) => row.creator_id) };
  } finally {
    session.release();
    await database.close();
  }
}

/** Request n of the mix: half home feeds, a third profile pages, the rest Explore, each as one viewer. */
function requestOf(load: Browsing, n: number): { path: string; cookie: string } {
  const cookie = load.cookies[n % load.cookies.length] as string;
  const kind = n % 6;
  if (kind < 3) return { path: '/api/feed', cookie };
  if (kind < 5) return { path: `/api/users/${load.creators[n % load.creators.length]}/profile-page`, cookie };
  return { path: '/api/creators', cookie };
}

interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  cores: { instances: number; postgres: number; haproxy: number; loadGenerator: number };
}

async function measure(baseUrl: string, load: Browsing, pids: { instances: number[]; haproxy: number | null }): Promise<Run> {
  let next = 0;
  const run = (seconds: number) => {
    const started = requestsInTurn({
      url: baseUrl,
      connections: CONNECTIONS,
      seconds,
      first: next,
      requestOf: (n) => {
        const { path: requestPath, cookie } = requestOf(load, n);
        return { method: 'GET', path: requestPath, headers: { cookie } };
      },
    });
    return {
      instance: started.instance.then((result) => {
        next += started.sent();
        return result;
      }),
      latencies: started.latencies,
    };
  };
  await run(WARMUP_S).instance;
  const all = () => [...pids.instances, ...(pids.haproxy ? [pids.haproxy] : []), ...postgresPids()];
  const before = cpuSecondsByPid(all());
  const ownBefore = process.cpuUsage();
  const { instance, latencies } = run(DURATION_S);
  const result = await instance;
  const own = process.cpuUsage(ownBefore);
  const after = cpuSecondsByPid(all());
  const used = (pid: number) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  const cores = (seconds: number) => seconds / result.duration;
  const instances = pids.instances.reduce((sum, pid) => sum + used(pid), 0);
  const haproxy = pids.haproxy ? used(pids.haproxy) : 0;
  const postgres = [...after.keys()]
    .filter((pid) => !pids.instances.includes(pid) && pid !== pids.haproxy)
    .reduce((sum, pid) => sum + used(pid), 0);
  return {
    requestsPerSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed: result.errors + result.timeouts + result.non2xx,
    cores: {
      instances: cores(instances),
      postgres: cores(postgres),
      haproxy: cores(haproxy),
      loadGenerator: cores((own.user + own.system) / 1e6),
    },
  };
}

async function startBalancer(instances: readonly RunningServer[], folder: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const ports = instances.map((instance) => Number(new URL(instance.baseUrl).port));
  return startHaproxy(await freePort(), ports, folder);
}

async function main(): Promise<void> {
  const target = targetFromArgs();
  if (target.driver !== 'postgres') throw new Error('run on PostgreSQL');
  const load = await browsing();
  const folder = await mkdtemp(path.join(tmpdir(), 'aurum-capacity-'));
  const shared = {
    DATABASE_URL: target.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `aurum-capacity-${randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  const rows: string[] = [];
  const row = (label: string, run: Run) =>
    rows.push(
      `| ${label} | ${run.requestsPerSecond.toFixed(0)} | ${ms(run.p50)} | ${ms(run.p99)} | ${run.failed} | ${run.cores.instances.toFixed(2)} | ${run.cores.postgres.toFixed(2)} | ${run.cores.haproxy.toFixed(2)} | ${run.cores.loadGenerator.toFixed(2)} |`,
    );
  try {
    for (const count of [1, 3]) {
      const instances: RunningServer[] = [];
      for (let index = 0; index < count; index++) {
        instances.push(await startCompiledServer({ dataDir: await mkdtemp(path.join(folder, 'instance-')), env: shared }));
      }
      const balancer = await startBalancer(instances, folder);
      try {
        const pids = instances.map((instance) => instance.pid);
        if (count === 1)
          row('one instance, no balancer', await measure(instances[0]?.baseUrl ?? '', load, { instances: pids, haproxy: null }));
        row(
          `HAProxy, ${count === 1 ? 'one instance' : 'three instances'}`,
          await measure(balancer.baseUrl, load, { instances: pids, haproxy: balancer.child.pid ?? null }),
        );
      } finally {
        balancer.child.kill('SIGKILL');
        await Promise.all(instances.map((instance) => instance.stop()));
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  console.log(
    `\n${load.cookies.length} viewers, ${CONNECTIONS} connections, ${DURATION_S} s measured after ${WARMUP_S} s of warm-up; CPU in cores\n`,
  );
  console.log('| setup | requests/s | p50 ms | p99 ms | failed | instances | PostgreSQL | HAProxy | load generator |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const line of rows) console.log(line);
}

await main();
