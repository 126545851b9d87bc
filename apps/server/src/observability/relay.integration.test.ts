import { TELEMETRY_RELAY_PATH } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OtlpStandIn } from '../../test/otlp-stand-in.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { TELEMETRY_RELAY_RATE } from './relay.js';

let collector: OtlpStandIn;
let server: TestServer;
let off: TestServer;
beforeAll(async () => {
  collector = new OtlpStandIn();
  await collector.start();
  // Each test posts from its own address (X-Forwarded-For), so the rate limit counts per test.
  server = await startTestServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-secret',
    TRUST_PROXY: 'true',
  });
  off = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await off?.close();
  await collector?.stop();
});

/** A span export as the browser's OTLP/HTTP JSON exporter sends it. */
const spanExport = (name: string) => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'aurum-web' } }] },
      scopeSpans: [{ scope: { name: 'browser' }, spans: [{ traceId: `${'0'.repeat(31)}1`, spanId: `${'0'.repeat(15)}1`, name, kind: 3 }] }],
    },
  ],
});

/**
 * Whether a body the collector received is the browser's export. The server also exports its own
 * spans to the same collector whenever its batch is due, so a failure meant for the relayed
 * export must not be spent on one of those.
 */
const fromBrowser = (body: unknown) => JSON.stringify(body).includes('"aurum-web"');

const post = (target: TestServer, address: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  new ApiClient(target).request('POST', `${TELEMETRY_RELAY_PATH}${path}`, body, { 'x-forwarded-for': address, ...headers });

describe(`the browser's telemetry relay (${TEST_DRIVER})`, () => {
  it('forwards spans and metrics to the collector, gzipped, with the collector headers only the server knows', async () => {
    const spans = await post(server, '203.0.113.1', '/v1/traces', spanExport('documentLoad'));
    expect(spans.status).toBe(200);
    const metrics = await post(server, '203.0.113.1', '/v1/metrics', { resourceMetrics: [] });
    expect(metrics.status).toBe(200);

    expect(collector.spans().map((span) => span.name)).toContain('documentLoad');
    expect(collector.metrics).toContainEqual({ resourceMetrics: [] });
    const relayed = collector.requests.filter((entry) => entry.status === 200);
    expect(relayed.map((entry) => entry.path)).toEqual(expect.arrayContaining(['/v1/traces', '/v1/metrics']));
    for (const entry of relayed) {
      expect(entry.encoding).toBe('gzip');
      expect(entry.headers.authorization).toBe('Bearer collector-secret');
    }
  });

  it('passes a busy collector on as 503 with its Retry-After, which the browser retries, and a refusal as 422', async () => {
    collector.failNext = [{ path: '/v1/traces', status: 429, retryAfter: '7', matching: fromBrowser }];
    const busy = await post(server, '203.0.113.2', '/v1/traces', spanExport('busy'));
    expect(busy.status).toBe(503);
    expect(busy.body.type).toBe('telemetry_unavailable');
    expect(busy.headers.get('retry-after')).toBe('7');

    collector.failNext = [{ path: '/v1/traces', status: 400, matching: fromBrowser }];
    const refused = await post(server, '203.0.113.2', '/v1/traces', spanExport('refused'));
    expect(refused.status).toBe(422);
    expect(refused.body.type).toBe('telemetry_rejected');
  });

  it('refuses what is not an OTLP JSON export: other content types, bodies over 1 MiB, other shapes, other sites', async () => {
    // Counted by what the browser sent: the server exports its own spans of these requests to the same collector.
    const relayedTraces = () => collector.traces.filter(fromBrowser).length;
    const before = relayedTraces();
    const text = await post(server, '203.0.113.3', '/v1/traces', 'spans', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(text.body.type).toBe('unsupported_media_type');

    const huge = { ...spanExport('huge'), padding: 'x'.repeat(1024 * 1024) };
    const tooLarge = await post(server, '203.0.113.3', '/v1/traces', huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.type).toBe('payload_too_large');

    const metricsAsSpans = await post(server, '203.0.113.3', '/v1/traces', { resourceMetrics: [] });
    expect(metricsAsSpans.status).toBe(400);
    expect(metricsAsSpans.body.type).toBe('validation_failed');

    // Another site's page cannot make its visitors' browsers post here.
    const foreign = await post(server, '203.0.113.3', '/v1/traces', spanExport('foreign'), { origin: 'https://elsewhere.example' });
    expect(foreign.status).toBe(403);
    expect(relayedTraces()).toBe(before);
    expect(collector.spans().map((span) => span.name)).not.toContain('foreign');
  });

  it(`takes ${TELEMETRY_RELAY_RATE.limit} exports a minute from one address, then 429 with Retry-After`, async () => {
    for (let i = 0; i < TELEMETRY_RELAY_RATE.limit; i++) {
      expect((await post(server, '203.0.113.4', '/v1/metrics', { resourceMetrics: [] })).status).toBe(200);
    }
    const limited = await post(server, '203.0.113.4', '/v1/metrics', { resourceMetrics: [] });
    expect(limited.status).toBe(429);
    expect(limited.body.type).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await post(server, '203.0.113.5', '/v1/metrics', { resourceMetrics: [] })).status).toBe(200);
  });

  it('answers 404 telemetry_off when the server has no collector, and the browser is told it is off', async () => {
    const refused = await post(off, '203.0.113.6', '/v1/traces', spanExport('nowhere'));
    expect(refused.status).toBe(404);
    expect(refused.body.type).toBe('telemetry_off');
    expect((await new ApiClient(off).get('/api/client-config')).body.telemetry).toBeNull();
    expect((await new ApiClient(server).get('/api/client-config')).body.telemetry).toMatchObject({ serviceName: 'aurum-web' });
  });
});
