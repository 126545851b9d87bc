import { randomUUID } from 'node:crypto';
import { availableParallelism, hostname, totalmem } from 'node:os';
import { DAY_MS } from '@aurum/core';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database, Executor } from '../db/database.js';
import { jobs } from '../db/schema.js';

export type JobRow = typeof jobs.$inferSelect;

/** Thrown by a handler when trying again cannot help (a broken file, say): the job fails at once. */
export class PermanentJobError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}

/**
 * Jobs run in lanes, each with its own slots, so that one kind of work can never take them
 * all: a long video conversion never holds up photos, nor a batch of photos the mail.
 * - default: short jobs that mostly wait on the database or the network (mail, payments, sweeps)
 * - media: photos and sound, seconds each at most
 * - video: video processing, which can keep every core busy for minutes
 * - bulk: long runs of database writes (a mass message's delivery), one at a time per worker
 */
export const JOB_LANES = ['default', 'media', 'video', 'bulk'] as const;
export type JobLane = (typeof JOB_LANES)[number];
export type LaneConcurrency = Record<JobLane, number>;

export interface MachineResources {
  cores: number;
  /** Memory this process may use: the container's limit when there is one, else the machine's. */
  memoryBytes: number;
}

export function machineResources(): MachineResources {
  const total = totalmem();
  // 0 when there is no limit; some runtimes report a huge number instead.
  const limit = process.constrainedMemory?.() ?? 0;
  return { cores: availableParallelism(), memoryBytes: limit > 0 && limit < total ? limit : total };
}

const MiB = 1024 * 1024;
/** What one job of the lane may need at its peak (bench/media.ts: a 12 MP photo ~55 MiB, a 1080p conversion ~330 MiB in ffmpeg plus the process). */
const PHOTO_JOB_BYTES = 128 * MiB;
const VIDEO_JOB_BYTES = 512 * MiB;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(value)));

/**
 * Slots per lane for a machine: media jobs are bound by the cores (libvips uses one thread per
 * pass, two passes per photo) and memory; a video conversion alone uses every core, so a few
 * at once is all that helps; half the memory is left to the server and the database. The
 * default lane's jobs wait on the database and the network, so a few slots serve any machine
 * (and leave the database pool, 10 connections, to requests). Every lane has at least one slot.
 */
export function laneConcurrencyFor({ cores, memoryBytes }: MachineResources): LaneConcurrency {
  const jobMemory = memoryBytes / 2;
  return {
    default: clamp(cores, 2, 4),
    media: clamp(Math.min(cores, jobMemory / PHOTO_JOB_BYTES), 1, 8),
    video: clamp(Math.min(cores / 4, jobMemory / VIDEO_JOB_BYTES), 1, 4),
    // Each run writes as fast as the database takes it: a second one would only halve both.
    bulk: 1,
  };
}

export interface JobContext {
  id: string;
  /** 1 on the first run. */
  attempt: number;
  /** Aborted when the server shuts down or this worker lost the job; stop soon after. */
  signal: AbortSignal;
}

export interface JobHandler<Schema extends z.ZodType> {
  /** The stored payload is checked against this before each run; a mismatch fails the job for good. */
  payload: Schema;
  run(payload: z.infer<Schema>, job: JobContext): Promise<void>;
  /** Called once when the job has failed for good. */
  onFailure?(payload: z.infer<Schema>, error: unknown): Promise<void>;
  /** Default for jobs of this type; enqueue can override it. */
  maxAttempts?: number;
  /** Which slots jobs of this type take; 'default' unless said. */
  lane?: JobLane;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** A fixed id makes enqueueing idempotent: a second enqueue with the same id is ignored. */
  id?: string;
}

export interface JobQueueOptions {
  db: Database;
  now: () => Date;
  logger: Logger;
  /** How long a claimed job is reserved; a running job renews it every third of this. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Recorded on each job this worker takes (`locked_by`), so an operator sees which instance ran it. */
  workerId?: string;
  /** Jobs run at the same time by this worker, per lane; unset lanes take laneConcurrencyFor(this machine). */
  concurrency?: Partial<LaneConcurrency>;
  /** Retry n waits backoffBaseMs * 2^(n-1), at most backoffMaxMs, plus up to 10% jitter. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** On stop, how long running jobs may take to finish before they are aborted and requeued. */
  stopGraceMs?: number;
  /** Told of a job that failed for good through a fault of the server (not a permanent error about its input): the error tracker. */
  onUnexpectedFailure?: (job: { id: string; type: string }, error: unknown) => void;
}

const jobTracer = trace.getTracer('aurum.jobs');

const DEFAULT_MAX_ATTEMPTS = 5;
/** Finished jobs are kept this long for inspection, then pruned. */
const FINISHED_JOB_RETENTION_MS = 30 * DAY_MS;

// biome-ignore lint/suspicious/noExplicitAny: handlers of every payload type live in one map
type AnyHandler = JobHandler<any>;

interface RunningJob {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Durable background jobs in the `jobs` table. A worker claims a due job atomically
 * (UPDATE ... WHERE id = (SELECT ... FOR UPDATE SKIP LOCKED)), so two workers never take the
 * same job, and reserves it with a lease. A worker that dies mid-job leaves the lease to run
 * out, after which any worker takes the job again. Failures are retried with exponential
 * backoff until maxAttempts. Each update of a claimed job is fenced by its attempt number, so
 * a worker that lost its lease cannot overwrite the newer run's outcome.
 */
export class JobQueue {
  private readonly db: Database;
  private readonly now: () => Date;
  private readonly logger: Logger;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly workerId: string;
  private readonly concurrency: LaneConcurrency;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly stopGraceMs: number;
  private readonly onUnexpectedFailure: JobQueueOptions['onUnexpectedFailure'];
  private readonly handlers = new Map<string, AnyHandler>();
  private readonly schedules = new Map<string, number>();
  /** The slot of each recurring job this worker last made sure of, so it inserts each slot once. */
  private readonly ensuredSlots = new Map<string, number>();
  private readonly running = new Map<string, RunningJob & { lane: JobLane }>();
  private loop: Promise<void> | null = null;
  private stopping = false;
  private woken = false;
  private endIdle: (() => void) | null = null;

  constructor(options: JobQueueOptions) {
    this.db = options.db;
    this.now = options.now;
    this.logger = options.logger;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.pollMs = options.pollMs ?? 1000;
    this.workerId = options.workerId ?? `${hostname()}/${process.pid}`;
    this.concurrency = { ...laneConcurrencyFor(machineResources()), ...options.concurrency };
    this.backoffBaseMs = options.backoffBaseMs ?? 15_000;
    this.backoffMaxMs = options.backoffMaxMs ?? 60 * 60 * 1000;
    this.stopGraceMs = options.stopGraceMs ?? 5000;
    this.onUnexpectedFailure = options.onUnexpectedFailure;
    this.every('jobs.prune', DAY_MS, {
      payload: z.object({}),
      run: async () => {
        const before = new Date(this.now().getTime() - FINISHED_JOB_RETENTION_MS);
        await this.db.delete(jobs).where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.finishedAt, before)));
      },
    });
  }

  register<Schema extends z.ZodType>(type: string, handler: JobHandler<Schema>): void {
    if (this.handlers.has(type)) throw new Error(`A handler for ${type} jobs is already registered`);
    this.handlers.set(type, handler);
  }

  /**
   * A job that runs every `intervalMs`, on the multiples of it. Each occurrence has an id made
   * from its time slot, so several server instances schedule it once between them; every
   * instance makes sure of the next slot, so the schedule goes on whichever of them dies. A slot
   * whose worker died is taken over once its lease runs out.
   */
  every<Schema extends z.ZodType>(type: string, intervalMs: number, handler: JobHandler<Schema>): void {
    this.register(type, handler);
    this.schedules.set(type, intervalMs);
  }

  /**
   * Adds a job and wakes the worker. Pass a transaction as `executor` to enqueue atomically
   * with other writes, and call wake() once it has committed: the worker cannot see the job before.
   */
  async enqueue(type: string, payload: unknown, options: EnqueueOptions = {}, executor?: Executor): Promise<string> {
    const [id] = await this.enqueueMany(type, [{ payload, options }], executor);
    return id as string;
  }

  /** Adds jobs of one type in one statement, as `enqueue` adds one. */
  async enqueueMany(
    type: string,
    items: readonly { payload: unknown; options?: EnqueueOptions }[],
    executor?: Executor,
  ): Promise<string[]> {
    if (items.length === 0) return [];
    const handler = this.handlers.get(type);
    const rows = items.map(({ payload, options = {} }) => ({
      id: options.id ?? `${type}:${randomUUID()}`,
      type,
      payload,
      runAt: options.runAt ?? this.now(),
      maxAttempts: options.maxAttempts ?? handler?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    }));
    await (executor ?? this.db).insert(jobs).values(rows).onConflictDoNothing();
    if (!executor) this.wake();
    return rows.map((row) => row.id);
  }

  /** Slots per lane this worker runs with. */
  get lanes(): Readonly<LaneConcurrency> {
    return this.concurrency;
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.work();
  }

  /**
   * Stops claiming and lets running jobs finish for up to stopGraceMs (a charge settles, a mail
   * leaves); then aborts those still running, which stop at their next step and go back in the
   * queue for the next start. Within the server's own 10 s shutdown limit.
   */
  async stop(): Promise<void> {
    if (!this.loop) return;
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = null;
    const allDone = () => Promise.all([...this.running.values()].map((job) => job.done));
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, this.stopGraceMs);
    });
    await Promise.race([allDone(), graceOver]);
    clearTimeout(graceTimer);
    for (const job of this.running.values()) job.controller.abort(new Error('The server is shutting down'));
    await allDone();
  }

  /** Makes the worker look for due jobs now rather than at its next poll. */
  wake(): void {
    this.woken = true;
    this.endIdle?.();
  }

  private idle(): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.pollMs);
      this.endIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      this.endIdle = null;
      this.woken = false;
    });
  }

  private async work(): Promise<void> {
    while (!this.stopping) {
      try {
        await this.ensureNextSlots();
        await this.failAbandoned();
        for (const lane of JOB_LANES) {
          const types = this.typesOf(lane);
          if (types.length === 0) continue;
          while (!this.stopping && this.runningIn(lane) < this.concurrency[lane]) {
            const job = await this.claim(types);
            if (!job) break;
            const controller = new AbortController();
            const done = this.execute(job, controller).finally(() => {
              this.running.delete(job.id);
              this.wake();
            });
            this.running.set(job.id, { controller, done, lane });
          }
        }
      } catch (error) {
        this.logPollError(error);
      }
      await this.idle();
    }
  }

  private typesOf(lane: JobLane): string[] {
    return [...this.handlers].filter(([, handler]) => (handler.lane ?? 'default') === lane).map(([type]) => type);
  }

  private runningIn(lane: JobLane): number {
    let count = 0;
    for (const job of this.running.values()) if (job.lane === lane) count++;
    return count;
  }

  private logPollError(error: unknown): void {
    if (!this.stopping) this.logger.error({ err: error }, 'job queue: polling failed');
  }

  /** Inserts the next slot of each recurring job, once per slot and worker (the id makes a second insert a no-op). */
  private async ensureNextSlots(): Promise<void> {
    for (const [type, intervalMs] of this.schedules) {
      const slot = (Math.floor(this.now().getTime() / intervalMs) + 1) * intervalMs;
      if (this.ensuredSlots.get(type) === slot) continue;
      // Two attempts: one more for the worker that takes over a slot whose worker died.
      await this.enqueue(type, {}, { id: `${type}@${new Date(slot).toISOString()}`, runAt: new Date(slot), maxAttempts: 2 });
      this.ensuredSlots.set(type, slot);
    }
  }

  /** Takes the next due job of one of these types, or such a job whose worker's lease ran out. */
  private async claim(types: string[]): Promise<JobRow | null> {
    const now = this.now();
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now), lt(jobs.attempts, jobs.maxAttempts)),
          ),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + this.leaseMs),
        lockedBy: this.workerId,
      })
      .where(sql`${jobs.id} = (${due})`)
      .returning();
    return job ?? null;
  }

  /** Jobs whose worker died on the last allowed attempt: nobody will run them again. */
  private async failAbandoned(): Promise<void> {
    const now = this.now();
    const abandoned = await this.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now, lockedUntil: null, lastError: 'The worker stopped during the last attempt' })
      .where(
        and(
          inArray(jobs.type, [...this.handlers.keys()]),
          eq(jobs.status, 'running'),
          lt(jobs.lockedUntil, now),
          sql`${jobs.attempts} >= ${jobs.maxAttempts}`,
        ),
      )
      .returning();
    for (const job of abandoned) {
      this.logger.error({ jobId: job.id, type: job.type }, 'job failed: its worker stopped during the last attempt');
      await this.reportFailure(job, new Error('The worker stopped during the last attempt'));
    }
  }

  private async execute(job: JobRow, controller: AbortController): Promise<void> {
    const handler = this.handlers.get(job.type) as AnyHandler;
    const heartbeat = setInterval(() => void this.renewLease(job, controller), Math.max(10, Math.floor(this.leaseMs / 3)));
    const log = this.logger.child({ jobId: job.id, type: job.type, attempt: job.attempts });
    // A span per attempt (a no-op unless telemetry is on); the statements the job sends are its children.
    const span = jobTracer.startSpan(`job ${job.type}`, {
      attributes: { 'job.type': job.type, 'job.id': job.id, 'job.attempt': job.attempts },
    });
    try {
      const parsed = handler.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`Invalid payload: ${z.prettifyError(parsed.error)}`);
      await context.with(trace.setSpan(context.active(), span), () =>
        handler.run(parsed.data, { id: job.id, attempt: job.attempts, signal: controller.signal }),
      );
      await this.settle(job, { status: 'done', lastError: null });
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      await this.handleFailure(job, error, controller.signal, log);
    } finally {
      span.end();
      clearInterval(heartbeat);
    }
  }

  private async handleFailure(job: JobRow, error: unknown, signal: AbortSignal, log: Logger): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    try {
      if (signal.aborted && this.stopping) {
        // Shutting down is not the job's fault: give the attempt back and run it on the next start.
        await this.settle(job, { status: 'queued', attempts: job.attempts - 1, runAt: this.now(), finishedAt: null });
        log.info('job interrupted by shutdown; it will run again');
        return;
      }
      if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        if (await this.settle(job, { status: 'failed', lastError: message })) {
          // A permanent failure is about the job's input (a broken file), not the server.
          if (error instanceof PermanentJobError) log.warn({ reason: message }, 'job failed for good');
          else {
            log.error({ err: error }, 'job failed for good after its last attempt');
            this.onUnexpectedFailure?.({ id: job.id, type: job.type }, error);
          }
          await this.reportFailure(job, error);
        }
        return;
      }
      const delay = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** (job.attempts - 1)) * (1 + Math.random() * 0.1);
      await this.settle(job, { status: 'queued', runAt: new Date(this.now().getTime() + delay), lastError: message, finishedAt: null });
      log.warn({ err: error, retryInMs: Math.round(delay) }, 'job failed; it will be retried');
    } catch (bookkeeping) {
      // The lease runs out and another worker retries; nothing is lost.
      log.error({ err: bookkeeping }, 'could not record the outcome of a job');
    }
  }

  private async reportFailure(job: JobRow, error: unknown): Promise<void> {
    const handler = this.handlers.get(job.type);
    const parsed = handler?.payload.safeParse(job.payload);
    if (!handler?.onFailure || !parsed?.success) return;
    try {
      await handler.onFailure(parsed.data, error);
    } catch (hookError) {
      this.logger.error({ err: hookError, jobId: job.id }, 'job failure hook failed');
    }
  }

  /** Writes the outcome of the run this worker holds; false when another worker has taken the job since. */
  private async settle(job: JobRow, changes: Partial<JobRow>): Promise<boolean> {
    const finishedAt = changes.status === 'done' || changes.status === 'failed' ? this.now() : changes.finishedAt;
    const updated = await this.db
      .update(jobs)
      .set({ ...changes, finishedAt, lockedUntil: null })
      .where(this.heldBy(job))
      .returning({ id: jobs.id });
    if (updated.length === 0) this.logger.warn({ jobId: job.id }, 'job outcome dropped: its lease had run out and it was taken again');
    return updated.length > 0;
  }

  private async renewLease(job: JobRow, controller: AbortController): Promise<void> {
    try {
      const renewed = await this.db
        .update(jobs)
        .set({ lockedUntil: new Date(this.now().getTime() + this.leaseMs) })
        .where(this.heldBy(job))
        .returning({ id: jobs.id });
      if (renewed.length === 0) controller.abort(new Error('The job was taken by another worker'));
    } catch (error) {
      this.logger.warn({ err: error, jobId: job.id }, 'could not renew a job lease');
    }
  }

  private heldBy(job: JobRow) {
    return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts));
  }
}
