import { AggregationTemporality, InMemoryMetricExporter } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserTelemetry, startBrowserTelemetry } from './browser-telemetry';
import { REDACTED } from './redaction';

const spans = new InMemorySpanExporter();
const metrics = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
/** The requests as they left the instrumented fetch: URL and headers. */
const sent: { url: string; headers: Headers }[] = [];
let telemetry: BrowserTelemetry;
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), headers: new Headers(init?.headers) });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  telemetry = startBrowserTelemetry({ serviceName: 'aurum-web', environment: 'test', release: '1.0.0' }, { spans, metrics });
});
afterAll(async () => {
  await telemetry.shutdown();
  globalThis.fetch = realFetch;
});

/** The spans exported once `count` fetch spans have ended (the instrumentation ends one after its body is read). */
const exportedSpans = (count: number) =>
  vi.waitFor(async () => {
    await telemetry.flush();
    const finished = spans.getFinishedSpans();
    expect(finished.length).toBeGreaterThanOrEqual(count);
    return finished;
  }, 5_000);

describe('browser telemetry', () => {
  it('puts a trace header on requests to this site only, and traces both', async () => {
    await fetch('/api/feed');
    await fetch(`${window.location.origin}/api/me`);
    await fetch('https://elsewhere.example/data.json');
    const headerOf = (url: string) => sent.find((request) => request.url === new URL(url, window.location.href).href)?.headers;
    expect(headerOf('/api/feed')?.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(headerOf(`${window.location.origin}/api/me`)?.get('traceparent')).toMatch(/^00-/);
    expect(headerOf('https://elsewhere.example/data.json')?.has('traceparent')).toBe(false);
    const urls = (await exportedSpans(3)).map((span) => span.attributes['url.full']);
    expect(urls).toEqual(expect.arrayContaining([expect.stringContaining('/api/feed'), 'https://elsewhere.example/data.json']));
    // Their durations, by method, status and host.
    const names = metrics
      .getMetrics()
      .flatMap((batch) => batch.scopeMetrics.flatMap((scope) => scope.metrics.map((metric) => metric.descriptor.name)));
    expect(names).toContain('http.client.request.duration');
  });

  it('never lets a token query parameter reach the exporter', async () => {
    spans.reset();
    await fetch('/api/auth/link?token=secret-value&next=home');
    const exported = JSON.stringify((await exportedSpans(1)).map((span) => span.attributes));
    expect(exported).not.toContain('secret-value');
    expect(exported).toContain(encodeURIComponent(REDACTED));
  });

  it('does not trace its own exports to the relay', async () => {
    spans.reset();
    await fetch(`${window.location.origin}/api/telemetry/v1/traces`, { method: 'POST', body: '{}' });
    await fetch('/api/after-export');
    const exported = await exportedSpans(1);
    expect(exported.map((span) => span.attributes['url.full'])).toEqual([`${window.location.origin}/api/after-export`]);
  });
});
