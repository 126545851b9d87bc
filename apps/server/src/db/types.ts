import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema.js';

export type Schema = typeof schema;
/** The query interface both drivers share; services depend on this only. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or a transaction on it: what a query takes when it may run inside the caller's transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A statement prepared once and run with the values of each call (`db/prepared.ts`). */
export interface PreparedStatement<Row> {
  run(values: Record<string, unknown>): Promise<Row[]>;
}
