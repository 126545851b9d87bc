import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { SentryStandIn } from '../../test/sentry-stand-in.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { APP_VERSION } from '../health/routes.js';

let sentry: SentryStandIn;
let server: TestServer;
beforeAll(async () => {
  sentry = new SentryStandIn();
  await sentry.start();
  server = await startTestServer({ SENTRY_DSN: sentry.dsn, SENTRY_ENVIRONMENT: 'staging' });
});
afterAll(async () => {
  await server?.close();
  await sentry?.stop();
});

describe(`error reporting to Sentry (${TEST_DRIVER})`, () => {
  it('does not report refusals, which are answers rather than faults', async () => {
    const member = await signUp(server, 'refused');
    expect((await member.client.get('/api/posts/nonexistent0000001')).status).toBe(404);
    expect((await member.client.post('/api/auth/code', { email: 'not an address' })).status).toBe(400);
    await server.context.errorReporter.flush(2000);
    expect(sentry.items.filter((item) => item.type === 'event')).toEqual([]);
  });

  it('reports an unexpected server error with the release, environment, route, request id and user id, and nothing personal', async () => {
    const member = await signUp(server, 'reported');
    const me = (await member.client.get('/api/me')).body as { email: string };
    // Something the code never expects: a table the lists read is gone (last test of the file: it stays gone).
    await server.context.database.db.execute(sql`drop table blocks`);

    const failed = await member.client.get('/api/me/blocks');
    expect([failed.status, failed.body.type]).toEqual([500, 'general_server_error']);
    const { payload: event } = await sentry.next('event');
    expect(event).toMatchObject({
      release: APP_VERSION,
      environment: 'staging',
      platform: 'node',
      user: { id: member.id },
      tags: { route: '/api/me/blocks', request_id: failed.headers.get('x-request-id') },
    });
    expect(event.exception.values.at(-1).value).toMatch(/blocks/);
    expect(Object.keys(event.user)).toEqual(['id']);
    const sent = JSON.stringify(event);
    expect(sent).not.toContain(me.email);
    expect(sent).not.toMatch(/aurum_session|cookie/i);
  });
});
