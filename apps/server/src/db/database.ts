import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import { ReplicaSet, registerReplicaSet } from './replicas.js';
import * as schema from './schema.js';
import type { Database } from './types.js';

export type { Database, Executor, Schema } from './types.js';

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** The primary's streaming replicas, when some are configured: reads that may lag go there. */
  replicas: ReplicaSet | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');

/**
 * PGlite's PostgreSQL lives in the process's WebAssembly memory, which never shrinks: what it
 * once touched stays resident. Its default 128 MB of shared buffers filled as data was read;
 * 16 MB holds a small instance's hot pages, and the rest come from the OS file cache.
 * Maintenance memory (index builds in migrations, vacuum) is capped the same way.
 */
const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB'],
};

/**
 * Creates a new PGlite data directory in a child process that then exits: initdb takes several
 * hundred MB, and much of it stayed resident in the process that ran it (bench/RESULTS.md).
 */
async function initPgliteDataDir(pgdata: string): Promise<void> {
  await mkdir(pgdata, { recursive: true });
  const script = `const { PGlite } = await import('@electric-sql/pglite');
    await (await PGlite.create({ ...JSON.parse(process.argv[2]), dataDir: process.argv[1] })).close();`;
  // From the server's folder, so the package resolves as it does for the server.
  await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script, pgdata, JSON.stringify(PGLITE_OPTIONS)], {
    cwd: SERVER_ROOT,
  });
}

/**
 * The settings of every PostgreSQL connection. JIT off: the planner cannot estimate the access
 * rule's filter, so feed queries cost enough to be JIT-compiled on every call, which took seconds
 * (bench/RESULTS.md). Generic plans for named statements (only the hot lists are named,
 * db/prepared.ts): their plan does not depend on the values, and planning one costs more than
 * running it. The benchmarks' SQL floors run with the same settings.
 */
export const POSTGRES_SESSION_OPTIONS = '-c jit=off -c plan_cache_mode=force_generic_plan';

/**
 * Opens the database and applies pending migrations: PostgreSQL when a URL is given,
 * otherwise embedded PGlite persisted in `dataDir` (or in memory when `dataDir` is null).
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | null;
  /**
   * A dump of a PGlite data directory (`PGlite.dumpDataDir`) the in-memory database starts from
   * instead of an empty one; migrations then apply only what it lacks. The test suites start each
   * database from one dump made once per run, which skips initdb and every migration.
   */
  pgliteDump?: Blob;
  /** Told about connections the server dropped while idle (restarts, failovers); the pool replaces them. */
  onConnectionError?: (error: Error) => void;
  /** Streaming replicas of the PostgreSQL primary at `url`, and how far behind one may be to be read. */
  replicas?: { urls: readonly string[]; maxLagMs: number };
}): Promise<DatabaseHandle> {
  if (options.url) {
    const connect = (url: string) => {
      // A replica that does not answer must not hold a request for long: its reads go to the primary.
      const pool = new pg.Pool({ connectionString: url, max: 10, options: POSTGRES_SESSION_OPTIONS, connectionTimeoutMillis: 5000 });
      // Without a listener, an idle connection dropped by the server would crash the process.
      pool.on('error', (error) => options.onConnectionError?.(error));
      return { pool, db: drizzlePg(pool, { schema }) };
    };
    const primary = connect(options.url);
    await migratePg(primary.db, { migrationsFolder });
    const db = primary.db as unknown as Database;
    const urls = options.replicas?.urls ?? [];
    const replicas =
      urls.length > 0
        ? new ReplicaSet(
            primary.pool,
            urls.map(connect).map(({ pool, db }) => ({ pool, db: db as unknown as Database })),
            options.replicas?.maxLagMs ?? 0,
          )
        : null;
    if (replicas) {
      registerReplicaSet(db, replicas);
      await replicas.check();
    }
    return {
      db,
      driver: 'postgres',
      replicas,
      close: async () => {
        await replicas?.close();
        await primary.pool.end();
      },
    };
  }
  const pgdata = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
  if (pgdata && !existsSync(path.join(pgdata, 'PG_VERSION'))) await initPgliteDataDir(pgdata);
  // pg_trgm backs Explore's search (its trigram indexes, migration 0008).
  const client = new PGlite({
    ...PGLITE_OPTIONS,
    dataDir: pgdata,
    loadDataDir: pgdata ? undefined : options.pgliteDump,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', replicas: null, close: () => client.close() };
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
