import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { users } from './schema.js';

it('keeps embedded data across restarts and re-applies no migration twice', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aurum-db-'));
  const first = await openDatabase({ dataDir });
  await first.db.insert(users).values({ id: 'u1', email: 'keep@example.com' });
  await first.close();

  const second = await openDatabase({ dataDir });
  const rows = await second.db.select().from(users).where(eq(users.id, 'u1'));
  expect(rows.map((r) => r.email)).toEqual(['keep@example.com']);
  expect(second.driver).toBe('pglite');
  await second.close();
});

it('creates a data dir that does not exist yet, and runs PGlite with small buffers', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'aurum-db-')), 'not-yet');
  const database = await openDatabase({ dataDir });
  // Both drivers answer `execute` with { rows }; the shared Database type leaves the result untyped.
  const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
  expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  await database.close();
});
