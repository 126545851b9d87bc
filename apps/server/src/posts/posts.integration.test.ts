import { DAY_MS, POST_TEASER_CHARS } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createActivePlan, follow, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { profiles } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const inDays = (days: number) => new Date(server.context.now().getTime() + days * DAY_MS).toISOString();
const patch = (client: ApiClient, path: string, body: unknown) => client.request('PATCH', path, body);

describe(`posts: writing (${TEST_DRIVER})`, () => {
  it('lets a creator publish a post with text and ordered media, and shows it whole to its owner', async () => {
    const creator = await signUp(server, 'author', { creator: true });
    const first = await insertMediaRow(server, creator.id);
    const second = await insertMediaRow(server, creator.id, 'processing');
    const created = await creator.client.post('/api/posts', { text: ' Hello world ', mediaIds: [first, second], access: ['public'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      creator: { userId: creator.id },
      status: 'published',
      access: ['public'],
      accessLevel: 'owner',
      locked: false,
      text: 'Hello world',
      teaser: null,
      unlock: null,
    });
    const [ready, processing] = created.body.media;
    expect(ready).toMatchObject({ position: 0, kind: 'image', status: 'ready', width: 1200, placeholder: 'placeholder-hash' });
    expect(Object.keys(ready.urls).sort()).toEqual(['blur', 'blurThumb', 'playable', 'thumb']);
    expect(ready.urls.playable).toMatch(new RegExp(`^/api/posts/${created.body.id}/media/0/playable\\?v=`));
    // No URL ever names the media id; only the owner is told it, to edit single items.
    expect(JSON.stringify(created.body.media.map((item: any) => item.urls))).not.toContain(first);
    expect(created.body.media.map((item: any) => item.mediaId)).toEqual([first, second]);
    expect(processing).toMatchObject({ position: 1, status: 'processing', urls: {} });
  });

  it('refuses posts from members who are not creators, and from nobody', async () => {
    const member = await signUp(server, 'reader');
    const refused = await member.client.post('/api/posts', { text: 'hi', access: ['public'] });
    expect(refused.status).toBe(403);
    expect(refused.body.type).toBe('creator_required');
    expect((await new ApiClient(server).post('/api/posts', { text: 'hi', access: ['public'] })).status).toBe(401);
  });

  it('validates access lists, media and text with stable error types', async () => {
    const creator = await signUp(server, 'careful', { creator: true });
    const rival = await signUp(server, 'rivalry', { creator: true });
    const ownPlan = await createActivePlan(creator.client, 'Own', 500);
    const rivalPlan = await createActivePlan(rival.client, 'Rival', 500);
    const rivalMedia = await insertMediaRow(server, rival.id);
    const failed = await insertMediaRow(server, creator.id, 'failed');
    // A profile picture never goes into a post (everyone may fetch it); any other item may be in several.
    const avatar = await insertMediaRow(server, creator.id);
    await server.context.database.db.update(profiles).set({ avatarMediaId: avatar }).where(eq(profiles.userId, creator.id));
    const used = await insertMediaRow(server, creator.id);
    await creator.client.post('/api/posts', { mediaIds: [used], access: ['public'] });
    expect((await creator.client.post('/api/posts', { mediaIds: [used], access: ['public'] })).status).toBe(201);

    const cases: [unknown, number, string][] = [
      [{ text: 'x', access: [] }, 400, 'validation_failed'],
      [{ text: 'x' }, 400, 'validation_failed'],
      [{ text: 'x', access: ['private', 'public'] }, 400, 'validation_failed'],
      [{ text: 'x', access: ['everyone'] }, 400, 'invalid_access'],
      [{ text: 'x', access: ['not a plan!'] }, 400, 'validation_failed'],
      [{ text: 'x', access: [rivalPlan] }, 400, 'invalid_access'],
      [{ text: 'x', access: ['subscription', ownPlan, 'no-such-plan'] }, 400, 'invalid_access'],
      [{ text: 'x'.repeat(5001), access: ['public'] }, 400, 'validation_failed'],
      [{ text: '   ', access: ['public'] }, 400, 'post_empty'],
      [{ mediaIds: [rivalMedia], access: ['public'] }, 400, 'invalid_media'],
      [{ mediaIds: ['no-such-media'], access: ['public'] }, 400, 'invalid_media'],
      [{ mediaIds: [failed], access: ['public'] }, 409, 'media_failed'],
      [{ mediaIds: [avatar], access: ['public'] }, 409, 'media_in_use'],
      [{ text: 'x', mediaIds: Array.from({ length: 21 }, (_, i) => `m${i}`), access: ['public'] }, 400, 'validation_failed'],
      [{ text: 'x', access: ['public'], publishAt: inDays(-1) }, 400, 'publish_at_in_past'],
      [{ text: 'x', access: ['public'], publishAt: inDays(400) }, 400, 'publish_at_too_far'],
      [{ text: 'x', access: ['public'], publishAt: 'soon' }, 400, 'validation_failed'],
    ];
    for (const [body, status, type] of cases) {
      const response = await creator.client.post('/api/posts', body);
      expect([response.status, response.body.type], JSON.stringify(body).slice(0, 120)).toEqual([status, type]);
    }
    // Someone else's plan and a plan that does not exist read the same.
    const foreign = await creator.client.post('/api/posts', { text: 'x', access: [rivalPlan] });
    const unknown = await creator.client.post('/api/posts', { text: 'x', access: ['no-such-plan'] });
    expect(foreign.body).toEqual(unknown.body);

    const ok = await creator.client.post('/api/posts', { text: 'for members', access: ['follower', ownPlan, 'follower'] });
    expect(ok.status).toBe(201);
    expect(ok.body.access).toEqual(['follower', ownPlan]);
  });

  it('adds, moves and removes single media items without sending the whole list', async () => {
    const owner = await signUp(server, 'arranger', { creator: true });
    const rival = await signUp(server, 'poacher', { creator: true });
    const member = await signUp(server, 'watcher');
    const [a, b, c, d] = [
      await insertMediaRow(server, owner.id),
      await insertMediaRow(server, owner.id),
      await insertMediaRow(server, owner.id),
      await insertMediaRow(server, owner.id),
    ] as [string, string, string, string];
    const post = (await owner.client.post('/api/posts', { mediaIds: [a, b], access: ['public'] })).body;
    const ids = (body: any) => body.media.map((item: any) => item.mediaId);
    const path = `/api/posts/${post.id}/media`;

    const added = await owner.client.post(path, { mediaId: c, position: 0 });
    expect(added.status).toBe(200);
    expect(ids(added.body)).toEqual([c, a, b]);
    expect(added.body.media.map((item: any) => item.position)).toEqual([0, 1, 2]);
    expect(ids((await owner.client.post(path, { mediaId: d })).body)).toEqual([c, a, b, d]);

    const moved = await patch(owner.client, `${path}/${d}`, { position: 1 });
    expect(moved.status).toBe(200);
    expect(ids(moved.body)).toEqual([c, d, a, b]);
    expect(ids((await patch(owner.client, `${path}/${c}`, { position: 99 })).body)).toEqual([d, a, b, c]);

    const removed = await owner.client.delete(`${path}/${a}`);
    expect(removed.status).toBe(200);
    expect(ids(removed.body)).toEqual([d, b, c]);
    // The removed item is the owner's to use again.
    expect((await owner.client.post('/api/posts', { mediaIds: [a], access: ['public'] })).status).toBe(201);

    // Viewers are never told the ids.
    const seen = await member.client.get(`/api/posts/${post.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.media.every((item: any) => item.mediaId === undefined)).toBe(true);
    expect(JSON.stringify(seen.body)).not.toContain(b);

    // Refusals, each with its type; nothing changes.
    const refusals: [Promise<any>, number, string][] = [
      [owner.client.post(path, { mediaId: b }), 409, 'media_in_use'],
      [owner.client.post(path, { mediaId: 'no-such-media' }), 400, 'invalid_media'],
      [owner.client.post(path, { mediaId: b, position: -1 }), 400, 'validation_failed'],
      [patch(owner.client, `${path}/${a}`, { position: 0 }), 404, 'not_found'],
      [owner.client.delete(`${path}/${a}`), 404, 'not_found'],
      [rival.client.post(path, { mediaId: await insertMediaRow(server, rival.id) }), 404, 'not_found'],
      [rival.client.delete(`${path}/${b}`), 404, 'not_found'],
      [member.client.delete(`${path}/${b}`), 403, 'creator_required'],
    ];
    for (const [request, status, type] of refusals) {
      const response = await request;
      expect([response.status, response.body.type]).toEqual([status, type]);
    }
    expect(ids((await owner.client.get(`/api/posts/${post.id}`)).body)).toEqual([d, b, c]);

    // A post with no text keeps at least one item.
    await owner.client.delete(`${path}/${d}`);
    await owner.client.delete(`${path}/${b}`);
    const last = await owner.client.delete(`${path}/${c}`);
    expect([last.status, last.body.type]).toEqual([400, 'post_empty']);

    // A full post takes no more.
    const many = await Promise.all(Array.from({ length: 20 }, () => insertMediaRow(server, owner.id)));
    const full = (await owner.client.post('/api/posts', { mediaIds: many, access: ['public'] })).body;
    const refused = await owner.client.post(`/api/posts/${full.id}/media`, { mediaId: await insertMediaRow(server, owner.id) });
    expect([refused.status, refused.body.type]).toEqual([409, 'post_media_full']);
  });

  it('lets only the owner edit and delete; others are told it does not exist', async () => {
    const owner = await signUp(server, 'editor', { creator: true });
    const rival = await signUp(server, 'meddler', { creator: true });
    const member = await signUp(server, 'lurker');
    const media = [await insertMediaRow(server, owner.id), await insertMediaRow(server, owner.id)];
    const post = (await owner.client.post('/api/posts', { text: 'draft', mediaIds: media, access: ['public'] })).body;

    for (const [method, body] of [
      ['PATCH', { text: 'hijacked' }],
      ['DELETE', undefined],
    ] as const) {
      const byRival = await rival.client.request(method, `/api/posts/${post.id}`, body);
      expect(byRival.status).toBe(404);
      expect(byRival.body.type).toBe('not_found');
      expect((await member.client.request(method, `/api/posts/${post.id}`, body)).body.type).toBe('creator_required');
    }

    const edited = await patch(owner.client, `/api/posts/${post.id}`, { text: 'final', mediaIds: [media[1]], access: ['follower'] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'final', access: ['follower'] });
    expect(edited.body.media.map((item: any) => item.position)).toEqual([0]);
    // The removed item is the owner's to use again.
    expect((await owner.client.post('/api/posts', { mediaIds: [media[0]], access: ['public'] })).status).toBe(201);
    expect((await patch(owner.client, `/api/posts/${post.id}`, { text: '', mediaIds: [] })).body.type).toBe('post_empty');
    expect((await patch(owner.client, `/api/posts/${post.id}`, { access: ['private', 'public'] })).status).toBe(400);

    expect((await owner.client.delete(`/api/posts/${post.id}`)).status).toBe(204);
    for (const client of [owner.client, rival.client, member.client]) expect((await client.get(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await patch(owner.client, `/api/posts/${post.id}`, { text: 'back' })).status).toBe(404);
    expect((await owner.client.delete(`/api/posts/${post.id}`)).status).toBe(404);
    expect((await owner.client.get('/api/posts')).body.items.map((item: any) => item.id)).not.toContain(post.id);
    // A deleted post releases its media: they are deleted, so they cannot resurface elsewhere.
    await vi.waitFor(async () => expect((await owner.client.get(`/api/media/${media[1]}/status`)).status).toBe(404), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await owner.client.post('/api/posts', { mediaIds: [media[1]], access: ['public'] })).body.type).toBe('invalid_media');
  });
});

describe(`posts: scheduling (${TEST_DRIVER})`, () => {
  it('shows a scheduled post only to its owner until its time comes', async () => {
    const creator = await signUp(server, 'planner', { creator: true });
    const fan = await signUp(server, 'early');
    const publishAt = inDays(1);
    const scheduled = await creator.client.post('/api/posts', { text: 'tomorrow', access: ['public'], publishAt });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', publishAt });

    expect((await creator.client.get('/api/posts')).body.items[0]).toMatchObject({ id: scheduled.body.id, status: 'scheduled' });
    expect((await fan.client.get(`/api/posts/${scheduled.body.id}`)).status).toBe(404);
    expect((await fan.client.get(`/api/users/${creator.id}/posts`)).body.items).toEqual([]);

    const moved = await patch(creator.client, `/api/posts/${scheduled.body.id}`, { publishAt: inDays(2) });
    expect(moved.body.status).toBe('scheduled');
    server.advanceClock(DAY_MS + 60_000);
    expect((await fan.client.get(`/api/posts/${scheduled.body.id}`)).status).toBe(404);
    server.advanceClock(DAY_MS);
    const seen = await fan.client.get(`/api/posts/${scheduled.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'published', accessLevel: 'public', text: 'tomorrow' });
    // Once out, it cannot be pulled back into the schedule.
    expect((await patch(creator.client, `/api/posts/${scheduled.body.id}`, { publishAt: inDays(3) })).body.type).toBe(
      'post_already_published',
    );
  });

  it('publishes a scheduled post at once when its publish time is cleared', async () => {
    const creator = await signUp(server, 'impatient', { creator: true });
    const fan = await signUp(server, 'waiting');
    const post = (await creator.client.post('/api/posts', { text: 'soon', access: ['public'], publishAt: inDays(5) })).body;
    const now = await patch(creator.client, `/api/posts/${post.id}`, { publishAt: null });
    expect(now.body.status).toBe('published');
    expect((await fan.client.get(`/api/posts/${post.id}`)).status).toBe(200);
  });
});

describe(`posts: what each viewer gets (${TEST_DRIVER})`, () => {
  it('sends locked posts without their text or original media, with the way to unlock them', async () => {
    const creator = await signUp(server, 'teaser', { creator: true });
    const stranger = await signUp(server, 'passerby');
    const follower = await signUp(server, 'follower');
    const subscriber = await signUp(server, 'patron');
    const cheap = await createActivePlan(creator.client, 'Cheap', 300);
    const dear = await createActivePlan(creator.client, 'Dear', 3000);
    await follow(server, follower.id, creator.id);
    await subscribe(server, subscriber.id, dear, new Date(server.context.now().getTime() + 5 * DAY_MS));

    const secret = `${'s'.repeat(POST_TEASER_CHARS)} and the secret ending`;
    const make = async (access: string[]) =>
      (await creator.client.post('/api/posts', { text: secret, mediaIds: [await insertMediaRow(server, creator.id)], access })).body
        .id as string;
    const sneak = await make(['sneakpeek']);
    const dearOnly = await make([dear]);
    const followers = await make(['follower']);
    const hidden = await make(['private']);

    const locked = (await stranger.client.get(`/api/posts/${sneak}`)).body;
    expect(locked).toMatchObject({ accessLevel: 'sneakpeek', locked: true, text: null, teaser: `${'s'.repeat(POST_TEASER_CHARS)}…` });
    expect(locked.unlock).toEqual({ follow: false, plan: { id: cheap, name: 'Cheap', priceMinor: 300, currency: 'USD' }, price: null });
    expect(Object.keys(locked.media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
    expect(JSON.stringify(locked)).not.toContain('secret ending');

    const dearLocked = (await stranger.client.get(`/api/posts/${dearOnly}`)).body;
    expect(dearLocked).toMatchObject({ accessLevel: 'locked', text: null, teaser: null, unlock: { follow: false, plan: { id: dear } } });
    expect((await stranger.client.get(`/api/posts/${followers}`)).body.unlock).toEqual({ follow: true, plan: null, price: null });
    expect((await follower.client.get(`/api/posts/${followers}`)).body).toMatchObject({
      accessLevel: 'follower',
      text: secret,
      unlock: null,
    });

    const unlocked = (await subscriber.client.get(`/api/posts/${dearOnly}`)).body;
    expect(unlocked).toMatchObject({ accessLevel: 'subscription', locked: false, text: secret, teaser: null, unlock: null });
    expect(Object.keys(unlocked.media[0].urls).sort()).toEqual(['blur', 'blurThumb', 'playable', 'thumb']);
    expect((await subscriber.client.get(`/api/posts/${sneak}`)).body.accessLevel).toBe('subscription');

    for (const client of [stranger.client, follower.client, subscriber.client])
      expect((await client.get(`/api/posts/${hidden}`)).status).toBe(404);
    expect((await creator.client.get(`/api/posts/${hidden}`)).body.accessLevel).toBe('owner');

    const grid = (await stranger.client.get(`/api/users/${creator.id}/posts`)).body.items;
    expect(grid.map((post: any) => [post.id, post.accessLevel])).toEqual([
      [followers, 'locked'],
      [dearOnly, 'locked'],
      [sneak, 'sneakpeek'],
    ]);
  });

  it('pages through a creator’s posts newest first', async () => {
    const creator = await signUp(server, 'prolific', { creator: true });
    const reader = await signUp(server, 'bookworm');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await creator.client.post('/api/posts', { text: `post ${i}`, access: ['public'] })).body.id);
      server.advanceClock(1000);
    }
    const privateId = (await creator.client.post('/api/posts', { text: 'mine only', access: ['private'] })).body.id;

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await reader.client.get(`/api/users/${creator.id}/posts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((post: any) => post.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());

    // The cursor carries its position, not a post to look up: deleting the post it names loses nothing.
    const first: any = (await reader.client.get(`/api/users/${creator.id}/posts?limit=2`)).body;
    expect(first.items.map((post: any) => post.id)).toEqual([ids[4], ids[3]]);
    expect((await creator.client.delete(`/api/posts/${ids[3]}`)).status).toBe(204);
    const second: any = (await reader.client.get(`/api/users/${creator.id}/posts?limit=2&cursor=${first.nextCursor}`)).body;
    expect(second.items.map((post: any) => post.id)).toEqual([ids[2], ids[1]]);
    expect(second.nextCursor).toEqual(expect.any(String));
    // A cursor is only a position: one naming a post id does not parse, so it cannot probe for hidden posts.
    const probe = await reader.client.get(`/api/users/${creator.id}/posts?limit=50&cursor=${privateId}`);
    expect([probe.status, probe.body.type]).toEqual([400, 'invalid_cursor']);

    expect((await creator.client.get('/api/posts?limit=50')).body.items).toHaveLength(5);
    for (const query of ['limit=0', 'limit=51', 'limit=two', 'cursor=not%20an%20id']) {
      expect((await reader.client.get(`/api/users/${creator.id}/posts?${query}`)).status, query).toBe(400);
    }
  });
});
