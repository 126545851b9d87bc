import { DAY_MS, SEEN_DEFAULT_DURATION_MS, SEEN_RECORDS_LIMIT } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { seenRecords } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`seen records (${TEST_DRIVER})`, () => {
  it('records a seen post once, with the default duration, and answers 409 to a duplicate', async () => {
    const creator = await signUp(server, 'shown', { creator: true });
    const viewer = await signUp(server, 'looker');
    const first = (await creator.client.post('/api/posts', { text: 'one', access: ['public'] })).body.id as string;
    const second = (await creator.client.post('/api/posts', { text: 'two', access: ['sneakpeek'] })).body.id as string;

    const created = await viewer.client.post('/api/seen', { entityId: first, type: 'post' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ entityId: first, type: 'post', duration: SEEN_DEFAULT_DURATION_MS });
    const again = await viewer.client.post('/api/seen', { entityId: first, type: 'post', duration: 5000 });
    expect([again.status, again.body.type]).toEqual([409, 'already_seen']);

    server.advanceClock(1000);
    // The type defaults to post.
    const third = (await creator.client.post('/api/posts', { text: 'three', access: ['public'] })).body.id as string;
    expect((await viewer.client.post('/api/seen', { entityId: third, duration: 2500 })).body).toMatchObject({ duration: 2500 });
    const list = await viewer.client.get('/api/me/seen');
    expect(list.status).toBe(200);
    expect(list.body.entityIds).toEqual([third, first]);
    expect(list.body.items.map((item: any) => item.duration)).toEqual([2500, SEEN_DEFAULT_DURATION_MS]);
    // The creator's look at their own post is no view.
    const own = await creator.client.post('/api/seen', { entityId: first });
    expect([own.status, own.body.type]).toEqual([409, 'own_post_not_seen']);
    expect((await creator.client.get('/api/me/seen')).body.entityIds).toEqual([]);

    // A blurred sneak peek is seen locked, once; seen again unlocked, it becomes a view of the content, once.
    expect((await viewer.client.post('/api/seen', { entityId: second })).body).toMatchObject({ entityId: second, locked: true });
    expect((await viewer.client.post('/api/seen', { entityId: second })).body.type).toBe('already_seen');
    await subscribe(server, viewer.id, await createActivePlan(creator.client, 'Gold', 500), new Date(Date.now() + 30 * DAY_MS));
    const unlocked = await viewer.client.post('/api/seen', { entityId: second });
    expect([unlocked.status, unlocked.body.locked]).toEqual([201, false]);
    expect((await viewer.client.post('/api/seen', { entityId: second })).body.type).toBe('already_seen');
    expect((await viewer.client.get('/api/me/seen')).body.items.map((item: any) => [item.entityId, item.locked])).toEqual([
      [second, false],
      [third, false],
      [first, false],
    ]);
  });

  it('answers 404 for posts the viewer cannot see, 400 for bad input and 401 to nobody', async () => {
    const creator = await signUp(server, 'hider', { creator: true });
    const viewer = await signUp(server, 'peeker');
    const hidden = (await creator.client.post('/api/posts', { text: 'mine', access: ['private'] })).body.id as string;
    const scheduled = (
      await creator.client.post('/api/posts', {
        text: 'later',
        access: ['public'],
        publishAt: new Date(server.context.now().getTime() + DAY_MS).toISOString(),
      })
    ).body.id as string;
    for (const entityId of [hidden, scheduled, 'no-such-post']) {
      const refused = await viewer.client.post('/api/seen', { entityId, type: 'post' });
      expect([refused.status, refused.body.type], entityId).toEqual([404, 'not_found']);
    }
    for (const body of [{}, { entityId: hidden, type: 'chat' }, { entityId: hidden, duration: -1 }, { entityId: 'not an id!' }]) {
      expect((await viewer.client.post('/api/seen', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await new ApiClient(server).post('/api/seen', { entityId: hidden })).status).toBe(401);
    expect((await new ApiClient(server).get('/api/me/seen')).status).toBe(401);
    expect((await viewer.client.get('/api/me/seen')).body.entityIds).toEqual([]);
  });

  it(`lists at most the ${SEEN_RECORDS_LIMIT} newest records`, async () => {
    const viewer = await signUp(server, 'binger');
    const start = server.context.now().getTime();
    const total = SEEN_RECORDS_LIMIT + 5;
    await server.context.database.db.insert(seenRecords).values(
      Array.from({ length: total }, (_, i) => ({
        userId: viewer.id,
        entityId: `seen-${String(i).padStart(4, '0')}`,
        createdAt: new Date(start - (total - i) * 1000),
      })),
    );
    const newestFirst = Array.from({ length: total }, (_, i) => `seen-${String(total - 1 - i).padStart(4, '0')}`);

    const all = await viewer.client.get('/api/me/seen');
    expect(all.body.entityIds).toHaveLength(SEEN_RECORDS_LIMIT);
    expect(all.body.entityIds).toEqual(newestFirst.slice(0, SEEN_RECORDS_LIMIT));
    expect((await viewer.client.get('/api/me/seen?limit=3')).body.entityIds).toEqual(newestFirst.slice(0, 3));
    for (const query of ['limit=0', `limit=${SEEN_RECORDS_LIMIT + 1}`, 'limit=many']) {
      expect((await viewer.client.get(`/api/me/seen?${query}`)).status, query).toBe(400);
    }
  });
});
