import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { media, postMedia, posts } from '../db/schema.js';
import { mediaItemsJson } from '../media/media-items.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Every post's kept media beside the same items aggregated afresh, the way message lists still do. */
async function keptAndFresh() {
  const fresh = mediaItemsJson(sql`(select pm.position, pm.media_id from ${postMedia} as pm where pm.post_id = ${posts.id})`);
  return server.context.database.db.select({ id: posts.id, kept: posts.mediaItems, fresh }).from(posts).orderBy(posts.id);
}

async function expectKeptMatchesFresh() {
  const rows = await keptAndFresh();
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) expect({ id: row.id, media: row.kept }).toEqual({ id: row.id, media: row.fresh });
}

async function keptOf(postId: string) {
  const [row] = await server.context.database.db.select({ items: posts.mediaItems }).from(posts).where(eq(posts.id, postId));
  return row?.items as { mediaId: string; position: number; status: string; thumb: boolean }[];
}

describe(`posts.media_items, kept by triggers (${TEST_DRIVER})`, () => {
  it('follows attaching, reordering, processing, detaching and deleting media, equal to a fresh aggregate after each', async () => {
    const owner = await signUp(server, 'keeper', { creator: true });
    const [a, b, c] = [
      await insertMediaRow(server, owner.id),
      await insertMediaRow(server, owner.id, 'processing', 'video'),
      await insertMediaRow(server, owner.id),
    ] as [string, string, string];
    const post = (await owner.client.post('/api/posts', { text: 'kept', mediaIds: [a, b], access: ['public'] })).body;
    const bare = (await owner.client.post('/api/posts', { text: 'no media', access: ['public'] })).body;
    expect((await keptOf(post.id)).map((item) => [item.mediaId, item.position, item.status])).toEqual([
      [a, 0, 'ready'],
      [b, 1, 'processing'],
    ]);
    expect(await keptOf(bare.id)).toEqual([]);
    await expectKeptMatchesFresh();

    // Through the API: add at the front, move, remove.
    const path = `/api/posts/${post.id}/media`;
    expect((await owner.client.post(path, { mediaId: c, position: 0 })).status).toBe(200);
    expect((await owner.client.request('PATCH', `${path}/${a}`, { position: 2 })).status).toBe(200);
    expect((await keptOf(post.id)).map((item) => item.mediaId)).toEqual([c, b, a]);
    await expectKeptMatchesFresh();

    // The processing job finishing an attached item.
    await server.context.database.db
      .update(media)
      .set({
        status: 'ready',
        width: 1920,
        height: 1080,
        durationMs: 4000,
        thumbKey: `fixtures/${b}/thumb`,
        posterKey: `fixtures/${b}/poster`,
      })
      .where(eq(media.id, b));
    const processed = (await keptOf(post.id)).find((item) => item.mediaId === b);
    expect(processed).toMatchObject({ status: 'ready', thumb: true });
    await expectKeptMatchesFresh();
    // What the post page sends follows too.
    const page = await owner.client.get(`/api/posts/${post.id}`);
    expect(page.body.media[1]).toMatchObject({ status: 'ready', width: 1920, durationMs: 4000 });
    expect(Object.keys(page.body.media[1].urls).sort()).toEqual(['poster', 'thumb']);

    // A position rewritten in place (the update trigger), then an item removed, then one deleted outright.
    await server.context.database.db.update(postMedia).set({ position: 5 }).where(eq(postMedia.mediaId, c));
    expect((await keptOf(post.id)).map((item) => [item.mediaId, item.position])).toEqual([
      [b, 1],
      [a, 2],
      [c, 5],
    ]);
    await expectKeptMatchesFresh();
    expect((await owner.client.delete(`${path}/${a}`)).status).toBe(200);
    await server.context.database.db.delete(media).where(eq(media.id, c));
    expect((await keptOf(post.id)).map((item) => item.mediaId)).toEqual([b]);
    await expectKeptMatchesFresh();

    // Replacing the whole list.
    const replaced = await owner.client.request('PATCH', `/api/posts/${post.id}`, { mediaIds: [a] });
    expect(replaced.status).toBe(200);
    expect((await keptOf(post.id)).map((item) => item.mediaId)).toEqual([a]);
    await expectKeptMatchesFresh();
  });
});
