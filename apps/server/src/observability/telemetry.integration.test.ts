import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { signUp } from '../../test/content-fixtures.js';
import { type OtlpSpan, OtlpStandIn } from '../../test/otlp-stand-in.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let collector: OtlpStandIn;
let server: TestServer;
beforeAll(async () => {
  collector = new OtlpStandIn();
  await collector.start();
  server = await startTestServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=secret%20key',
  });
});
afterAll(async () => {
  await server?.close();
  await collector?.stop();
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe(`OpenTelemetry over OTLP/HTTP (${TEST_DRIVER})`, () => {
  it('traces a request with the statements it sent as its children, retrying the export the collector refused', async () => {
    const member = await signUp(server, 'traced');
    // The collector is unavailable for the first export: the exporter waits (Retry-After) and sends again.
    collector.failNext = [{ path: '/v1/traces', status: 503, retryAfter: '1' }];
    expect((await member.client.get('/api/feed')).status).toBe(200);

    // The refused batch may still be waiting for its retry: flush until the request's trace is in.
    const trace = await vi.waitFor(
      async () => {
        await server.context.telemetry?.flush();
        const spans = collector.spans();
        const request = spans.find((span) => attribute(span, 'http.route') === '/api/feed');
        const statements = spans.filter((span) => span.traceId === request?.traceId && attribute(span, 'db.system.name') === 'postgresql');
        expect(statements.length, JSON.stringify(spans.map((span) => span.name))).toBeGreaterThan(0);
        return { statements };
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(trace.statements.every((span) => span.parentSpanId)).toBe(true);
    // Statement texts carry placeholders, never the values; no cookie or session token travels.
    const sent = JSON.stringify(collector.traces);
    expect(sent).not.toContain(member.client.cookie?.split('=')[1] ?? 'no cookie');
    // An export of spans was refused, and the ones after it taken.
    const traceExports = collector.requests.filter((entry) => entry.path === '/v1/traces').map((entry) => entry.status);
    const refused = traceExports.indexOf(503);
    expect(refused).toBeGreaterThanOrEqual(0);
    expect(traceExports.slice(refused + 1)).toContain(200);
    for (const entry of collector.requests) {
      expect(entry.encoding).toBe('gzip');
      expect(entry.headers['x-collector-key']).toBe('secret key');
    }
  });

  it('traces a background job and exports the request duration metric', async () => {
    const ran = vi.fn();
    server.context.jobs.register('test.telemetry', { payload: z.object({ n: z.number() }), run: async ({ n }) => ran(n) });
    await server.context.jobs.enqueue('test.telemetry', { n: 7 });
    await vi.waitFor(() => expect(ran).toHaveBeenCalledWith(7), { timeout: 10_000 });
    await vi.waitFor(
      async () => {
        await server.context.telemetry?.flush();
        expect(collector.spans().some((span) => span.name === 'job test.telemetry')).toBe(true);
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(collector.metricNames()).toContain('http.server.request.duration');
  });
});
