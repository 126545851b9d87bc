import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`the API's answers (${TEST_DRIVER})`, () => {
  it('are kept by no cache: a member’s own data, a list, a refusal and an unknown route', async () => {
    const { client } = await signUp(server, 'nocache');
    for (const path of ['/api/me', '/api/feed', '/api/admin/users', '/api/no-such-route', '/api/health']) {
      const answer = await client.get(path);
      expect([path, answer.headers.get('cache-control')]).toEqual([path, 'private, no-store']);
    }
    const signedOut = await fetch(`${server.baseUrl}/api/me`);
    expect([signedOut.status, signedOut.headers.get('cache-control')]).toEqual([401, 'private, no-store']);
  });
});
