/**
 * The benchmark server and what measures it: the server as `main.ts` builds it (production
 * settings, silent logs, background jobs stopped) in a child process on loopback, so the load
 * generator does not share its event loop; the CPU each process used; autocannon's API.
 * The child counts the SQL statements it sends, and answers that count when asked.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createOutboxMailer } from '../apps/server/src/mail/mailer.js';
import { type ChildServer, listening } from './child-server.js';
import type { Target } from './target.js';

/** The subset of autocannon's programmatic API used here (it ships no types). */
export interface AutocannonRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}
export interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}
export interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, responseTimeMs: number) => void): void;
}
export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  /** `context` is per connection, kept across its requests (autocannon sends a connection's requests in order, then again). */
  requests: { setupRequest: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest }[];
}) => AutocannonInstance;
export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/**
 * An autocannon run whose n-th request (n counting from `first`) is `requestOf(n)`: each connection
 * takes the next request when it sends. Latencies and statuses are gathered as answers come.
 */
export function requestsInTurn(options: {
  url: string;
  connections: number;
  seconds: number;
  first?: number;
  requestOf: (n: number) => { method: string; path: string; headers: Record<string, string> };
}) {
  const first = options.first ?? 0;
  let next = first;
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        setupRequest: (request) => {
          const { method, path: requestPath, headers } = options.requestOf(next++);
          return { ...request, method, path: requestPath, headers: { ...request.headers, ...headers } };
        },
      },
    ],
  });
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  instance.on('response', (_client, status, _bytes, responseTimeMs) => {
    latencies.push(responseTimeMs);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  return { instance, latencies, statuses, sent: () => next - first };
}

/** The server as `main.ts` builds it, on loopback, in this (child) process; answers the port to the parent. */
async function serve(target: Target): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-bench-server-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: target.driver === 'postgres' ? target.url : undefined,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_PROVIDER: 'dev',
    VERIFICATION_PROVIDER: 'dev',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const logger = pino({ level: 'silent' });
  const database = await openDatabase(target.driver === 'postgres' ? { url: target.url } : { dataDir: target.dataDir });
  const mailer = createOutboxMailer(path.join(dataDir, 'outbox'), logger);
  const { app, context } = await buildApp({ config, database, mailer, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // No background jobs: the renewal sweep over the seeded subscriptions would otherwise run during the measurement.
  await context.jobs.stop();
  process.on('message', async (message) => {
    if (message === 'count') return process.send?.({ statements: statementsSent });
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

export interface BenchServer extends ChildServer {
  /** How many SQL statements the server has sent so far. */
  statements(): Promise<number>;
}

export function startServer(target: Target): Promise<BenchServer> {
  // BENCH_SERVER_CPU_PROF=<folder> writes a V8 CPU profile of the server there when it stops.
  const profile = process.env.BENCH_SERVER_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_SERVER_CPU_PROF] : [];
  const child = fork(fileURLToPath(import.meta.url), ['--serve', JSON.stringify(target)], { execArgv: ['--import', 'tsx', ...profile] });
  return listening(child, 'the benchmark server', () => child.send('stop')).then((server) => ({
    ...server,
    statements: () =>
      new Promise((answered) => {
        child.once('message', (reply) => answered((reply as { statements: number }).statements));
        child.send('count');
      }),
  }));
}

/** CPU seconds each process has used so far, from /proc (Linux; nothing elsewhere). */
export function cpuSecondsByPid(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      // utime and stime are fields 14 and 15; the command name before them may hold spaces, so count after its ')'.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
    } catch {}
  }
  return seconds;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** The PostgreSQL server's processes (postmaster, backends, workers) on this machine. */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

/** Where the CPU went during a run, in cores (CPU seconds per second of the run). */
export interface CpuShare {
  server: number;
  postgres: number;
  loadGenerator: number;
}

/** Runs `work` and reports the CPU of the server process, PostgreSQL's processes and this process meanwhile. */
export async function withCpu<T extends { seconds: number }>(serverPid: number, work: () => Promise<T>): Promise<T & { cpu: CpuShare }> {
  const pids = () => [serverPid, ...postgresPids()];
  const before = cpuSecondsByPid(pids());
  const ownBefore = process.cpuUsage();
  const result = await work();
  const own = process.cpuUsage(ownBefore);
  const used = (pid: number, total: number) => total - (before.get(pid) ?? 0);
  let postgres = 0;
  let server = 0;
  // Processes started during the run count in full; those that ended meanwhile are missed (short parallel workers).
  for (const [pid, total] of cpuSecondsByPid(pids())) {
    if (pid === serverPid) server = used(pid, total);
    else postgres += used(pid, total);
  }
  const perSecond = (seconds: number) => seconds / result.seconds;
  return {
    ...result,
    cpu: { server: perSecond(server), postgres: perSecond(postgres), loadGenerator: perSecond((own.user + own.system) / 1e6) },
  };
}

/**
 * Counts every statement the server sends through either driver (the benchmark's own
 * instrument, not the server's code): node-postgres queries, and on PGlite each Bind or simple
 * Query message, since its queries and the server's named statements all go through its wire protocol.
 */
let statementsSent = 0;
function countStatements(): void {
  const pgQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    statementsSent++;
    return pgQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const BIND = 0x42;
  const QUERY = 0x51;
  const execProtocolStream = PGlite.prototype.execProtocolStream;
  PGlite.prototype.execProtocolStream = function (this: PGlite, message, options) {
    if (message[0] === BIND || message[0] === QUERY) statementsSent++;
    return execProtocolStream.call(this, message, options);
  };
}

const serveArg = process.argv.indexOf('--serve');
if (serveArg >= 0) {
  countStatements();
  serve(JSON.parse(process.argv[serveArg + 1] ?? '{}') as Target).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
