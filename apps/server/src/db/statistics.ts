import { sql } from 'drizzle-orm';
import type { Executor } from './database.js';

/**
 * Analyzes the tables a bulk write is about to outgrow: those whose planner statistics count
 * fewer rows than `adding`. A plan made on a table thought tiny scans it whole, and plans are kept
 * (the server plans its statements once, and each connection keeps the plans of its foreign-key
 * checks), so writing thousands of rows into a nearly empty table turns every check into a scan of
 * everything written so far. Analyzing after the first batch makes them plan again on the real size.
 * Returns the tables analyzed.
 */
export async function analyzeOutgrown(executor: Executor, tables: readonly string[], adding: number): Promise<string[]> {
  const result = (await executor.execute(
    sql`select c.relname as name from pg_class as c
      where c.relname in (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )}) and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and c.reltuples < ${adding}`,
  )) as unknown as { rows: { name: string }[] };
  const outgrown = result.rows.map((row) => row.name);
  if (outgrown.length > 0) await executor.execute(sql.raw(`analyze ${outgrown.map((name) => `"${name}"`).join(', ')}`));
  return outgrown;
}
