import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Database, PreparedStatement } from './types.js';

/** How often each replica's replay position is compared with the primary's. */
export const REPLICA_CHECK_INTERVAL_MS = 1000;

/**
 * Whether the work running now may read from a replica: set per request by the HTTP layer
 * (`http/read-routing.ts`); anything else (jobs, the start, a request's writes) reads the primary.
 */
const readsMayLag = new AsyncLocalStorage<boolean>();

export function runWithReadsThatMayLag<T>(mayLag: boolean, work: () => T): T {
  return readsMayLag.run(mayLag, work);
}

/** The replicas of each primary database opened with some (`openDatabase`), for its statements that may lag. */
const replicaSets = new WeakMap<Database, ReplicaSet>();

export function replicaSetOf(primary: Database): ReplicaSet | undefined {
  return replicaSets.get(primary);
}

export function registerReplicaSet(primary: Database, replicas: ReplicaSet): void {
  replicaSets.set(primary, replicas);
}

/** A position in the primary's write-ahead log at a moment. */
export interface WalPosition {
  atMs: number;
  lsn: bigint;
}

/** A PostgreSQL LSN (`16/B374D848`) as a number of bytes. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not an LSN: ${text}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * How far behind a replica that has replayed up to `replayed` is, from the primary's positions
 * seen at each check (oldest first): since the oldest position it has not reached, the replica
 * lacks a commit the primary had then. This holds when the replica has lost its primary too,
 * where the replica's own view (received equals replayed) would say it is caught up.
 */
export function replicaLagMs(primaryPositions: readonly WalPosition[], replayed: bigint, nowMs: number): number {
  const missing = primaryPositions.find((position) => position.lsn > replayed);
  return missing ? nowMs - missing.atMs : 0;
}

interface ReplicaState {
  db: Database;
  pool: pg.Pool;
  /** Readable now: answered the last check, is a standby, and is within the lag limit. */
  readable: boolean;
}

/** A statement on a connection (replica) being gone, rather than a fault of the statement itself. */
function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // No SQLSTATE: a network error; class 08: connection exception; class 57: the server shutting down.
  return typeof code !== 'string' || code.length !== 5 || code.startsWith('08') || code.startsWith('57');
}

/**
 * Streaming replicas of the primary, each checked every second: a replica is read only while it
 * answers and is at most `maxLagMs` behind. A read that fails on a replica is read again on the
 * primary, and a replica whose connection failed is left until its next good check.
 */
export class ReplicaSet {
  private readonly replicas: ReplicaState[];
  private primaryPositions: WalPosition[] = [];
  private next = 0;
  private readonly timer: NodeJS.Timeout;
  private checking: Promise<void> = Promise.resolve();

  constructor(
    private readonly primary: pg.Pool,
    replicas: { db: Database; pool: pg.Pool }[],
    private readonly maxLagMs: number,
  ) {
    this.replicas = replicas.map((replica) => ({ ...replica, readable: false }));
    this.timer = setInterval(() => void this.check(), REPLICA_CHECK_INTERVAL_MS).unref();
  }

  /** Checks every replica now (at start, and in tests); resolves once the check is done. */
  check(): Promise<void> {
    this.checking = this.checking.then(() => this.checkOnce());
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    const atMs = Date.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn');
      this.primaryPositions.push({ atMs, lsn: parseLsn(rows[0]?.lsn ?? '0/0') });
    } catch {
      // The primary not answering is the primary's matter; replicas are judged on what was seen.
    }
    // Older positions than twice the limit tell nothing more: a replica behind them all is too far behind anyway.
    while (this.primaryPositions.length > 1 && (this.primaryPositions[0]?.atMs ?? atMs) < atMs - 2 * this.maxLagMs) {
      this.primaryPositions.shift();
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ standby: boolean; replayed: string | null }>(
            'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed',
          );
          const [state] = rows;
          replica.readable = Boolean(
            state?.standby && state.replayed && replicaLagMs(this.primaryPositions, parseLsn(state.replayed), Date.now()) <= this.maxLagMs,
          );
        } catch {
          replica.readable = false;
        }
      }),
    );
  }

  /** A statement read from a readable replica when the work running may read one, else from the primary. */
  route<Row>(onPrimary: PreparedStatement<Row>, onReplicas: readonly PreparedStatement<Row>[]): PreparedStatement<Row> {
    return {
      run: async (values) => {
        const index = readsMayLag.getStore() ? this.pick() : null;
        const onReplica = index === null ? undefined : onReplicas[index];
        if (index === null || !onReplica) return onPrimary.run(values);
        try {
          return await onReplica.run(values);
        } catch (error) {
          // A replica gone, or one cancelling the read for the primary's changes: the primary answers.
          const replica = this.replicas[index];
          if (replica && isConnectionFailure(error)) replica.readable = false;
          return onPrimary.run(values);
        }
      },
    };
  }

  get databases(): readonly Database[] {
    return this.replicas.map((replica) => replica.db);
  }

  /** The next readable replica, in turn. */
  private pick(): number | null {
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const index = (this.next + tried) % this.replicas.length;
      if (this.replicas[index]?.readable) {
        this.next = index + 1;
        return index;
      }
    }
    return null;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((replica) => replica.pool.end()));
  }
}
