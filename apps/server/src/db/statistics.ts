import { sql } from 'drizzle-orm';
import type { Executor } from './database.js';

/** Fewer rows than this, and a table counts as nearly empty to the planner's statistics. */
const NEARLY_EMPTY = 1000;

/**
 * Analyzes the tables a bulk write is about to outgrow: those whose planner statistics count them
 * nearly empty and fewer rows than `adding`. A plan made on a table thought tiny scans it whole,
 * and plans are kept (the server plans its statements once, and each connection keeps the plans of
 * its foreign-key checks), so writing thousands of rows into a nearly empty table turns every
 * check into a scan of everything written so far. Analyzing after the first batch makes them plan
 * again on the real size; a table counted in thousands already plans its checks on its indexes.
 * Returns the tables analyzed.
 */
export async function analyzeOutgrown(executor: Executor, tables: readonly string[], adding: number): Promise<string[]> {
  const result = (await executor.execute(
    sql`select c.relname as name from pg_class as c
      where c.relname in (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )}) and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace and c.reltuples < least(${adding}::real, ${NEARLY_EMPTY}::real)`,
  )) as unknown as { rows: { name: string }[] };
  const outgrown = result.rows.map((row) => row.name);
  if (outgrown.length > 0) await executor.execute(sql.raw(`analyze ${outgrown.map((name) => `"${name}"`).join(', ')}`));
  return outgrown;
}
