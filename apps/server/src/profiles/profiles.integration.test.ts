import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, follow, insertMediaRow, signUp } from '../../test/content-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { profiles } from '../db/schema.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe(`the profile page (${TEST_DRIVER})`, () => {
  it('shows a creator with bio, images, real follower count and active plans', async () => {
    const creator = await signUp(server, 'painter', { creator: true });
    const avatar = await insertMediaRow(server, creator.id);
    await server.context.database.db
      .update(profiles)
      .set({ bio: 'I paint at night.', avatarMediaId: avatar })
      .where(eq(profiles.userId, creator.id));
    const fans = await Promise.all([signUp(server, 'fana'), signUp(server, 'fanb'), signUp(server, 'fanc')]);
    for (const fan of fans) await follow(server, fan.id, creator.id);
    // A disabled account no longer counts as a follower.
    await fans[2]!.client.delete('/api/me');
    const premium = await createActivePlan(creator.client, 'Premium', 2000);
    const basic = await createActivePlan(creator.client, 'Basic', 400);
    await creator.client.post('/api/plans', { name: 'Draft', priceMinor: 100, currency: 'USD' });

    const page = await fans[0]!.client.get(`/api/users/${creator.id}/profile-page`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      userId: creator.id,
      isCreator: true,
      followers: 2,
      bio: 'I paint at night.',
      coverUrl: null,
      takesTips: true,
    });
    expect(page.body.avatarUrl).toMatch(new RegExp(`^/api/users/${creator.id}/avatar\\?v=`));
    expect(page.body.avatarUrl).not.toContain(avatar);
    expect(page.body.plans.map((plan: any) => plan.id)).toEqual([basic, premium]);
    expect((await fans[0]!.client.get(`/api/users/${creator.id}`)).body.followers).toBe(2);
    const me = (await creator.client.get('/api/me')).body;
    expect(me.followers).toBe(2);
    // Their own picture, for the app's header: the same address everyone else gets.
    expect(me.avatarUrl).toBe(page.body.avatarUrl);
    // A creator who turned tips off is shown without a way to tip.
    await creator.client.request('PUT', '/api/me/tip-settings', { enabled: false, currency: 'USD', minimumMinor: 100 });
    expect((await fans[0]!.client.get(`/api/users/${creator.id}/profile-page`)).body.takesTips).toBe(false);
  });

  it('shows members without plans or follower count, and hides unknown and disabled users', async () => {
    const member = await signUp(server, 'quiet');
    const viewer = await signUp(server, 'curious');
    const page = await viewer.client.get(`/api/users/${member.id}/profile-page`);
    expect(page.body).toMatchObject({
      isCreator: false,
      followers: null,
      bio: null,
      avatarUrl: null,
      coverUrl: null,
      plans: [],
      takesTips: false,
    });

    expect((await viewer.client.get('/api/users/nobody-here/profile-page')).status).toBe(404);
    await member.client.delete('/api/me');
    expect((await viewer.client.get(`/api/users/${member.id}/profile-page`)).status).toBe(404);
    expect((await new ApiClient(server).get(`/api/users/${viewer.id}/profile-page`)).status).toBe(401);
  });
});
