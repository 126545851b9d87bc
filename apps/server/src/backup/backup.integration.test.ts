import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateId } from '@aurum/core';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { openDatabase } from '../db/database.js';
import { media, users } from '../db/schema.js';
import { LocalStorage } from '../storage/local-storage.js';
import { type BackupSource, type RestoreTarget, restoreBackup, takeBackup } from './backup.js';

/**
 * A backup taken while members keep writing, restored into a new place: every row committed
 * before the snapshot is there, with every media file the rows name.
 */

let workDir: string;
let server: TestServer;
const scratches: { drop: () => Promise<void> }[] = [];
let source: BackupSource;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-backup-'));
  const data = path.join(workDir, 'data');
  if (TEST_DRIVER === 'postgres') {
    const scratch = await createScratchDatabase();
    scratches.push(scratch);
    server = await startTestServer({ DATA_DIR: data }, { url: scratch.url });
    source = { driver: 'postgres', url: scratch.url };
  } else {
    server = await startTestServer({ DATA_DIR: data });
    source = { driver: 'pglite', db: server.context.database.db };
  }
}, 60_000);
afterAll(async () => {
  await server?.close();
  for (const scratch of scratches) await scratch.drop();
  await rm(workDir, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_DRIVER})`, () => {
  it('restores every row committed before the snapshot and every media file they name, taken under write load', async () => {
    const { db } = server.context.database;
    const { storage } = server.context;
    // Members with a picture each, written one after another while the backup runs.
    const committed: string[] = [];
    let writing = true;
    const writes = (async () => {
      for (let n = 0; writing; n++) {
        const id = `backup-${generateId()}`;
        await db.transaction(async (tx) => {
          await tx.insert(users).values({ id, email: `${id.toLowerCase()}@example.com` });
          await tx.insert(media).values({
            id,
            ownerId: id,
            kind: 'image',
            mime: 'image/jpeg',
            sizeBytes: 5,
            originalKey: `originals/${id}`,
            status: 'uploaded',
          });
        });
        await storage.put(`originals/${id}`, Buffer.from(`bytes ${n}`), { contentType: 'image/jpeg' });
        committed.push(id);
      }
    })();
    while (committed.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    const before = [...committed];
    const backupDir = path.join(workDir, 'backup');
    const manifest = await takeBackup(source, storage, backupDir, new Date());
    writing = false;
    await writes;
    expect(manifest).toMatchObject({ version: 1, database: TEST_DRIVER });
    expect(manifest.mediaObjects).toBeGreaterThanOrEqual(before.length);

    // A fresh place: a new database (or data folder) and an empty media store.
    let target: RestoreTarget;
    if (TEST_DRIVER === 'postgres') {
      const scratch = await createScratchDatabase();
      scratches.push(scratch);
      target = { driver: 'postgres', url: scratch.url };
    } else {
      target = { driver: 'pglite', dataDir: path.join(workDir, 'restored') };
    }
    const restoredMedia = new LocalStorage(path.join(workDir, 'restored-media'));
    await restoreBackup(backupDir, target, restoredMedia);
    const restored = await openDatabase(target.driver === 'postgres' ? { url: target.url } : { dataDir: target.dataDir });
    try {
      const rows = await restored.db.select({ id: media.id, key: media.originalKey }).from(media).where(inArray(media.id, before));
      expect(rows.map((row) => row.id).sort()).toEqual([...before].sort());
      for (const row of rows) expect((await restoredMedia.stat(row.key))?.size).toBe(Buffer.byteLength(`bytes ${before.indexOf(row.id)}`));
      // Restoring over a database is refused: nothing is overwritten.
      await expect(restoreBackup(backupDir, target, restoredMedia)).rejects.toThrow(/not empty|already holds/);
    } finally {
      await restored.close();
    }
  });
});
