import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.js';

describe('liveness and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers live and ready, then not ready once a shutdown starts while still live', async () => {
    const live = await fetch(`${server.baseUrl}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });

    const ready = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', database: { driver: server.context.database.driver } });

    server.context.lifecycle.beginShutdown();
    const draining = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ type: 'not_ready', message: 'The server is shutting down.' });
    expect((await fetch(`${server.baseUrl}/api/health/live`)).status).toBe(200);
    // The original health check keeps its shape for existing monitors.
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});
