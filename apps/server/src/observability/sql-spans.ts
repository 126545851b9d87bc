import { PGlite } from '@electric-sql/pglite';
import { SpanKind, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import pg from 'pg';

/** The statement as the span shows it: its text with placeholders (never the values), cut short. */
const QUERY_TEXT_MAX = 2_000;

type QueryFunction = (this: unknown, ...args: unknown[]) => unknown;

/**
 * A span per statement sent through either driver: node-postgres queries (drizzle's and the
 * named prepared statements) and PGlite's query and exec. Patched on the drivers' prototypes
 * once tracing is on, as OpenTelemetry's own pg instrumentation does, because the server's
 * modules are ES modules loaded before telemetry starts.
 */
export function tracePgliteAndPostgresQueries(tracer: Tracer): void {
  wrap(pg.Client.prototype as unknown as Record<string, QueryFunction>, 'query', tracer, 'postgresql');
  wrap(PGlite.prototype as unknown as Record<string, QueryFunction>, 'query', tracer, 'postgresql');
  wrap(PGlite.prototype as unknown as Record<string, QueryFunction>, 'exec', tracer, 'postgresql');
}

const wrapped = new WeakSet<object>();

function wrap(target: Record<string, QueryFunction>, method: string, tracer: Tracer, system: string): void {
  const original = target[method];
  if (!original || wrapped.has(original)) return;
  const traced: QueryFunction = function (this: unknown, ...args: unknown[]) {
    const text = queryText(args[0]);
    const name = operationOf(text);
    const options = { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system, 'db.query.text': text.slice(0, QUERY_TEXT_MAX) } };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      // node-postgres's pool runs its queries this way.
      const span = tracer.startSpan(name, options);
      args[args.length - 1] = (error: Error | null, ...rest: unknown[]) => {
        if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
        span.end();
        return (callback as (...callbackArgs: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    return tracer.startActiveSpan(name, options, async (span) => {
      try {
        return await (original.apply(this, args) as Promise<unknown>);
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    });
  };
  wrapped.add(traced);
  target[method] = traced;
}

function queryText(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return '';
}

/** The span's name: the statement's first keyword (`SELECT`, `WITH`, `INSERT`, ...), as OpenTelemetry's database conventions suggest. */
function operationOf(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}
