import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { TelemetrySettings } from '../config/config.js';
import { errors } from '../http/errors.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limiter.js';

const gzipAsync = promisify(gzip);

export type TelemetrySignal = 'traces' | 'metrics';

/**
 * A browser exports spans every 5 s at most and metrics every 60 s, plus a flush when its tab
 * is hidden and the exporter's retries: 60 a minute per address is far above that.
 */
export const TELEMETRY_RELAY_RATE: RateRule = { limit: 60, windowMs: 60_000 };

/** The spec's export timeouts: 5 s for spans, 30 s for metrics. */
const FORWARD_TIMEOUT_MS: Record<TelemetrySignal, number> = { traces: 5_000, metrics: 30_000 };

/** What each signal's OTLP/JSON body holds at its top: anything else is not an export. */
const TOP_LEVEL_FIELD: Record<TelemetrySignal, string> = { traces: 'resourceSpans', metrics: 'resourceMetrics' };

/** The collector's answers the browser's exporter retries (the OTLP exporter's rule). */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/**
 * The browser's telemetry relay: takes an OTLP/HTTP JSON export from the browser and sends it
 * on to the collector, gzipped, with the collector's headers (often a secret), which so never
 * reach a browser; the Content-Security-Policy keeps `connect-src 'self'`. A busy collector's
 * answer comes back as 503 with its Retry-After, so the browser's exporter retries on the spec's
 * schedule; one that refuses the export is answered 422, which the exporter does not retry.
 */
export class TelemetryRelay {
  constructor(
    private readonly settings: TelemetrySettings | null,
    private readonly rateLimiter: RateLimiter,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** Counts an export from this address; 429 `rate_limited` (with Retry-After) past the rule. Before the body is read. */
  async admit(ip: string): Promise<void> {
    if (!this.settings) throw errors.telemetryOff();
    await this.rateLimiter.hit(`telemetry:ip:${ip}`, TELEMETRY_RELAY_RATE);
  }

  async forward(signal: TelemetrySignal, body: Buffer): Promise<void> {
    if (!this.settings) throw errors.telemetryOff();
    assertExport(signal, body);
    const endpoint = this.settings.endpoint.replace(/\/+$/, '');
    let response: Response;
    try {
      response = await this.fetchImpl(`${endpoint}/v1/${signal}`, {
        method: 'POST',
        headers: { ...this.settings.headers, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: await gzipAsync(body),
        signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS[signal]),
      });
    } catch {
      throw errors.telemetryUnavailable();
    }
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return;
    if (RETRYABLE_STATUSES.has(response.status)) {
      const retryAfter = response.headers.get('retry-after');
      throw errors.telemetryUnavailable({ headers: retryAfter ? { 'retry-after': retryAfter } : {} });
    }
    throw errors.telemetryRejected({ message: `The telemetry collector answered ${response.status}.` });
  }
}

/** 400 `validation_failed` unless the body is a JSON object with the signal's top-level array. */
function assertExport(signal: TelemetrySignal, body: Buffer): void {
  const field = TOP_LEVEL_FIELD[signal];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw errors.validationFailed({ message: 'The export is not JSON.' });
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as Record<string, unknown>)[field])) {
    throw errors.validationFailed({ message: `An OTLP ${signal} export holds a ${field} array.` });
  }
}
