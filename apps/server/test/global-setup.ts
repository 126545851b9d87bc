import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated PGlite database, which every PGlite test server starts from. */
    migratedPgliteDump: string | null;
  }
}

/**
 * Once per run, before any suite: migrates an empty PGlite database and dumps it to a file.
 * Creating a PGlite database and applying every migration takes seconds; loading the dump, a
 * fraction of that, and each test server starts from it (test-server.ts).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.AURUM_TEST_DRIVER === 'postgres') {
    project.provide('migratedPgliteDump', null);
    return undefined;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'aurum-test-pglite-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ dataDir: null });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('migratedPgliteDump', file);
  return () => rm(folder, { recursive: true, force: true });
}
