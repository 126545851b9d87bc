/**
 * What the product serves past one instance, on the seeded bench database:
 * - browsing: members reading home feeds, creators' profile pages and Explore, each viewer with
 *   their own session, through one compiled instance alone, then HAProxy in front of one and of
 *   three (sharing Redis), at the same connections; each row says where the CPU went: the
 *   instances, PostgreSQL, HAProxy and this load generator, in cores;
 * - sockets: members' open apps, each a realtime socket following its own channel, held by one
 *   instance, then by three behind HAProxy;
 * - uploads: files in flight, many slow senders at once, then a few fast ones: one instance with
 *   media on its disk, then one and three (behind HAProxy) with media in S3 (s3rver).
 *
 *   node --import tsx bench/seed.ts && npm run build -w @aurum/server
 *   node --import tsx bench/capacity.ts [--only browsing,sockets,uploads] [--connections 32] [--duration 20] [--warmup 5]
 *     [--sockets 6000] [--slow-uploads 300]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHaproxy } from '../apps/server/test/haproxy.js';
import { browsing, measure, type Run } from './capacity-browsing.js';
import { startCapacityFloor } from './capacity-floor.js';
import { holdSockets, type SocketsRun } from './capacity-sockets.js';
import { fastUploads, slowUploads, type UploadTarget } from './capacity-uploads.js';
import { freePort, type RunningServer, startCompiledServer } from './compiled-server.js';
import { STAND_IN_BUCKET, startS3StandIn } from './s3-stand-in.js';
import { argument, ms, targetFromArgs } from './target.js';

const CONNECTIONS = Number(argument('connections') ?? 32);
const DURATION_S = Number(argument('duration') ?? 20);
const WARMUP_S = Number(argument('warmup') ?? 5);
const SOCKETS = Number(argument('sockets') ?? 6000);
const SLOW_UPLOADS = Number(argument('slow-uploads') ?? 300);
const SECTIONS = new Set((argument('only') ?? 'browsing,sockets,uploads').split(','));
const timing = { connections: CONNECTIONS, seconds: DURATION_S, warmupSeconds: WARMUP_S };

const print = (heading: string, header: string[], rows: string[]) => {
  if (rows.length === 0) return;
  console.log(`\n${heading}\n`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(
    `| --- | ${header
      .slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  for (const line of rows) console.log(line);
};
const cells = (...values: (string | number)[]) => `| ${values.join(' | ')} |`;

async function main(): Promise<void> {
  const target = targetFromArgs();
  if (target.driver !== 'postgres') throw new Error('run on PostgreSQL');
  const load = await browsing();
  const folder = await mkdtemp(path.join(tmpdir(), 'aurum-capacity-'));
  const balancerPort = await freePort();
  // Members reach the instances through the balancer's address, which is the product's public one.
  const publicUrl = `http://127.0.0.1:${balancerPort}`;
  const shared = {
    DATABASE_URL: target.url,
    PUBLIC_URL: publicUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `aurum-capacity-${randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
  };
  const browsingRows: string[] = [];
  const browsingRow = (label: string, run: Run) =>
    browsingRows.push(
      cells(
        label,
        run.requestsPerSecond.toFixed(0),
        ms(run.p50),
        ms(run.p99),
        run.failed,
        run.cores.instances.toFixed(2),
        run.cores.postgres.toFixed(2),
        run.cores.haproxy.toFixed(2),
        run.cores.loadGenerator.toFixed(2),
      ),
    );
  const socketsOf = (baseUrl: string) => ({ baseUrl, origin: publicUrl, viewers: load.viewers, count: SOCKETS, idleSeconds: 35 });
  const socketRows: string[] = [];
  const socketRow = (label: string, run: SocketsRun) =>
    socketRows.push(
      cells(
        label,
        run.sockets,
        run.openedPerSecond.toFixed(0),
        run.instanceMiBPer1000.toFixed(1),
        run.haproxyMiBPer1000.toFixed(1),
        run.idleCores.toFixed(3),
        run.stillOpen,
      ),
    );
  const uploadRows: string[] = [];
  const measureUploads = async (label: string, target: UploadTarget) => {
    const slow = await slowUploads(target, { count: SLOW_UPLOADS, fileBytes: 4 * 2 ** 20, pieceBytes: 32 * 1024 });
    uploadRows.push(
      cells(
        label,
        `${slow.inFlight} at once, ${slow.fileMiB.toFixed(0)} MiB each at 320 KiB/s`,
        [slow.finished, slow.failures].filter(Boolean).join('; '),
        ((slow.inFlight * slow.fileMiB) / slow.seconds).toFixed(1),
        '',
        slow.cores.toFixed(2),
        slow.storeCores.toFixed(2),
        slow.loadGeneratorCores.toFixed(2),
        `${slow.rssMiBPer100.toFixed(1)} MiB, ${slow.openFilesPer100.toFixed(0)} files`,
      ),
    );
    const fast = await fastUploads(target, { concurrent: 16, seconds: DURATION_S });
    uploadRows.push(
      cells(
        label,
        `${fast.concurrent} at once, 5 MiB each at full speed`,
        [`${fast.finished} of ${fast.chunks}`, fast.failures].filter(Boolean).join('; '),
        fast.mibPerSecond.toFixed(1),
        `${ms(fast.chunkP50)} / ${ms(fast.chunkP99)}`,
        fast.cores.toFixed(2),
        fast.storeCores.toFixed(2),
        fast.loadGeneratorCores.toFixed(2),
        `peak ${fast.peakRssMiB.toFixed(0)} MiB resident`,
      ),
    );
  };
  // Several instances take uploads only with their media in a shared bucket: the instances measured
  // one and three at a time keep theirs in the S3 stand-in when uploads are measured.
  const store = SECTIONS.has('uploads') ? await startS3StandIn() : null;
  const clusterEnv = store
    ? {
        ...shared,
        S3_BUCKET: STAND_IN_BUCKET,
        S3_ENDPOINT: store.baseUrl,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      }
    : shared;
  const uploadTarget = (baseUrl: string, pids: number[], storePid?: number): UploadTarget => ({
    baseUrl,
    origin: publicUrl,
    pids,
    ...(storePid ? { storePid } : {}),
    viewers: load.viewers,
  });
  try {
    if (SECTIONS.has('sockets') || SECTIONS.has('uploads')) {
      const floor = await startCapacityFloor();
      try {
        const floorPids = { instances: [floor.pid], haproxy: null };
        if (SECTIONS.has('sockets'))
          socketRow('floor: a bare ws server', await holdSockets({ ...socketsOf(floor.baseUrl), pids: floorPids }));
        if (SECTIONS.has('uploads')) await measureUploads('floor: a bare server writing files', uploadTarget(floor.baseUrl, [floor.pid]));
      } finally {
        await floor.stop();
      }
    }
    if (SECTIONS.has('uploads')) {
      const alone = await startCompiledServer({ dataDir: await mkdtemp(path.join(folder, 'instance-')), env: shared });
      try {
        await measureUploads('one instance, media on its disk', uploadTarget(alone.baseUrl, [alone.pid]));
      } finally {
        await alone.stop();
      }
    }
    for (const count of [1, 3]) {
      const instances: RunningServer[] = [];
      for (let index = 0; index < count; index++) {
        instances.push(await startCompiledServer({ dataDir: await mkdtemp(path.join(folder, 'instance-')), env: clusterEnv }));
      }
      const ports = instances.map((instance) => Number(new URL(instance.baseUrl).port));
      const balancer = await startHaproxy(balancerPort, ports, folder, { maxconn: SOCKETS + 1000 });
      const [first] = instances;
      if (!first) throw new Error('no instance');
      try {
        const pids = instances.map((instance) => instance.pid);
        const setup = count === 1 ? 'HAProxy, one instance' : 'HAProxy, three instances';
        // Sockets first, on fresh instances: their memory is read as the growth of the instances' resident size.
        if (SECTIONS.has('sockets')) {
          const through =
            count === 1
              ? { label: 'one instance, no balancer', baseUrl: first.baseUrl, haproxy: null }
              : { label: setup, baseUrl: balancer.baseUrl, haproxy: balancer.child.pid ?? null };
          socketRow(
            through.label,
            await holdSockets({ ...socketsOf(through.baseUrl), pids: { instances: pids, haproxy: through.haproxy } }),
          );
        }
        if (SECTIONS.has('browsing')) {
          if (count === 1)
            browsingRow('one instance, no balancer', await measure(first.baseUrl, load, timing, { instances: pids, haproxy: null }));
          browsingRow(setup, await measure(balancer.baseUrl, load, timing, { instances: pids, haproxy: balancer.child.pid ?? null }));
        }
        if (store) {
          await measureUploads(
            count === 1 ? 'one instance, media in S3' : 'HAProxy, three instances, media in S3',
            uploadTarget(count === 1 ? first.baseUrl : balancer.baseUrl, pids, store.pid),
          );
        }
      } finally {
        balancer.child.kill('SIGKILL');
        await Promise.all(instances.map((instance) => instance.stop()));
      }
    }
  } finally {
    await store?.stop();
    await rm(folder, { recursive: true, force: true });
  }
  print(
    `Browsing: ${load.viewers.length} viewers, ${CONNECTIONS} connections, ${DURATION_S} s measured after ${WARMUP_S} s of warm-up; CPU in cores`,
    ['setup', 'requests/s', 'p50 ms', 'p99 ms', 'failed', 'instances', 'PostgreSQL', 'HAProxy', 'load generator'],
    browsingRows,
  );
  print(
    'Sockets: each a viewer’s app following its own channel, then idle 35 s (one heartbeat); memory is resident growth',
    ['setup', 'sockets', 'opened/s', 'instances MiB per 1,000', 'HAProxy MiB per 1,000', 'idle CPU cores', 'open after idle'],
    socketRows,
  );
  print(
    'Uploads in flight (tus, one request per file); memory and open files are the servers’ together',
    [
      'server',
      'uploads',
      'finished',
      'MiB/s in',
      'p50 / p99 ms per file',
      'server cores',
      'S3 stand-in cores',
      'load generator cores',
      'server cost per 100 in flight',
    ],
    uploadRows,
  );
}

await main();
