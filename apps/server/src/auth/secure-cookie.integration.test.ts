import { DAY_MS } from '@aurum/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { SESSION_TTL_MS } from '../sessions/sessions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://aurum.example' });
});
afterAll(async () => {
  await server?.close();
});

it(`marks the session cookie Secure and accepts the public origin when served over https (${TEST_DRIVER})`, async () => {
  const client = new ApiClient(server, 'https://aurum.example');
  const response = await client.signIn('secure@example.com');
  expect(response.status).toBe(200);
  expect(response.headers.get('set-cookie')).toMatch(/; Secure/i);
});

it(`ends sessions ${SESSION_TTL_MS / DAY_MS} days after their last use (${TEST_DRIVER})`, async () => {
  const client = new ApiClient(server, 'https://aurum.example');
  await client.signIn('expiring@example.com');
  server.advanceClock(SESSION_TTL_MS - 60_000);
  expect((await client.get('/api/me')).status).toBe(200);
  // That use slid the expiry forward, so the same interval again is still inside it.
  server.advanceClock(SESSION_TTL_MS - 60_000);
  expect((await client.get('/api/me')).status).toBe(200);
  server.advanceClock(SESSION_TTL_MS + 1);
  expect((await client.get('/api/me')).status).toBe(401);
});
