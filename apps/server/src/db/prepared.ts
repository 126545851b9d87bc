import type { Placeholder, SQL } from 'drizzle-orm';
import type { Database } from './database.js';

/** A value given when a prepared statement runs, not when it is built. */
export type Bound<T> = T | Placeholder;

export interface PreparedStatement<Row> {
  run(values: Record<string, unknown>): Promise<Row[]>;
}

interface DriverPreparedQuery {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
}
/** The parts of drizzle's database object that prepare raw SQL; the query builders use the same. */
interface Preparer {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): DriverPreparedQuery;
  };
}

/**
 * A raw SQL statement built once, with `sql.placeholder(name)` for the values of each call.
 * On PostgreSQL it is a named prepared statement, so each connection parses and plans it once;
 * on PGlite the text is built once and sent as is. Rows come back as the driver gives them
 * (timestamps as text, json parsed): select what the caller maps, in the shape it needs.
 */
export function prepareStatement<Row>(db: Database, name: string, query: SQL): PreparedStatement<Row> {
  const preparer = db as unknown as Preparer;
  const prepared = preparer.session.prepareQuery(preparer.dialect.sqlToQuery(query), undefined, name, false);
  return { run: async (values) => (await prepared.execute(values)).rows as Row[] };
}
