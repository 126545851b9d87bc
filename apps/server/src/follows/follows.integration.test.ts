import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { profiles, users } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const followPath = (creatorId: string) => `/api/creators/${creatorId}/follow`;
const put = (client: ApiClient, path: string) => client.request('PUT', path);

describe(`following creators (${TEST_DRIVER})`, () => {
  it('follows and unfollows idempotently, with counts on the profile and in the current user', async () => {
    const creator = await signUp(server, 'sculptor', { creator: true });
    const fan = await signUp(server, 'admirer');
    const other = await signUp(server, 'onlooker');

    const first = await put(fan.client, followPath(creator.id));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ following: true, followers: 1 });
    expect((await put(fan.client, followPath(creator.id))).body).toEqual({ following: true, followers: 1 });
    expect((await put(other.client, followPath(creator.id))).body).toEqual({ following: true, followers: 2 });

    const page = (await fan.client.get(`/api/users/${creator.id}/profile-page`)).body;
    expect(page).toMatchObject({ followers: 2, following: true });
    expect((await creator.client.get(`/api/users/${creator.id}/profile-page`)).body.following).toBe(false);
    const me = (await fan.client.get('/api/me')).body;
    expect(me.follow).toEqual([{ id: expect.any(String), creatorId: creator.id, userId: fan.id }]);

    const left = await fan.client.delete(followPath(creator.id));
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ following: false, followers: 1 });
    // Unfollowing without a follow is a no-op, not an error.
    const again = await fan.client.delete(followPath(creator.id));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ following: false, followers: 1 });
    expect((await fan.client.get(`/api/users/${creator.id}/profile-page`)).body).toMatchObject({ followers: 1, following: false });
    expect((await fan.client.get('/api/me')).body.follow).toEqual([]);
  });

  it('refuses following oneself, members, unknown and disabled accounts, and anonymous requests', async () => {
    const creator = await signUp(server, 'selfish', { creator: true });
    const member = await signUp(server, 'plain');
    const gone = await signUp(server, 'departed', { creator: true });
    await gone.client.delete('/api/me');

    const self = await put(creator.client, followPath(creator.id));
    expect(self.status).toBe(400);
    expect(self.body.type).toBe('cannot_follow_self');
    for (const id of [member.id, gone.id, 'nobody-here']) {
      const refused = await put(creator.client, followPath(id));
      expect(refused.status, id).toBe(404);
      expect(refused.body.type).toBe('not_found');
    }
    expect((await new ApiClient(server).request('PUT', followPath(creator.id))).status).toBe(401);
    expect((await creator.client.get('/api/me')).body.follow).toEqual([]);
  });

  it('lists the creators a member follows and a creator’s followers, to the creator only', async () => {
    const creators = await Promise.all([1, 2, 3].map(() => signUp(server, 'maker', { creator: true })));
    const fan = await signUp(server, 'collector');
    const avatar = await insertMediaRow(server, creators[0]!.id);
    await server.context.database.db.update(profiles).set({ avatarMediaId: avatar }).where(eq(profiles.userId, creators[0]!.id));
    for (const creator of creators) {
      await put(fan.client, followPath(creator.id));
      server.advanceClock(1000);
    }

    const firstPage = (await fan.client.get('/api/me/follows?limit=2')).body;
    expect(firstPage.items.map((item: any) => item.userId)).toEqual([creators[2]!.id, creators[1]!.id]);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    // Unfollowing the creator the cursor stopped at loses nothing: the cursor carries its position.
    await fan.client.delete(followPath(creators[1]!.id));
    const secondPage = (await fan.client.get(`/api/me/follows?limit=2&cursor=${firstPage.nextCursor}`)).body;
    expect(secondPage.nextCursor).toBeNull();
    expect(secondPage.items).toEqual([
      {
        userId: creators[0]!.id,
        handle: expect.any(String),
        publicName: 'maker name',
        avatarColor: expect.any(String),
        avatarUrl: expect.stringMatching(new RegExp(`^/api/users/${creators[0]!.id}/avatar\\?v=`)),
        followedAt: expect.any(String),
      },
    ]);

    const owner = creators[0]!;
    const more = await Promise.all([signUp(server, 'patron'), signUp(server, 'patron')]);
    for (const follower of more) {
      await put(follower.client, followPath(owner.id));
      server.advanceClock(1000);
    }
    const followers = (await owner.client.get(`/api/creators/${owner.id}/followers?limit=2`)).body;
    expect(followers.total).toBe(3);
    expect(followers.items.map((item: any) => item.userId)).toEqual([more[1]!.id, more[0]!.id]);
    await more[0]!.client.delete(followPath(owner.id));
    const rest = (await owner.client.get(`/api/creators/${owner.id}/followers?limit=2&cursor=${followers.nextCursor}`)).body;
    expect(rest).toMatchObject({ total: 2, nextCursor: null });
    expect(rest.items.map((item: any) => item.userId)).toEqual([fan.id]);

    // Only the creator sees their followers; the creator's page is public, so the refusal says so.
    for (const client of [fan.client, creators[1]!.client]) {
      const refused = await client.get(`/api/creators/${owner.id}/followers`);
      expect(refused.status).toBe(403);
      expect(refused.body.type).toBe('forbidden');
    }
  });

  it('unlocks follower posts at once on following, and locks them again on unfollowing', async () => {
    const creator = await signUp(server, 'gatekeeper', { creator: true });
    const fan = await signUp(server, 'newcomer');
    const mediaId = await insertMediaRow(server, creator.id);
    const created = await creator.client.post('/api/posts', { text: 'for my followers', mediaIds: [mediaId], access: ['follower'] });
    expect(created.status).toBe(201);
    const postId = created.body.id as string;

    const expectLocked = async () => {
      const post = (await fan.client.get(`/api/posts/${postId}`)).body;
      expect(post).toMatchObject({ locked: true, text: null, unlock: { follow: true, plan: null } });
      expect(Object.keys(post.media[0].urls).sort()).toEqual(['blur', 'blurThumb']);
      const grid = (await fan.client.get(`/api/users/${creator.id}/posts`)).body.items;
      expect(grid.map((item: any) => [item.id, item.locked, item.text])).toEqual([[postId, true, null]]);
    };

    await expectLocked();
    await put(fan.client, followPath(creator.id));
    const open = (await fan.client.get(`/api/posts/${postId}`)).body;
    expect(open).toMatchObject({ accessLevel: 'follower', locked: false, text: 'for my followers', unlock: null });
    expect(Object.keys(open.media[0].urls).sort()).toEqual(['blur', 'blurThumb', 'playable', 'thumb']);
    expect((await fan.client.get(`/api/users/${creator.id}/posts`)).body.items[0]).toMatchObject({ id: postId, locked: false });

    await fan.client.delete(followPath(creator.id));
    await expectLocked();
  });

  it('keeps each creator’s follower count equal to the follows of accounts that are not disabled', async () => {
    const { db } = server.context.database;
    const creators = [await signUp(server, 'kept1', { creator: true }), await signUp(server, 'kept2', { creator: true })];
    const fans = [await signUp(server, 'keptfan1'), await signUp(server, 'keptfan2'), await signUp(server, 'keptfan3')];
    const creatorIds = creators.map((creator) => creator.id);
    // The kept count beside a fresh count, per creator.
    const counts = async () => {
      const rows = await db
        .select({
          kept: profiles.followerCount,
          // Raw names: drizzle leaves columns unqualified inside a select list's sql.
          live: sql<number>`(select count(*)::int from follows f join users u on u.id = f.user_id and u.disabled_at is null
            where f.creator_id = profiles.user_id)`,
        })
        .from(profiles)
        .where(inArray(profiles.userId, creatorIds))
        .orderBy(profiles.handle);
      for (const row of rows) expect(row.kept).toBe(row.live);
      return rows.map((row) => row.kept);
    };

    for (const fan of fans) for (const creator of creators) await put(fan.client, followPath(creator.id));
    await put(creators[1]!.client, followPath(creators[0]!.id));
    expect(await counts()).toEqual([4, 3]);
    await fans[0]!.client.delete(followPath(creators[0]!.id));
    expect(await counts()).toEqual([3, 3]);

    // Disabling an account takes all its follows out of the counts, and enabling it brings them back.
    await db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(inArray(users.id, [fans[1]!.id, fans[2]!.id]));
    expect(await counts()).toEqual([1, 1]);
    await db.update(users).set({ disabledAt: null }).where(eq(users.id, fans[2]!.id));
    expect(await counts()).toEqual([2, 2]);
    // An update that changes nothing about being disabled leaves the counts alone.
    await db.update(users).set({ labels: [] }).where(eq(users.id, fans[2]!.id));
    expect(await counts()).toEqual([2, 2]);

    // Deleting accounts removes their follows: an active follower's counted ones, a disabled one's not twice.
    await db.delete(users).where(inArray(users.id, [fans[1]!.id, fans[2]!.id]));
    expect(await counts()).toEqual([1, 1]);
    const page = (await fans[0]!.client.get(`/api/users/${creators[1]!.id}/profile-page`)).body;
    expect(page.followers).toBe(1);
  });
});
