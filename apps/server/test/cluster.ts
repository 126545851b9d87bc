import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generateId } from '@aurum/core';
import S3rver from 's3rver';
import { HAPROXY, startHaproxy } from './haproxy.js';
import { type ReplicatedPostgres, startReplicatedPostgres } from './replicated-postgres.js';
import { freePort, type ServerProcess, startServerProcess } from './server-process.js';
import { SmtpCapture } from './smtp-capture.js';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const BUCKET = 'aurum-cluster';

export interface Cluster {
  /** The load balancer's address: what members use. */
  baseUrl: string;
  smtp: SmtpCapture;
  instances: ServerProcess[];
  database: ReplicatedPostgres;
  /** Starts instance `index` again on its port (after it was stopped or killed). */
  restart(index: number): Promise<ServerProcess>;
  stop(): Promise<void>;
}

/**
 * Three compiled server instances (`dist/main.js`, as production runs) behind HAProxy, sharing a
 * PostgreSQL primary and its streaming replica, Redis and an S3 bucket (s3rver), each with its
 * own data folder; mail goes to one SMTP capture.
 */
export async function startCluster(options: { instances?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  if (!HAPROXY) throw new Error('HAProxy is not installed');
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR });
  const base = await mkdtemp(path.join(tmpdir(), 'aurum-cluster-'));
  const smtp = new SmtpCapture();
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(base, 's3'),
    configureBuckets: [{ name: BUCKET }],
  });
  const [smtpUrl, { port: s3Port }, database] = await Promise.all([smtp.start(), s3.run(), startReplicatedPostgres()]);
  const lbPort = await freePort();
  const baseUrl = `http://127.0.0.1:${lbPort}`;
  const count = options.instances ?? 3;
  const ports: number[] = [];
  for (let index = 0; index < count; index++) ports.push(await freePort());
  const shared = {
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    TRUST_PROXY: '1',
    DATABASE_URL: database.primaryUrl,
    DATABASE_REPLICA_URLS: database.replicaUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `aurum-cluster-${generateId()}:`,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    SMTP_URL: smtpUrl,
    SHUTDOWN_DRAIN_SECONDS: '1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const start = (index: number) =>
    startServerProcess({ ...shared, DATA_DIR: path.join(base, `instance-${index}`) }, { entry: 'dist/main.js', port: ports[index] });
  // The first migrates the database; the others start on it.
  const instances = [await start(0)];
  instances.push(...(await Promise.all(ports.slice(1).map((_port, index) => start(index + 1)))));
  const balancer = (await startHaproxy(lbPort, ports, base)).child;

  const cluster: Cluster = {
    baseUrl,
    smtp,
    instances,
    database,
    restart: async (index) => {
      const restarted = await start(index);
      instances[index] = restarted;
      return restarted;
    },
    stop: async () => {
      balancer.kill('SIGKILL');
      for (const instance of instances) instance.child.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.exited));
      await Promise.all([smtp.stop(), s3.close(), database.stop()]);
      await rm(base, { recursive: true, force: true });
    },
  };
  return cluster;
}
