import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths.js';
import * as schema from './schema.js';

const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');

/** The schema the newest migration left, as drizzle-kit recorded it beside the migrations. */
function latestSnapshot() {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const newest = journal.entries.at(-1)?.idx ?? 0;
  return JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', `${String(newest).padStart(4, '0')}_snapshot.json`), 'utf8'));
}

// Tables live in their domains' folders and reach drizzle-kit only through db/schema.ts: a table
// left out of it (or a changed column without its migration) would make `db:generate` write SQL.
it('match the schema: drizzle-kit finds nothing to migrate', async () => {
  const previous = latestSnapshot();
  const statements = await generateMigration(previous, generateDrizzleJson(schema, previous.id));
  expect(statements).toEqual([]);
});
