import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/database.js';
import { LocalStorage } from '../storage/local-storage.js';
import { ObjectNotFoundError, type Storage } from '../storage/storage.js';

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is an unfinished backup. */
export interface BackupManifest {
  version: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Media objects copied, into `media/` (a local store, `storage/local-storage.ts`). */
  mediaObjects: number;
}

const MANIFEST = 'backup.json';
const POSTGRES_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'database.tar.gz';
const MEDIA = 'media';

/** The database to snapshot: PostgreSQL by its URL (pg_dump), or the embedded one by its open handle. */
export type BackupSource = { driver: 'postgres'; url: string } | { driver: 'pglite'; db: Database };

/**
 * Writes a consistent backup into `dir` (new or empty) while the server runs: first the
 * database as of one moment (pg_dump's snapshot; PGlite's own dump, taken with its queries
 * held), then every media object. Media are copied after the snapshot, so every file a row of
 * the snapshot names is there, unless purged in between (purges remove only what no row names).
 */
export async function takeBackup(source: BackupSource, storage: Storage, dir: string, now: Date): Promise<BackupManifest> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`The backup folder ${dir} is not empty.`);
  if (source.driver === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(dir, POSTGRES_DUMP)}`, source.url]);
  } else {
    const client = (source.db as unknown as { $client: PGlite }).$client;
    // Between transactions (the dump itself holds the query lock): the files read are the state of one moment.
    const dump = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    await writeFile(path.join(dir, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
  }
  const mediaObjects = await copyObjects(storage, new LocalStorage(path.join(dir, MEDIA)));
  const manifest: BackupManifest = { version: 1, createdAt: now.toISOString(), database: source.driver, mediaObjects };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Where a backup is restored to: an empty PostgreSQL database, or a data folder without a database yet. */
export type RestoreTarget = { driver: 'postgres'; url: string } | { driver: 'pglite'; dataDir: string };

/**
 * Restores a backup made by takeBackup into a fresh place: the database (refused if the target
 * already holds one) and every media object into `storage`. The server then starts on it as
 * usual, applying any migration newer than the backup.
 */
export async function restoreBackup(dir: string, target: RestoreTarget, storage: Storage): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.version !== 1) throw new Error(`Unknown backup version ${manifest.version}.`);
  if (manifest.database !== target.driver) {
    throw new Error(`This backup holds a ${manifest.database} database; restore it with the same database.`);
  }
  if (target.driver === 'postgres') {
    const { stdout } = await run('psql', [
      '--tuples-only',
      '--no-align',
      "--command=select count(*) from pg_tables where schemaname = 'public'",
      target.url,
    ]);
    if (Number(stdout.trim()) > 0) throw new Error('The database to restore into is not empty.');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, path.join(dir, POSTGRES_DUMP)]);
  } else {
    const pgdata = path.join(target.dataDir, 'pgdata');
    if ((await readdir(pgdata).catch(() => [])).length > 0) throw new Error(`${pgdata} already holds a database.`);
    await mkdir(target.dataDir, { recursive: true });
    const dump = new Blob([await readFile(path.join(dir, PGLITE_DUMP))]);
    const restored = await PGlite.create({ dataDir: pgdata, loadDataDir: dump });
    await restored.close();
  }
  await copyObjects(new LocalStorage(path.join(dir, MEDIA)), storage);
  return manifest;
}

/**
 * Copies every object of one store into another (a backup's media folder is a local store of its
 * own); returns how many. An object deleted after it was listed is skipped: nothing in the snapshot
 * names it (purges remove only what no row names).
 */
async function copyObjects(from: Storage, to: Storage): Promise<number> {
  let copied = 0;
  for await (const key of from.keys()) {
    const object = await from.get(key).catch((error: unknown) => (error instanceof ObjectNotFoundError ? null : Promise.reject(error)));
    if (!object) continue;
    await to.put(key, object.stream, { contentType: object.contentType });
    copied += 1;
  }
  return copied;
}
