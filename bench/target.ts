/**
 * Where the feed benchmark's data set lives, shared by seed.ts, load.ts and explain.ts:
 * the database `aurum_bench` on a PostgreSQL server, or a PGlite data directory.
 */

import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.js';

export const BENCH_DATABASE = 'aurum_bench';
export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/** Sessions the seed makes for the benchmark viewers carry this user agent. */
export const BENCH_USER_AGENT = 'aurum-bench';
/** Benchmark viewer n (1-based) signs in with the cookie token VIEWER_TOKEN_PREFIX + n; the seed stores its SHA-256 like a real sign-in. */
export const VIEWER_TOKEN_PREFIX = 'aurum-bench-viewer-';

export type Target = { driver: 'postgres'; serverUrl: string; database: string; url: string } | { driver: 'pglite'; dataDir: string };

/** The value after `--name`, or undefined. */
export function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/**
 * `--data-dir DIR` picks PGlite in DIR; otherwise PostgreSQL: `--database-url` names the
 * server (any database on it, default DEFAULT_SERVER_URL) and the benchmark uses the
 * database `--database` (default `aurum_bench`) there.
 */
export function targetFromArgs(): Target {
  const dataDir = argument('data-dir');
  if (dataDir) return { driver: 'pglite', dataDir };
  const serverUrl = argument('database-url') ?? DEFAULT_SERVER_URL;
  const database = argument('database') ?? BENCH_DATABASE;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return { driver: 'postgres', serverUrl, database, url: url.toString() };
}

export const describeTarget = (target: Target) => (target.driver === 'postgres' ? `PostgreSQL ${target.url}` : `PGlite ${target.dataDir}`);

/** Plain SQL on one connection: the seed's random seed and timings need a single session. */
export interface SqlSession {
  run(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  release(): void;
}

/** Opens the bench database through the server's own code (so migrations apply) and takes one connection of it. */
export async function openTarget(target: Target): Promise<{ database: DatabaseHandle; session: SqlSession }> {
  const database = await openDatabase(target.driver === 'postgres' ? { url: target.url } : { dataDir: target.dataDir });
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (target.driver === 'postgres') {
    const connection = await (client as pg.Pool).connect();
    return {
      database,
      session: {
        run: async (text) => void (await connection.query(text)),
        rows: async <T>(text: string, params?: unknown[]) => (await connection.query(text, params)).rows as T[],
        release: () => connection.release(),
      },
    };
  }
  const pglite = client as PGlite;
  return {
    database,
    session: {
      run: async (text) => void (await pglite.exec(text)),
      rows: async <T>(text: string, params?: unknown[]) => (await pglite.query<T>(text, params)).rows,
      release: () => {},
    },
  };
}

/** Wall time of `work` in milliseconds. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

/** The p-th percentile (0-100) of the values, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

/** A database of its own for one bench run on the PostgreSQL server at `serverUrl`; `drop` removes it. */
export async function scratchDatabase(serverUrl: string, label: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `aurum_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${admin.escapeIdentifier(name)}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    },
  };
}
