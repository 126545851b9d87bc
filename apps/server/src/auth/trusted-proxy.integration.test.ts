import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // One reverse proxy in front, which appends the address it saw to X-Forwarded-For.
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await server?.close();
});

const requestCode = (email: string, forwardedFor: string) =>
  fetch(`${server.baseUrl}/api/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email }),
  });

describe(`a client behind the proxy (${TEST_DRIVER})`, () => {
  it('is counted by the address the proxy saw, whatever it wrote into X-Forwarded-For itself', async () => {
    // The client's own header comes first; the proxy's entry, the real address, is the last.
    for (let i = 0; i < 30; i++) expect((await requestCode(`proxied${i}@example.com`, `198.51.100.${i}, 203.0.113.9`)).status).toBe(200);
    const refused = await requestCode('proxied-last@example.com', '198.51.100.200, 203.0.113.9');
    expect(refused.status).toBe(429);
    // Another client behind the same proxy is not held back by it.
    expect((await requestCode('neighbour@example.com', '198.51.100.200, 203.0.113.10')).status).toBe(200);
  });
});
