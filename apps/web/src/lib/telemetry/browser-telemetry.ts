import { type ClientConfig, TELEMETRY_RELAY_PATH } from '@aurum/core';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { DocumentLoadInstrumentation } from '@opentelemetry/instrumentation-document-load';
import { FetchInstrumentation } from '@opentelemetry/instrumentation-fetch';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  type ReadableSpan,
  type Span,
  type SpanExporter,
  type SpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { redactedAttributes } from './redaction';

export type TelemetrySettings = NonNullable<ClientConfig['telemetry']>;

export interface BrowserTelemetry {
  /** Sends what is buffered now (a tab being hidden does this by itself). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** Rewrites credential headers and token query parameters before a span ends, so they never reach an exporter. */
const redactingProcessor: SpanProcessor = {
  onStart: () => undefined,
  onEnding: (span: Span) => span.setAttributes(redactedAttributes(span.attributes)),
  onEnd: () => undefined,
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
};

/**
 * The browser's side of OpenTelemetry, started once the page is on screen (this module is its
 * own chunk): spans for the document's load and every fetch, and the durations of both as
 * metrics, exported over OTLP/HTTP JSON to this server's relay (`TELEMETRY_RELAY_PATH`), which
 * adds the collector's headers and gzip. The spec's parameters: spans batched 100 from a queue
 * of 1,000 with a 5 s export timeout; metrics every 60 s with a 30 s timeout and at most 2,000
 * series per instrument. The exporters retry up to 5 times on 429, 502, 503 and 504, from 1 s
 * growing by 1.5 to 5 s with 20% jitter, honouring Retry-After (their documented policy). The
 * trace header goes on same-origin requests only: no other origin is listed for it.
 */
export function startBrowserTelemetry(
  settings: TelemetrySettings,
  exporters: { spans?: SpanExporter; metrics?: PushMetricExporter } = {},
): BrowserTelemetry {
  const relay = new URL(TELEMETRY_RELAY_PATH, window.location.origin).href;
  const resource = resourceFromAttributes({
    'service.name': settings.serviceName,
    'service.version': settings.release,
    'deployment.environment.name': settings.environment,
  });
  const meterProvider = new MeterProvider({
    resource,
    readers: [
      new PeriodicExportingMetricReader({
        exporter: exporters.metrics ?? new OTLPMetricExporter({ url: `${relay}/v1/metrics`, timeoutMillis: 30_000 }),
        exportIntervalMillis: 60_000,
        exportTimeoutMillis: 30_000,
        cardinalityLimits: { default: 2_000 },
      }),
    ],
  });
  const tracerProvider = new TracerProvider({
    resource,
    spanProcessors: [
      redactingProcessor,
      durationMetrics(meterProvider),
      new BatchSpanProcessor({
        exporter: exporters.spans ?? new OTLPTraceExporter({ url: `${relay}/v1/traces`, timeoutMillis: 5_000 }),
        maxExportBatchSize: 100,
        maxQueueSize: 1_000,
        exportTimeoutMillis: 5_000,
      }),
    ],
  });
  context.setGlobalContextManager(new StackContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);

  // Made after the providers are global: an instrumentation enables itself as it is made.
  new DocumentLoadInstrumentation();
  new FetchInstrumentation({
    // Only this site's requests carry traceparent (the instrumentation's rule when no other origin is listed).
    propagateTraceHeaderCorsUrls: [],
    // The exports themselves are never traced.
    ignoreUrls: [new RegExp(`^${relay.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}/`)],
    clearTimingResources: true,
  });
  return {
    flush: async () => {
      await Promise.all([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: async () => {
      await Promise.all([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}

/**
 * Records each fetch's and the document load's duration as a metric, by method, status and
 * host (never the URL, so the series stay few).
 */
function durationMetrics(meterProvider: MeterProvider): SpanProcessor {
  const meter = meterProvider.getMeter('aurum.web');
  const requests = meter.createHistogram('http.client.request.duration', { unit: 's', description: 'Duration of fetch requests' });
  const documentLoads = meter.createHistogram('browser.document.load.duration', {
    unit: 's',
    description: 'Duration of the document load',
  });
  const seconds = (span: ReadableSpan) => span.duration[0] + span.duration[1] / 1e9;
  return {
    onStart: () => undefined,
    onEnd: (span) => {
      const method = span.attributes['http.request.method'];
      if (span.name === 'documentLoad') documentLoads.record(seconds(span));
      else if (typeof method === 'string') {
        requests.record(seconds(span), {
          'http.request.method': method,
          'http.response.status_code': Number(span.attributes['http.response.status_code'] ?? 0),
          'server.address': String(span.attributes['server.address'] ?? ''),
        });
      }
    },
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
}
