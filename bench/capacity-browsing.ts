/**
 * Members browsing, for the capacity bench: home feeds, creators' profile pages and Explore, each
 * seeded viewer with their own session, sent in turn over `connections`, with where the CPU went
 * (the instances, PostgreSQL, HAProxy and this load generator) in cores.
 */
import { createHash } from 'node:crypto';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import type { Viewer } from './capacity-sockets.js';
import { cpuSecondsByPid, postgresPids, requestsInTurn } from './server.js';
import { BENCH_USER_AGENT, openTarget, percentile, targetFromArgs, VIEWER_TOKEN_PREFIX } from './target.js';

export interface Browsing {
  viewers: Viewer[];
  creators: string[];
}

/** The seeded viewers' sessions, and creators to open drawn from follows (popular ones as often as they are followed). */
export async function browsing(): Promise<Browsing> {
  const target = targetFromArgs();
  if (target.driver !== 'postgres') throw new Error('capacity is measured on PostgreSQL: several instances share it');
  const { database, session } = await openTarget(target);
  try {
    const sessions = await session.rows<{ id: string; user_id: string }>('select id, user_id from sessions where user_agent = $1', [
      BENCH_USER_AGENT,
    ]);
    const userOfSession = new Map(sessions.map((row) => [row.id, row.user_id]));
    const viewers: Viewer[] = [];
    for (let index = 1; ; index++) {
      const userId = userOfSession.get(createHash('sha256').update(`${VIEWER_TOKEN_PREFIX}${index}`).digest('hex'));
      if (!userId) break;
      viewers.push({ cookie: `${SESSION_COOKIE}=${VIEWER_TOKEN_PREFIX}${index}`, userId });
    }
    if (viewers.length === 0) throw new Error('no benchmark sessions: run bench/seed.ts first');
    await session.run('select setseed(0.42)');
    const creators = await session.rows<{ creator_id: string }>('select creator_id from follows order by random() limit 2000');
    return { viewers, creators: creators.map((row) => row.creator_id) };
  } finally {
    session.release();
    await database.close();
  }
}

/** Request n of the mix: half home feeds, a third profile pages, the rest Explore, each as one viewer. */
function requestOf(load: Browsing, n: number): { path: string; cookie: string } {
  const { cookie } = load.viewers[n % load.viewers.length] as Viewer;
  const kind = n % 6;
  if (kind < 3) return { path: '/api/feed', cookie };
  if (kind < 5) return { path: `/api/users/${load.creators[n % load.creators.length]}/profile-page`, cookie };
  return { path: '/api/creators', cookie };
}

export interface Run {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
  cores: { instances: number; postgres: number; haproxy: number; loadGenerator: number };
}

export async function measure(
  baseUrl: string,
  load: Browsing,
  timing: { connections: number; seconds: number; warmupSeconds: number },
  pids: { instances: number[]; haproxy: number | null },
): Promise<Run> {
  let next = 0;
  const run = (seconds: number) => {
    const started = requestsInTurn({
      url: baseUrl,
      connections: timing.connections,
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
  await run(timing.warmupSeconds).instance;
  const all = () => [...pids.instances, ...(pids.haproxy ? [pids.haproxy] : []), ...postgresPids()];
  const before = cpuSecondsByPid(all());
  const ownBefore = process.cpuUsage();
  const { instance, latencies } = run(timing.seconds);
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
