import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import type { Database } from '../db/database.js';
import { jobs } from '../db/schema.js';
import { JobQueue, type JobQueueOptions, laneConcurrencyFor, PermanentJobError } from './queue.js';

let server: TestServer;
let db: Database;
beforeAll(async () => {
  server = await startTestServer();
  db = server.context.database.db;
});
afterAll(async () => {
  await server?.close();
});

/** The workers' clock: tests move it to make retries due and leases run out. */
let clockOffsetMs = 0;
const now = () => new Date(Date.now() + clockOffsetMs);
const queues: JobQueue[] = [];
const newWorker = (options: Partial<JobQueueOptions> = {}) => {
  const queue = new JobQueue({ db, now, logger: pino({ level: 'silent' }), pollMs: 20, backoffBaseMs: 60_000, ...options });
  queues.push(queue);
  return queue;
};
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

let typeCounter = 0;
/** Each test uses its own job type, so workers of other tests never see its jobs. */
const uniqueType = (name: string) => `test.${name}.${++typeCounter}`;
const jobRow = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0];
const waitForJob = (id: string, expected: Record<string, unknown>) =>
  vi.waitFor(async () => expect(await jobRow(id)).toMatchObject(expected), { timeout: 10_000, interval: 20 });

describe(`durable jobs (${TEST_DRIVER})`, () => {
  it('retries a failing job with growing delays until it succeeds', async () => {
    const type = uniqueType('retry');
    const seen: number[] = [];
    const worker = newWorker();
    worker.register(type, {
      payload: z.object({ n: z.number() }),
      run: async ({ n }, job) => {
        seen.push(n);
        if (job.attempt < 3) throw new Error(`failure ${job.attempt}`);
      },
    });
    worker.start();
    const enqueuedAt = now().getTime();
    const id = await worker.enqueue(type, { n: 7 });

    const first = await waitForJob(id, { status: 'queued', attempts: 1, lastError: 'failure 1' }).then(() => jobRow(id));
    const observedAt = now().getTime();
    // The first retry waits the base delay (plus at most 10% jitter) from the moment it failed.
    expect((first?.runAt.getTime() ?? 0) - enqueuedAt).toBeGreaterThanOrEqual(60_000);
    expect((first?.runAt.getTime() ?? 0) - observedAt).toBeLessThanOrEqual(66_000);

    // Not due yet: nothing happens until the clock passes the retry time.
    await sleep(100);
    expect(await jobRow(id)).toMatchObject({ attempts: 1, status: 'queued' });

    clockOffsetMs += 70_000;
    const dueAt = now().getTime();
    const second = await waitForJob(id, { status: 'queued', attempts: 2, lastError: 'failure 2' }).then(() => jobRow(id));
    // The second retry waits twice as long.
    expect((second?.runAt.getTime() ?? 0) - dueAt).toBeGreaterThanOrEqual(120_000);

    clockOffsetMs += 140_000;
    await waitForJob(id, { status: 'done', attempts: 3, lastError: null, lockedUntil: null });
    expect((await jobRow(id))?.finishedAt).toBeInstanceOf(Date);
    expect(seen).toEqual([7, 7, 7]);
  });

  it('fails a job for good after its last attempt and reports it once', async () => {
    const type = uniqueType('doomed');
    const failures: string[] = [];
    const unexpected: string[] = [];
    const worker = newWorker({
      backoffBaseMs: 1,
      onUnexpectedFailure: (job, error) => unexpected.push(`${job.type}: ${(error as Error).message}`),
    });
    worker.register(type, {
      payload: z.object({ name: z.string() }),
      run: async (_payload, job) => {
        throw new Error(`still broken (${job.attempt})`);
      },
      onFailure: async ({ name }, error) => {
        failures.push(`${name}: ${(error as Error).message}`);
      },
    });
    worker.start();
    const id = await worker.enqueue(type, { name: 'clip' }, { maxAttempts: 3 });
    await waitForJob(id, { status: 'failed', attempts: 3, lastError: 'still broken (3)' });
    await sleep(100);
    expect(failures).toEqual(['clip: still broken (3)']);
    // A fault of the server: the error tracker hears of it once.
    expect(unexpected).toEqual([`${type}: still broken (3)`]);
  });

  it('does not retry a permanent failure or a payload that does not fit', async () => {
    const type = uniqueType('permanent');
    const runs: string[] = [];
    const failures: string[] = [];
    const unexpected: unknown[] = [];
    const worker = newWorker({ backoffBaseMs: 1, onUnexpectedFailure: (_job, error) => unexpected.push(error) });
    worker.register(type, {
      payload: z.object({ file: z.string() }),
      run: async ({ file }) => {
        runs.push(file);
        throw new PermanentJobError('The file is damaged');
      },
      onFailure: async ({ file }) => {
        failures.push(file);
      },
    });
    worker.start();
    const broken = await worker.enqueue(type, { file: 'a.png' }, { maxAttempts: 5 });
    const malformed = await worker.enqueue(type, { file: 42 }, { maxAttempts: 5 });
    await waitForJob(broken, { status: 'failed', attempts: 1, lastError: 'The file is damaged' });
    await waitForJob(malformed, { status: 'failed', attempts: 1 });
    expect((await jobRow(malformed))?.lastError).toMatch(/^Invalid payload/);
    expect(runs).toEqual(['a.png']);
    expect(failures).toEqual(['a.png']);
    // About the input, not the server: nothing for the error tracker.
    expect(unexpected).toEqual([]);
  });

  it('runs a job again after a restart when the worker that held it died (once its lease ran out)', async () => {
    const type = uniqueType('crash');
    const id = `${type}:left-running`;
    // What a worker that died mid-job leaves behind: running, one attempt used, lease still held.
    await db.insert(jobs).values({
      id,
      type,
      payload: { step: 'resize' },
      status: 'running',
      attempts: 1,
      maxAttempts: 3,
      lockedUntil: new Date(now().getTime() + 60_000),
    });

    const ran: string[] = [];
    const restarted = newWorker();
    restarted.register(type, { payload: z.object({ step: z.string() }), run: async ({ step }) => void ran.push(step) });
    restarted.start();
    await sleep(150);
    expect(ran).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1 });

    clockOffsetMs += 61_000;
    await waitForJob(id, { status: 'done', attempts: 2 });
    expect(ran).toEqual(['resize']);
  });

  it('fails a job whose worker died during its last attempt', async () => {
    const type = uniqueType('last-crash');
    const id = `${type}:abandoned`;
    await db.insert(jobs).values({
      id,
      type,
      payload: {},
      status: 'running',
      attempts: 2,
      maxAttempts: 2,
      lockedUntil: new Date(now().getTime() - 1000),
    });
    const failures: unknown[] = [];
    const worker = newWorker();
    worker.register(type, { payload: z.object({}), run: async () => undefined, onFailure: async (_p, error) => void failures.push(error) });
    worker.start();
    await waitForJob(id, { status: 'failed', attempts: 2, lastError: 'The worker stopped during the last attempt' });
    await vi.waitFor(() => expect(failures).toHaveLength(1));
  });

  it('runs each lane in its own slots: a long video job never holds up photos', async () => {
    const video = uniqueType('video');
    const photo = uniqueType('photo');
    const worker = newWorker({ concurrency: { media: 2, video: 1 } });
    const releases: Array<() => void> = [];
    let videosStarted = 0;
    worker.register(video, {
      lane: 'video',
      payload: z.object({}),
      run: () =>
        new Promise<void>((resolve) => {
          videosStarted++;
          releases.push(resolve);
        }),
    });
    worker.register(photo, { lane: 'media', payload: z.object({ i: z.number() }), run: async () => sleep(5) });
    worker.start();
    const videos = [await worker.enqueue(video, {}), await worker.enqueue(video, {})];
    await vi.waitFor(() => expect(videosStarted).toBe(1));
    const photos = await Promise.all(Array.from({ length: 6 }, (_, i) => worker.enqueue(photo, { i })));
    // Every photo is done while the first video is still running and the second still waits for its slot.
    for (const id of photos) await waitForJob(id, { status: 'done' });
    expect(videosStarted).toBe(1);
    expect((await Promise.all(videos.map(jobRow))).map((job) => job?.status).sort()).toEqual(['queued', 'running']);
    releases.shift()?.();
    await vi.waitFor(() => expect(videosStarted).toBe(2));
    releases.shift()?.();
    for (const id of videos) await waitForJob(id, { status: 'done' });
  });

  it('sizes the lanes from the machine: cores and memory', () => {
    const GiB = 1024 ** 3;
    expect(laneConcurrencyFor({ cores: 2, memoryBytes: 4 * GiB })).toEqual({ default: 2, media: 2, video: 1, bulk: 1 });
    expect(laneConcurrencyFor({ cores: 16, memoryBytes: 64 * GiB })).toEqual({ default: 4, media: 8, video: 4, bulk: 1 });
    expect(laneConcurrencyFor({ cores: 8, memoryBytes: 3 * GiB })).toEqual({ default: 4, media: 8, video: 2, bulk: 1 });
    // Memory bounds the media lanes when it is short; every lane keeps a slot.
    expect(laneConcurrencyFor({ cores: 8, memoryBytes: 512 * 1024 ** 2 })).toEqual({ default: 4, media: 2, video: 1, bulk: 1 });
    expect(laneConcurrencyFor({ cores: 1, memoryBytes: 128 * 1024 ** 2 })).toEqual({ default: 2, media: 1, video: 1, bulk: 1 });
    expect(newWorker({ concurrency: { video: 3 } }).lanes.video).toBe(3);
  });

  it('never gives one job to two workers', async () => {
    const type = uniqueType('exclusive');
    const runs = new Map<string, string[]>();
    const workers = ['left', 'right'].map((name) => {
      const worker = newWorker({ concurrency: { default: 3 } });
      worker.register(type, {
        payload: z.object({ i: z.number() }),
        run: async (_payload, job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
          await sleep(5 + Math.random() * 10);
        },
      });
      return worker;
    });
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => workers[0]?.enqueue(type, { i }) as Promise<string>));
    for (const worker of workers) worker.start();
    for (const id of ids) await waitForJob(id, { status: 'done', attempts: 1 });
    expect(runs.size).toBe(30);
    for (const [id, by] of runs) expect(by, id).toHaveLength(1);
  });

  it('lets a running job finish its step on shutdown instead of aborting it', async () => {
    const type = uniqueType('finish-on-shutdown');
    const worker = newWorker({ stopGraceMs: 60_000 });
    let finishStep: () => void = () => undefined;
    let aborted = false;
    worker.register(type, {
      payload: z.object({}),
      run: (_payload, job) =>
        new Promise<void>((resolve) => {
          finishStep = resolve;
          job.signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
    });
    worker.start();
    const id = await worker.enqueue(type, {});
    await waitForJob(id, { status: 'running' });
    const stopped = worker.stop();
    // Stopping waits for the step rather than cutting it off.
    await sleep(50);
    expect(await jobRow(id)).toMatchObject({ status: 'running' });
    finishStep();
    await stopped;
    expect(aborted).toBe(false);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('puts a job still running after the grace period back in the queue and runs it on the next start', async () => {
    const type = uniqueType('shutdown');
    const first = newWorker({ stopGraceMs: 50 });
    let started = false;
    first.register(type, {
      payload: z.object({}),
      run: (_payload, job) =>
        new Promise<void>((_resolve, reject) => {
          started = true;
          job.signal.addEventListener('abort', () => reject(job.signal.reason));
        }),
    });
    first.start();
    const id = await first.enqueue(type, {});
    await vi.waitFor(() => expect(started).toBe(true));
    await first.stop();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, lockedUntil: null });

    const second = newWorker();
    second.register(type, { payload: z.object({}), run: async () => undefined });
    second.start();
    await waitForJob(id, { status: 'done', attempts: 1 });
  });

  it('schedules a recurring job once per interval, however many workers schedule it', async () => {
    const type = uniqueType('recurring');
    let runs = 0;
    const workers = [newWorker(), newWorker()];
    for (const worker of workers) worker.every(type, 3_600_000, { payload: z.object({}), run: async () => void runs++ });
    for (const worker of workers) worker.start();
    const pending = async () => db.select().from(jobs).where(eq(jobs.type, type));
    await vi.waitFor(async () => expect(await pending()).toHaveLength(1));
    const [next] = await pending();
    expect(next?.runAt.getTime()).toBeGreaterThan(now().getTime());
    expect(next?.runAt.getTime() ?? 0).toBeLessThanOrEqual(now().getTime() + 3_600_000);

    clockOffsetMs += 3_600_000;
    await waitForJob(next?.id ?? '', { status: 'done' });
    await vi.waitFor(async () => expect(await pending()).toHaveLength(2));
    expect(runs).toBe(1);
  });

  it('schedules the next slot of a recurring job while the current one runs, so a worker dying mid-run does not end the schedule', async () => {
    const type = uniqueType('recurring-hung');
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = newWorker();
    worker.every(type, 3_600_000, { payload: z.object({}), run: () => hung });
    worker.start();
    const slots = async () => db.select().from(jobs).where(eq(jobs.type, type)).orderBy(jobs.runAt);
    await vi.waitFor(async () => expect(await slots()).toHaveLength(1));
    const [first] = await slots();

    clockOffsetMs += 3_600_000;
    await waitForJob(first?.id ?? '', { status: 'running', attempts: 1 });
    await vi.waitFor(async () => expect((await slots()).map((slot) => slot.status)).toEqual(['running', 'queued']));
    release();
    await waitForJob(first?.id ?? '', { status: 'done' });
  });

  it('takes over a slot of a recurring job whose worker died, once its lease ran out, and records who ran it', async () => {
    const type = uniqueType('recurring-crash');
    const slot = new Date(Math.floor(now().getTime() / 3_600_000) * 3_600_000);
    const id = `${type}@${slot.toISOString()}`;
    // What an instance killed while running the slot leaves behind.
    await db.insert(jobs).values({
      id,
      type,
      payload: {},
      status: 'running',
      attempts: 1,
      maxAttempts: 2,
      runAt: slot,
      lockedUntil: new Date(now().getTime() + 60_000),
      lockedBy: 'gone/1',
    });
    let runs = 0;
    const worker = newWorker({ workerId: 'survivor/2' });
    worker.every(type, 3_600_000, { payload: z.object({}), run: async () => void runs++ });
    worker.start();
    await sleep(150);
    expect(runs).toBe(0);

    clockOffsetMs += 61_000;
    await waitForJob(id, { status: 'done', attempts: 2, lockedBy: 'survivor/2' });
    expect(runs).toBe(1);
  });
});
