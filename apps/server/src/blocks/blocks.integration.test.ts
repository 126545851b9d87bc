import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, signUp } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const blockPath = (userId: string) => `/api/users/${userId}/block`;
const block = (client: ApiClient, userId: string) => client.request('PUT', blockPath(userId));

describe(`blocking users (${TEST_DRIVER})`, () => {
  it('blocks and unblocks idempotently, ends the follow, and shows on the profile page', async () => {
    const viewer = await signUp(server, 'guarded');
    const creator = await signUp(server, 'pushy', { creator: true });
    await follow(server, viewer.id, creator.id);
    expect((await viewer.client.get(`/api/users/${creator.id}/profile-page`)).body).toMatchObject({ following: true, blocked: false });

    const first = await block(viewer.client, creator.id);
    expect([first.status, first.body]).toEqual([200, { blocked: true }]);
    expect((await block(viewer.client, creator.id)).body).toEqual({ blocked: true });
    // The profile stays reachable, so the blocker can unblock; the follow is gone.
    expect((await viewer.client.get(`/api/users/${creator.id}/profile-page`)).body).toMatchObject({
      following: false,
      blocked: true,
      followers: 0,
    });
    expect((await viewer.client.get('/api/me')).body.follow).toEqual([]);
    // Blocking is one-sided: the blocked user's view does not change.
    expect((await creator.client.get(`/api/users/${viewer.id}/profile-page`)).body.blocked).toBe(false);

    const undone = await viewer.client.delete(blockPath(creator.id));
    expect([undone.status, undone.body]).toEqual([200, { blocked: false }]);
    // Unblocking without a block is a no-op, not an error.
    expect((await viewer.client.delete(blockPath(creator.id))).body).toEqual({ blocked: false });
    expect((await viewer.client.get(`/api/users/${creator.id}/profile-page`)).body).toMatchObject({ following: false, blocked: false });
  });

  it('refuses blocking oneself, unknown and disabled users, and anonymous requests', async () => {
    const viewer = await signUp(server, 'careful');
    const gone = await signUp(server, 'vanished');
    await gone.client.delete('/api/me');

    const self = await block(viewer.client, viewer.id);
    expect([self.status, self.body.type]).toEqual([400, 'cannot_block_self']);
    for (const id of [gone.id, 'nobody-here']) {
      const refused = await block(viewer.client, id);
      expect([refused.status, refused.body.type], id).toEqual([404, 'not_found']);
    }
    expect((await block(viewer.client, 'bad id!')).status).toBe(400);
    expect((await new ApiClient(server).request('PUT', blockPath(viewer.id))).status).toBe(401);
    expect((await new ApiClient(server).get('/api/me/blocks')).status).toBe(401);
    expect((await viewer.client.get('/api/me/blocks')).body).toEqual({ items: [], nextCursor: null });
  });

  it('lists blocked users with their summaries, most recent first, a page at a time', async () => {
    const viewer = await signUp(server, 'lister');
    const blocked = [
      await signUp(server, 'noisy', { creator: true }),
      await signUp(server, 'rude'),
      await signUp(server, 'spammy', { creator: true }),
    ];
    const gone = await signUp(server, 'leaving');
    for (const user of [...blocked, gone]) {
      await block(viewer.client, user.id);
      server.advanceClock(1000);
    }
    await gone.client.delete('/api/me');

    const first = (await viewer.client.get('/api/me/blocks?limit=2')).body;
    expect(first.items.map((item: any) => item.userId)).toEqual([blocked[2]!.id, blocked[1]!.id]);
    expect(first.items[0]).toEqual({
      userId: blocked[2]!.id,
      handle: expect.stringMatching(/^spammy_/),
      publicName: 'spammy name',
      avatarColor: expect.any(String),
      avatarUrl: null,
      blockedAt: expect.any(String),
    });
    // Unblocking the user the cursor stopped at loses nothing.
    await viewer.client.delete(`/api/users/${blocked[1]!.id}/block`);
    const rest = (await viewer.client.get(`/api/me/blocks?limit=2&cursor=${first.nextCursor}`)).body;
    expect(rest).toMatchObject({ nextCursor: null, items: [{ userId: blocked[0]!.id }] });
    expect(rest.items).toHaveLength(1);

    const bad = await viewer.client.get('/api/me/blocks?cursor=garbage');
    expect([bad.status, bad.body.type]).toEqual([400, 'invalid_cursor']);
    // Each list is the blocker's own.
    expect((await blocked[0]!.client.get('/api/me/blocks')).body.items).toEqual([]);
  });
});
