import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follow, insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A media request with the viewer's session; the answer is bytes, not JSON. */
const fetchMedia = (client: ApiClient, path: string) => fetch(server.baseUrl + path, { headers: { cookie: client.cookie ?? '' } });

/** A creator's account disabled (as an admin would): its sessions are forgotten at once. */
async function disable(userId: string): Promise<void> {
  await server.context.database.db.update(users).set({ disabledAt: server.context.now() }).where(eq(users.id, userId));
  server.context.sessions.forgetUser(userId);
}

describe(`a disabled creator's posts (${TEST_DRIVER})`, () => {
  it('disappear from the feed, the profile, the post page, likes, seen records and media, for everyone', async () => {
    const creator = await signUp(server, 'vanishing', { creator: true });
    const member = await signUp(server, 'onlooker');
    await follow(server, member.id, creator.id);
    const mediaId = await insertMediaRow(server, creator.id);
    await server.context.storage.put(`fixtures/${mediaId}/thumb`, Buffer.from('thumbnail bytes'), { contentType: 'image/webp' });
    const created = await creator.client.post('/api/posts', { text: 'soon gone', mediaIds: [mediaId], access: ['public'] });
    expect(created.status).toBe(201);
    const postId: string = created.body.id;
    const mediaPath = `/api/posts/${postId}/media/0/thumb`;

    // Before: the member sees the post everywhere.
    expect((await member.client.get('/api/feed')).body.items.map((post: { id: string }) => post.id)).toContain(postId);
    expect((await member.client.get(`/api/users/${creator.id}/posts`)).body.items).toHaveLength(1);
    expect((await member.client.get(`/api/posts/${postId}`)).status).toBe(200);
    expect((await member.client.request('PUT', `/api/posts/${postId}/like`)).status).toBe(200);
    const bytes = await fetchMedia(member.client, mediaPath);
    expect(bytes.status).toBe(200);
    expect(await bytes.text()).toBe('thumbnail bytes');

    await disable(creator.id);

    const other = await signUp(server, 'latecomer');
    for (const viewer of [member, other]) {
      expect((await viewer.client.get('/api/feed')).body.items.map((post: { id: string }) => post.id)).not.toContain(postId);
      expect((await viewer.client.get(`/api/users/${creator.id}/posts`)).body.items).toEqual([]);
      expect((await viewer.client.get(`/api/posts/${postId}`)).status).toBe(404);
      expect((await viewer.client.request('PUT', `/api/posts/${postId}/like`)).status).toBe(404);
      expect((await viewer.client.delete(`/api/posts/${postId}/like`)).status).toBe(404);
      expect((await viewer.client.post('/api/seen', { entityId: postId, type: 'post', duration: 1500 })).status).toBe(404);
      expect((await fetchMedia(viewer.client, mediaPath)).status).toBe(404);
      expect(await server.context.posts.servableMedia(viewer.id, postId, 0)).toBeNull();
    }
    expect((await member.client.get(`/api/users/${creator.id}/profile-page`)).status).toBe(404);
  });
});
