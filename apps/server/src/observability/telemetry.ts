import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import type { Logger } from 'pino';
import type { TelemetrySettings } from '../config/config.js';
import { tracePgliteAndPostgresQueries } from './sql-spans.js';

/** OpenTelemetry, started: the Fastify plugin that traces requests, and the way to send what is buffered. */
export interface Telemetry {
  /** Registered before any route, it opens a span per request and runs the handler inside it. */
  fastifyPlugin: FastifyPluginCallback;
  /** Sends the buffered spans and metrics now (tests, and the last thing before the process exits). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/**
 * Traces and metrics over OTLP/HTTP (JSON, gzip) when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, with
 * the spec's parameters: spans batched 100 at a time from a queue of 1,000 with a 5 s export
 * timeout; metrics exported every 60 s with a 30 s timeout and at most 2,000 series per
 * instrument. Failed exports are retried by the exporter itself up to 5 times on 429, 502, 503
 * and 504, from 1 s growing by 1.5 to 5 s with 20% jitter, honouring Retry-After (the OTLP
 * exporter's documented policy, which is the spec's). The SDK's modules load only then; the
 * rest of the server instruments through `@opentelemetry/api`, which is a no-op without them.
 * No request or response header is recorded, so authorization, cookies and tokens never leave.
 */
export async function startTelemetry(
  settings: TelemetrySettings | null,
  info: { release: string; logger: Logger },
): Promise<Telemetry | null> {
  if (!settings) return null;
  const [api, { TracerProvider, BatchSpanProcessor }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
    ]);
  const [
    { MeterProvider, PeriodicExportingMetricReader },
    { OTLPTraceExporter },
    { OTLPMetricExporter },
    { CompressionAlgorithm },
    fastifyOtel,
  ] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/exporter-metrics-otlp-http'),
    import('@opentelemetry/otlp-exporter-base'),
    import('@fastify/otel'),
  ]);
  const resource = resources.resourceFromAttributes({
    'service.name': settings.serviceName,
    'service.version': info.release,
    'deployment.environment.name': settings.environment,
  });
  const endpoint = settings.endpoint.replace(/\/+$/, '');
  const exporterOptions = { headers: settings.headers, compression: CompressionAlgorithm.GZIP };

  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ ...exporterOptions, url: `${endpoint}/v1/traces`, timeoutMillis: 5_000 }),
        maxExportBatchSize: 100,
        maxQueueSize: 1_000,
        exportTimeoutMillis: 5_000,
      }),
    ],
  });
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ ...exporterOptions, url: `${endpoint}/v1/metrics`, timeoutMillis: 30_000 }),
        exportIntervalMillis: 60_000,
        exportTimeoutMillis: 30_000,
        cardinalityLimits: { default: 2_000 },
      }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(tracerProvider);
  api.metrics.setGlobalMeterProvider(meterProvider);

  // Fastify's own instrumentation, used as a plugin (no module patching): one span per request,
  // named by route, and the handler runs in its context so the SQL it sends is its child.
  const FastifyOtelInstrumentation = fastifyOtel.FastifyOtelInstrumentation;
  const instrumentation = new FastifyOtelInstrumentation({ registerOnInitialization: false, instrumentHooks: false });
  instrumentation.setTracerProvider(tracerProvider);
  tracePgliteAndPostgresQueries(api.trace.getTracer('aurum.db'));
  info.logger.info({ endpoint }, 'OpenTelemetry traces and metrics are on');
  return {
    fastifyPlugin: instrumentation.plugin() as FastifyPluginCallback,
    flush: async () => {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: async () => {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}

/**
 * Traces every request (through `telemetry.fastifyPlugin`, registered before any route) and
 * records `http.server.request.duration` per method, route template and status, so the
 * series stay few whatever the URLs.
 */
export async function registerRequestTelemetry(app: FastifyInstance, telemetry: Telemetry): Promise<void> {
  const { metrics } = await import('@opentelemetry/api');
  await app.register(telemetry.fastifyPlugin);
  const duration = metrics.getMeter('aurum.http').createHistogram('http.server.request.duration', {
    unit: 's',
    description: 'Duration of HTTP server requests',
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.record(reply.elapsedTime / 1000, {
      'http.request.method': request.method,
      'http.route': request.routeOptions.url ?? 'unmatched',
      'http.response.status_code': reply.statusCode,
    });
  });
}
