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

describe(`text no column can hold (${TEST_DRIVER})`, () => {
  it('is refused with 400 at the edge, in a path, a query and a body, before any route work', async () => {
    const { client } = await signUp(server, 'nulsender');
    for (const path of ['/api/users/%00', '/api/creators?q=gold%00leaf', '/api/posts/abc%00def']) {
      const answer = await client.get(path);
      expect([path, answer.status, answer.body.type]).toEqual([path, 400, 'validation_failed']);
    }
    const posted = await client.post('/api/reports', { targetKind: 'user', targetId: 'someone', reason: 'spam', details: 'a\u0000b' });
    expect([posted.status, posted.body.type, posted.body.details]).toEqual([
      400,
      'validation_failed',
      [{ path: 'body.details', message: 'Text may not contain NUL characters' }],
    ]);
  });

  it('refuses bytes that are not UTF-8 in a path with 400, and serves the same routes with clean text', async () => {
    const { client, id } = await signUp(server, 'utfreader');
    expect((await client.get('/api/users/%FF%FE')).status).toBe(400);
    expect((await client.get(`/api/users/${id}`)).status).toBe(200);
    expect((await client.get('/api/creators?q=gold')).status).toBe(200);
  });
});
