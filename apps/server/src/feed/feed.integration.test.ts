import { DAY_MS, POST_TEASER_CHARS, SEEN_RECORDS_LIMIT } from '@aurum/core';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActivePlan, follow, insertMediaRow, signUp, subscribe } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { posts, seenRecords, subscriptions } from '../db/schema.js';

// Public posts reach every feed, so each test gets a database of its own.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server?.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;

/** Publishes a post through the API, a moment after the previous one, and answers its id. */
async function publish(author: Member, access: string[], text: string, mediaIds: string[] = []): Promise<string> {
  server.advanceClock(1000);
  const created = await author.client.post('/api/posts', { text, access, mediaIds });
  if (created.status !== 201) throw new Error(`post failed: ${JSON.stringify(created.body)}`);
  return created.body.id;
}

const feed = async (client: ApiClient, query = '') => {
  const response = await client.get(`/api/feed${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { items: any[]; nextCursor: string | null };
};
const mainIds = (page: { items: any[] }) => page.items.filter((item) => !item.sneakPeek).map((item) => item.id);
const peekIds = (page: { items: any[] }) => page.items.filter((item) => item.sneakPeek).map((item) => item.id);

describe(`the feed (${TEST_DRIVER})`, () => {
  it('holds public, own, followed and subscribed posts, newest first, and nothing locked or hidden', async () => {
    const viewer = await signUp(server, 'reader', { creator: true });
    const followed = await signUp(server, 'followed', { creator: true });
    const subscribed = await signUp(server, 'patroned', { creator: true });
    const stranger = await signUp(server, 'stranger', { creator: true });
    const gone = await signUp(server, 'gone', { creator: true });
    await follow(server, viewer.id, followed.id);
    const plan = await createActivePlan(subscribed.client, 'Gold', 500);
    const otherPlan = await createActivePlan(subscribed.client, 'Silver', 300);
    await subscribe(server, viewer.id, plan, new Date(Date.now() + 30 * DAY_MS));

    const shown = {
      ownPrivate: await publish(viewer, ['private'], 'my drafts'),
      followerPost: await publish(followed, ['follower'], 'for followers'),
      planPost: await publish(subscribed, [plan], 'for gold members'),
      anySubscriber: await publish(subscribed, ['subscription'], 'for any member'),
      unlockedPeek: await publish(subscribed, ['sneakpeek'], 'a peek my subscribers see in full'),
      publicPost: await publish(stranger, ['public'], 'hello world'),
    };
    const hidden = [
      await publish(followed, ['subscription'], 'members only'),
      await publish(subscribed, [otherPlan], 'silver only'),
      await publish(stranger, ['follower'], 'followers only'),
      await publish(stranger, ['private'], 'private'),
      await publish(gone, ['public'], 'from an account about to go'),
    ];
    server.advanceClock(1000);
    const scheduled = await viewer.client.post('/api/posts', {
      text: 'later',
      access: ['public'],
      publishAt: new Date(server.context.now().getTime() + DAY_MS).toISOString(),
    });
    expect(scheduled.status).toBe(201);
    await gone.client.delete('/api/me');

    const page = await feed(viewer.client);
    expect(page.items.map((item) => item.id)).toEqual(Object.values(shown).reverse());
    expect(page.items.every((item) => item.sneakPeek === false && item.locked === false)).toBe(true);
    expect(page.items.map((item) => item.accessLevel)).toEqual([
      'public',
      'subscription',
      'subscription',
      'subscription',
      'follower',
      'owner',
    ]);
    expect(page.items.find((item) => item.id === shown.followerPost)).toMatchObject({ text: 'for followers', unlock: null });
    expect(page.nextCursor).toBeNull();
    for (const id of [...hidden, scheduled.body.id]) expect(page.items.map((item) => item.id)).not.toContain(id);

    // A lapsed subscription takes its posts out of the feed.
    await server.context.database.db
      .update(subscriptions)
      .set({ validUntil: new Date(server.context.now().getTime() - 1000) })
      .where(eq(subscriptions.userId, viewer.id));
    expect(mainIds(await feed(viewer.client))).toEqual([shown.publicPost, shown.followerPost, shown.ownPrivate]);
  });

  it('adds and removes follower posts as soon as the viewer follows and unfollows', async () => {
    const viewer = await signUp(server, 'newfan');
    const creator = await signUp(server, 'maker', { creator: true });
    const post = await publish(creator, ['follower'], 'followers first');
    expect((await feed(viewer.client)).items).toEqual([]);

    expect((await viewer.client.request('PUT', `/api/creators/${creator.id}/follow`)).status).toBe(200);
    expect(mainIds(await feed(viewer.client))).toEqual([post]);
    await viewer.client.delete(`/api/creators/${creator.id}/follow`);
    expect((await feed(viewer.client)).items).toEqual([]);
  });

  it('leaves out seen posts, counting only the latest seen records', async () => {
    const viewer = await signUp(server, 'watcher');
    const creator = await signUp(server, 'poster', { creator: true });
    const [first, second, third] = [
      await publish(creator, ['public'], 'one'),
      await publish(creator, ['public'], 'two'),
      await publish(creator, ['public'], 'three'),
    ];
    expect((await viewer.client.post('/api/seen', { entityId: second })).status).toBe(201);
    expect(mainIds(await feed(viewer.client))).toEqual([third, first]);
    // Someone else's seen records are theirs.
    expect(mainIds(await feed(creator.client))).toEqual([third, second, first]);

    // SEEN_RECORDS_LIMIT newer records push the oldest one out, and its post comes back.
    const base = server.context.now().getTime();
    const newer = Array.from({ length: SEEN_RECORDS_LIMIT - 1 }, (_, index) => ({
      userId: viewer.id,
      entityId: `elsewhere-${index}`,
      createdAt: new Date(base + 1000 + index),
    }));
    await server.context.database.db.insert(seenRecords).values(newer);
    expect(mainIds(await feed(viewer.client))).toEqual([third, first]);
    await server.context.database.db
      .insert(seenRecords)
      .values({ userId: viewer.id, entityId: 'the-last-straw', createdAt: new Date(base + 5000) });
    expect(mainIds(await feed(viewer.client))).toEqual([third, second, first]);
  });

  it('pages with a cursor, without duplicates or gaps, while the reader marks posts seen', async () => {
    const viewer = await signUp(server, 'scroller');
    const creator = await signUp(server, 'prolific', { creator: true });
    const ids: string[] = [];
    for (let index = 0; index < 8; index++) ids.push(await publish(creator, ['public'], `post ${index}`));
    // Three posts share one publish time: the id breaks the tie.
    const tie = new Date(server.context.now().getTime() - 3500);
    await server.context.database.db
      .update(posts)
      .set({ publishAt: tie })
      .where(inArray(posts.id, ids.slice(3, 6)));
    const expected = [...ids.slice(6).reverse(), ...ids.slice(3, 6).sort().reverse(), ...ids.slice(0, 3).reverse()];

    const seen: string[] = [];
    let cursor: string | null = null;
    const pages: string[][] = [];
    do {
      const page: { items: any[]; nextCursor: string | null } = await feed(viewer.client, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(mainIds(page));
      for (const id of mainIds(page)) {
        await viewer.client.post('/api/seen', { entityId: id });
        seen.push(id);
      }
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 2]);
    expect(seen).toEqual(expected);
    // The next visit starts afresh without what was read; the earlier posts are still there, paged the same way.
    expect((await feed(viewer.client)).items).toEqual([]);
    const earlier = await feed(viewer.client, '?seen=include&limit=5');
    expect(mainIds(earlier)).toEqual(expected.slice(0, 5));
    expect(mainIds(await feed(viewer.client, `?seen=include&limit=5&cursor=${earlier.nextCursor}`))).toEqual(expected.slice(5));
    expect(mainIds(await feed(viewer.client, `?seen=include&creatorId=${creator.id}&limit=50`))).toEqual(expected);
    expect((await viewer.client.get('/api/feed?seen=all')).status).toBe(400);

    for (const bad of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const refused = await viewer.client.get(`/api/feed?cursor=${bad}`);
      expect([refused.status, refused.body.type]).toEqual([400, 'invalid_cursor']);
    }
    expect((await viewer.client.get('/api/feed?limit=51')).status).toBe(400);
    expect((await new ApiClient(server).get('/api/feed')).status).toBe(401);
  });

  it('counts only content actually shown: a post opened while locked reaches the feed once unlocked, and a creator keeps their own', async () => {
    const viewer = await signUp(server, 'window', { creator: true });
    const creator = await signUp(server, 'shopkeeper', { creator: true });
    const plan = await createActivePlan(creator.client, 'Gold', 500);
    const paid = await publish(creator, [plan], 'for gold members');
    const own = await publish(viewer, ['public'], 'just published');

    // Opened while locked: seen locked, not its content. Opened by its creator: no view at all.
    expect((await viewer.client.post('/api/seen', { entityId: paid })).body.locked).toBe(true);
    expect((await viewer.client.post('/api/seen', { entityId: own })).body.type).toBe('own_post_not_seen');
    expect(mainIds(await feed(viewer.client))).toEqual([own]);

    await subscribe(server, viewer.id, plan, new Date(Date.now() + 30 * DAY_MS));
    expect(mainIds(await feed(viewer.client))).toEqual([own, paid]);
    // Read in full, it leaves the new posts.
    expect((await viewer.client.post('/api/seen', { entityId: paid })).status).toBe(201);
    expect(mainIds(await feed(viewer.client))).toEqual([own]);
  });

  it('shows the posts a followed or subscribed creator sells on their own, locked with their price, and unlocked once bought', async () => {
    const creator = await signUp(server, 'stallholder', { creator: true });
    const fan = await signUp(server, 'fan');
    const stranger = await signUp(server, 'passerby');
    await follow(server, fan.id, creator.id);
    server.advanceClock(1000);
    const price = { amountMinor: 600, currency: 'USD' };
    const sold = await creator.client.post('/api/posts', {
      text: 'The full set',
      mediaIds: [await insertMediaRow(server, creator.id)],
      access: ['subscription'],
      price,
    });
    const members = await publish(creator, ['subscription'], 'members only, not sold');

    const page = await feed(fan.client);
    expect(mainIds(page)).toEqual([sold.body.id]);
    expect(page.items[0]).toMatchObject({ locked: true, text: null, unlock: { price } });
    expect(Object.keys(page.items[0].media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
    expect(mainIds(await feed(stranger.client))).not.toContain(sold.body.id);
    expect(mainIds(await feed(fan.client, `?creatorId=${creator.id}`))).toEqual([sold.body.id]);
    expect(mainIds(await feed(fan.client))).not.toContain(members);

    const token = await fan.client.post('/api/payments/dev/tokens', {
      type: 'card',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
    });
    const method = await fan.client.post('/api/payment-methods', { token: token.body.token });
    const bought = await fan.client.post(`/api/posts/${sold.body.id}/purchase`, {
      paymentMethodId: method.body.id,
      idempotencyKey: 'feed-purchase-0123456789',
      price,
    });
    expect(bought.status).toBe(200);
    expect((await feed(fan.client)).items[0]).toMatchObject({ id: sold.body.id, locked: false, text: 'The full set' });
  });

  it('filters to one creator', async () => {
    const viewer = await signUp(server, 'picky');
    const [one, two] = [await signUp(server, 'first', { creator: true }), await signUp(server, 'second', { creator: true })];
    const posted = { one: [] as string[], two: [] as string[] };
    for (let index = 0; index < 3; index++) {
      posted.one.push(await publish(one, ['public'], `one ${index}`));
      posted.two.push(await publish(two, ['public'], `two ${index}`));
    }
    expect(mainIds(await feed(viewer.client, `?creatorId=${one.id}`))).toEqual([...posted.one].reverse());
    expect((await feed(viewer.client, '?creatorId=nobody')).items).toEqual([]);
  });
});

describe(`sneak peeks in the feed (${TEST_DRIVER})`, () => {
  const longText = `${'A secret worth paying for, told slowly. '.repeat(5)}THE-ENDING`;

  async function peekingCreator(count: number) {
    const creator = await signUp(server, 'teaser', { creator: true });
    const plan = await createActivePlan(creator.client, 'Inner circle', 700);
    const peeks: string[] = [];
    for (let index = 0; index < count; index++) {
      const mediaId = await insertMediaRow(server, creator.id);
      peeks.push(await publish(creator, ['sneakpeek'], `${longText} ${index}`, [mediaId]));
    }
    return { creator, plan, peeks };
  }

  it('mixes 3 to 10 blurred sneak peeks into pages of 3 or more posts, never revealing them', async () => {
    const viewer = await signUp(server, 'curious');
    const { creator, plan, peeks } = await peekingCreator(12);
    const author = await signUp(server, 'author', { creator: true });
    const posted: string[] = [];
    for (let index = 0; index < 2; index++) posted.unshift(await publish(author, ['public'], `free ${index}`));

    // Two posts are too few for sneak peeks.
    const small = await feed(viewer.client);
    expect(small.items.map((item) => [item.id, item.sneakPeek])).toEqual(posted.map((id) => [id, false]));

    posted.unshift(await publish(author, ['public'], 'free 2'));
    const page = await feed(viewer.client);
    expect(mainIds(page)).toEqual(posted);
    expect(peekIds(page)).toHaveLength(3);
    expect(new Set(page.items.map((item) => item.id)).size).toBe(6);
    for (const item of page.items.filter((entry) => entry.sneakPeek)) {
      expect(peeks).toContain(item.id);
      expect(item).toMatchObject({
        accessLevel: 'sneakpeek',
        locked: true,
        text: null,
        unlock: { follow: false, plan: { id: plan, priceMinor: 700 } },
        creator: { userId: creator.id },
      });
      expect(item.teaser.length).toBeLessThanOrEqual(POST_TEASER_CHARS + 1);
      expect(Object.keys(item.media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
    }
    const raw = JSON.stringify(page);
    expect(raw).not.toContain('THE-ENDING');
    expect(raw).not.toMatch(/\/(thumb|playable|poster)\?/);

    // A bigger page gets about a fifth: 15 posts, 3 peeks; 50 posts, 10.
    for (let index = 3; index < 51; index++) posted.unshift(await publish(author, ['public'], `free ${index}`));
    expect(peekIds(await feed(viewer.client, '?limit=15'))).toHaveLength(3);
    const full = await feed(viewer.client, '?limit=50');
    expect(mainIds(full)).toEqual(posted.slice(0, 50));
    expect(peekIds(full)).toHaveLength(10);
    // The cursor follows the feed's own posts: the next page starts after the 50th, and one post gets no peeks.
    const rest = await feed(viewer.client, `?limit=50&cursor=${full.nextCursor}`);
    expect(rest.items.map((item) => [item.id, item.sneakPeek])).toEqual([[posted[50], false]]);
    expect(rest.nextCursor).toBeNull();
  });

  it('offers no sneak peeks with a creator filter, from blocked creators, seen ones, or to subscribers', async () => {
    const viewer = await signUp(server, 'browsing');
    const { creator, plan, peeks } = await peekingCreator(4);
    const author = await signUp(server, 'writer', { creator: true });
    const posted: string[] = [];
    for (let index = 0; index < 5; index++) posted.unshift(await publish(author, ['public'], `free ${index}`));

    expect(peekIds(await feed(viewer.client))).toHaveLength(3);
    expect((await feed(viewer.client, `?creatorId=${author.id}`)).items.map((item) => [item.id, item.sneakPeek])).toEqual(
      posted.map((id) => [id, false]),
    );
    // Sneak peeks are not the creator's feed posts either.
    expect((await feed(viewer.client, `?creatorId=${creator.id}`)).items).toEqual([]);

    // Seen ones are not offered again; fewer candidates than places mean fewer peeks.
    for (const id of peeks.slice(0, 2)) expect((await viewer.client.post('/api/seen', { entityId: id })).status).toBe(201);
    expect(peekIds(await feed(viewer.client)).sort()).toEqual(peeks.slice(2).sort());

    expect((await viewer.client.request('PUT', `/api/users/${creator.id}/block`)).status).toBe(200);
    expect(peekIds(await feed(viewer.client))).toEqual([]);
    await viewer.client.delete(`/api/users/${creator.id}/block`);
    expect(peekIds(await feed(viewer.client))).toHaveLength(2);

    // A subscriber sees the posts in full, among the feed's own posts.
    await subscribe(server, viewer.id, plan, new Date(Date.now() + 30 * DAY_MS));
    const subscribedPage = await feed(viewer.client);
    expect(peekIds(subscribedPage)).toEqual([]);
    // Those seen as sneak peeks come too: only their teaser was shown.
    expect(mainIds(subscribedPage)).toEqual([...posted, ...[...peeks].reverse()]);
    expect(subscribedPage.items.find((item) => item.id === peeks[3])).toMatchObject({ accessLevel: 'subscription', locked: false });
  });
});

describe(`blocked creators in the feed (${TEST_DRIVER})`, () => {
  it('leave the feed with their follow, and only public posts return on unblocking', async () => {
    const viewer = await signUp(server, 'blocker');
    const creator = await signUp(server, 'blockee', { creator: true });
    const other = await signUp(server, 'bystander', { creator: true });
    await follow(server, viewer.id, creator.id);
    const followerPost = await publish(creator, ['follower'], 'for followers');
    const publicPost = await publish(creator, ['public'], 'for all');
    const otherPost = await publish(other, ['public'], 'unrelated');
    expect(mainIds(await feed(viewer.client))).toEqual([otherPost, publicPost, followerPost]);

    expect((await viewer.client.request('PUT', `/api/users/${creator.id}/block`)).body).toEqual({ blocked: true });
    expect(mainIds(await feed(viewer.client))).toEqual([otherPost]);
    expect((await feed(viewer.client, `?creatorId=${creator.id}`)).items).toEqual([]);
    expect((await viewer.client.get('/api/me')).body.follow).toEqual([]);
    // Only the blocker's feed changes.
    expect(mainIds(await feed(other.client))).toEqual([otherPost, publicPost]);

    await viewer.client.delete(`/api/users/${creator.id}/block`);
    expect(mainIds(await feed(viewer.client))).toEqual([otherPost, publicPost]);
  });
});
