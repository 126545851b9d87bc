import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivePlan, follow, signUp, subscribe } from '../../test/content-fixtures.js';
import { type ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { follows, users } from '../db/schema.js';

let server: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** Every page of a list, walked with a small page size, as (userId) in order. */
async function walk(client: ApiClient, path: string): Promise<{ userId: string; following: boolean; subscription: unknown }[]> {
  const items: { userId: string; following: boolean; subscription: unknown }[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page: { status: number; body: { items: typeof items; nextCursor: string | null } } = await client.get(
      `${path}${separator}limit=2${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

const ids = (rows: { userId: string }[]) => rows.map((row) => row.userId);

describe(`people (${TEST_DRIVER})`, () => {
  it("lists a creator's fans with filters and search, and a member's creators, newest first, page by page", async () => {
    const creator = await signUp(server, 'peoplestar', { creator: true });
    const other = await signUp(server, 'peoplerival', { creator: true });
    const gold = await createActivePlan(creator.client, 'Gold', 900);
    const silver = await createActivePlan(creator.client, 'Silver', 400);
    const rivalPlan = await createActivePlan(other.client, 'Rival', 300);
    const future = new Date(Date.now() + 30 * DAY);

    // In order: a follower; a follower who subscribes to Gold; a Silver subscriber who does not follow;
    // a lapsed subscriber (not a fan); a follower whose account is disabled (left out).
    const onlyFollows = await signUp(server, 'peoplefollower');
    const both = await signUp(server, 'peopleboth');
    const onlySubscribes = await signUp(server, 'peoplesubscriber');
    const lapsed = await signUp(server, 'peoplelapsed');
    const disabled = await signUp(server, 'peopledisabled');
    await follow(server, onlyFollows.id, creator.id);
    server.advanceClock(10);
    await follow(server, both.id, creator.id);
    await subscribe(server, both.id, gold, future);
    server.advanceClock(10);
    await subscribe(server, onlySubscribes.id, silver, future);
    await subscribe(server, lapsed.id, silver, new Date(Date.now() - DAY));
    await follow(server, disabled.id, creator.id);
    await server.context.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.id));
    // Another creator's fan is not this creator's.
    await subscribe(server, onlyFollows.id, rivalPlan, future);

    const fans = await walk(creator.client, '/api/me/fans');
    expect(new Set(ids(fans))).toEqual(new Set([onlyFollows.id, both.id, onlySubscribes.id]));
    expect(fans).toHaveLength(3);
    const byId = new Map(fans.map((fan) => [fan.userId, fan]));
    expect(byId.get(both.id)).toMatchObject({ following: true, subscription: { planId: gold, planName: 'Gold' } });
    expect(byId.get(onlySubscribes.id)).toMatchObject({ following: false, subscription: { planId: silver, planName: 'Silver' } });
    // The rival's plan is not this creator's business.
    expect(byId.get(onlyFollows.id)).toMatchObject({ following: true, subscription: null });
    expect(JSON.stringify(fans)).not.toMatch(/email|paymentMethod|autoRenew/);

    expect(new Set(ids(await walk(creator.client, '/api/me/fans?relation=followers')))).toEqual(new Set([onlyFollows.id, both.id]));
    expect(new Set(ids(await walk(creator.client, '/api/me/fans?relation=subscribers')))).toEqual(new Set([both.id, onlySubscribes.id]));
    expect(ids(await walk(creator.client, `/api/me/fans?planId=${gold}`))).toEqual([both.id]);
    expect(ids(await walk(creator.client, `/api/me/fans?relation=followers&planId=${silver}`))).toEqual([]);
    expect(ids(await walk(creator.client, `/api/me/fans?planId=${rivalPlan}`))).toEqual([]);
    const handle = (await onlySubscribes.client.get('/api/me')).body.handle as string;
    expect(ids(await walk(creator.client, `/api/me/fans?q=${encodeURIComponent(`@${handle.toUpperCase()}`)}`))).toEqual([
      onlySubscribes.id,
    ]);
    expect(ids(await walk(creator.client, '/api/me/fans?q=%25'))).toEqual([]);

    // Members have no fans to list; bad input is refused with its code.
    const refused = await onlyFollows.client.get('/api/me/fans');
    expect([refused.status, refused.body.type]).toEqual([403, 'creator_required']);
    expect((await creator.client.get('/api/me/fans?relation=friends')).body.type).toBe('validation_failed');
    expect((await creator.client.get(`/api/me/fans?q=${'x'.repeat(101)}`)).body.type).toBe('validation_failed');
    expect((await creator.client.get(`/api/me/fans?cursor=${Buffer.from('["x"]').toString('base64url')}`)).body.type).toBe(
      'invalid_cursor',
    );

    // The member's side: the creators they follow and subscribe to, their own subscription with its id.
    const mine = await walk(both.client, '/api/me/creators');
    expect(ids(mine)).toEqual([creator.id]);
    expect(mine[0]).toMatchObject({ following: true, subscription: { planId: gold, autoRenew: true } });
    const followerSide = await walk(onlyFollows.client, '/api/me/creators');
    expect(ids(followerSide)).toEqual([other.id, creator.id]);
    expect(ids(await walk(onlyFollows.client, '/api/me/creators?relation=following'))).toEqual([creator.id]);
    expect(ids(await walk(onlyFollows.client, '/api/me/creators?relation=subscribed'))).toEqual([other.id]);
    expect(await walk(lapsed.client, '/api/me/creators')).toEqual([]);
  });

  it('keeps every fan exactly once across pages when follows share a time', async () => {
    const creator = await signUp(server, 'peopletie', { creator: true });
    const at = new Date();
    const fans = await Promise.all([0, 1, 2, 3, 4].map((index) => signUp(server, `peopletie${index}`)));
    await server.context.database.db
      .insert(follows)
      .values(fans.map((fan) => ({ id: generateId(), userId: fan.id, creatorId: creator.id, createdAt: at })));
    const listed = await walk(creator.client, '/api/me/fans');
    expect(ids(listed).sort()).toEqual(ids(fans.map((fan) => ({ userId: fan.id }))).sort());
  });
});
