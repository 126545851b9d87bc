import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { SpanKind, trace } from '@opentelemetry/api';
import { fillPlaceholders, type Placeholder, type SQL } from 'drizzle-orm';
import { replicaSetOf } from './replicas.js';
import type { Database, PreparedStatement } from './types.js';

export type { PreparedStatement } from './types.js';

/** A value given when a prepared statement runs, not when it is built. */
export type Bound<T> = T | Placeholder;

interface DriverPreparedQuery {
  execute(values: Record<string, unknown>): Promise<{ rows: unknown[] }>;
  /** How drizzle's PGlite driver reads raw rows (timestamps left as text, as on PostgreSQL). */
  rawQueryConfig?: { parsers: PGlite['parsers'] };
}
/** The parts of drizzle's database object that prepare raw SQL; the query builders use the same. */
interface Preparer {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): DriverPreparedQuery;
  };
  $client: unknown;
}

/**
 * A raw SQL statement built once, with `sql.placeholder(name)` for the values of each call.
 * It is a named prepared statement on both databases, so it is parsed and planned once per
 * connection rather than on every call: PostgreSQL through node-postgres, PGlite (whose query
 * API always sends an unnamed statement) through its wire protocol. Rows come back as the
 * driver gives them (timestamps as text, json parsed): select what the caller maps, in the
 * shape it needs.
 */
export function prepareStatement<Row>(
  db: Database,
  name: string,
  query: SQL,
  /**
   * `mayLag`: the statement is a read that may be a moment behind (a list, a profile): in a
   * request that may read a replica (`db/replicas.ts`), it goes to one, if the primary has any.
   */
  options: { mayLag?: boolean } = {},
): PreparedStatement<Row> {
  const replicas = options.mayLag ? replicaSetOf(db) : undefined;
  if (replicas) {
    return replicas.route(
      prepareOn<Row>(db, name, query),
      replicas.databases.map((replica) => prepareOn<Row>(replica, name, query)),
    );
  }
  return prepareOn(db, name, query);
}

function prepareOn<Row>(db: Database, name: string, query: SQL): PreparedStatement<Row> {
  const preparer = db as unknown as Preparer;
  const built = preparer.dialect.sqlToQuery(query);
  const prepared = preparer.session.prepareQuery(built, undefined, name, false);
  if (preparer.$client instanceof PGlite && prepared.rawQueryConfig) {
    return pgliteStatement<Row>(preparer.$client, name, built, prepared.rawQueryConfig.parsers);
  }
  return { run: async (values) => (await prepared.execute(values)).rows as Row[] };
}

const statementTracer = trace.getTracer('aurum.db');

/** Per PGlite instance, the parameter types of each statement it has parsed. */
const parsedStatements = new WeakMap<PGlite, Map<string, number[]>>();

function pgliteStatement<Row>(
  client: PGlite,
  name: string,
  built: { sql: string; params: unknown[] },
  rowParsers: PGlite['parsers'],
): PreparedStatement<Row> {
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  const parsers = { ...client.parsers, ...rowParsers };
  return {
    // As PGlite's own query does: wait for any open transaction, then hold the connection.
    // A span per run (a no-op unless telemetry is on): PGlite's wire protocol is not traced by the driver patch.
    run: (values) =>
      statementTracer.startActiveSpan(
        name,
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': built.sql.slice(0, 2_000) } },
        async (span) => {
          try {
            return await runOnPglite(values);
          } finally {
            span.end();
          }
        },
      ),
  };

  function runOnPglite(values: Record<string, unknown>): Promise<Row[]> {
    return client._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        const parsed = parsedStatements.get(client) ?? new Map<string, number[]>();
        parsedStatements.set(client, parsed);
        const messages: Awaited<ReturnType<typeof send>> = [];
        try {
          let paramTypes = parsed.get(name);
          if (!paramTypes) {
            await send(protocol.serialize.parse({ name, text: built.sql }));
            const description = await send(protocol.serialize.describe({ type: 'S', name }));
            const parameters = description.find((message) => message.name === 'parameterDescription');
            paramTypes = (parameters as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
            parsed.set(name, paramTypes);
          }
          const types = paramTypes;
          const params = fillPlaceholders(built.params, values).map((value, index) => {
            if (value === null || value === undefined) return null;
            const serializer = client.serializers[types[index] as number];
            return serializer ? serializer(value) : String(value);
          });
          messages.push(
            ...(await send(protocol.serialize.bind({ statement: name, values: params }))),
            ...(await send(protocol.serialize.describe({ type: 'P' }))),
            ...(await send(protocol.serialize.execute({}))),
          );
        } finally {
          messages.push(...(await send(protocol.serialize.sync())));
        }
        return (parse.parseResults(messages, parsers, { rowMode: 'object' })[0]?.rows ?? []) as Row[];
      }),
    );
  }
}
