import { randomUUID } from 'node:crypto';
import { DAY_MS, FAN_LISTS_MAX, generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActivePlan, follow, signUp, subscribe, uniqueHandle } from '../../test/content-fixtures.js';
import { savedCard } from '../../test/money-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { fanLists, tips, users } from '../db/schema.js';

/**
 * Fan lists: each built-in list against a set computed by hand from a scene made through the
 * API (payments, tips and a refund included), custom lists and notes with their ownership rules.
 */

const ADMIN_EMAIL = 'fan-lists-admin@example.com';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: ADMIN_EMAIL });
  admin = new ApiClient(server);
  await admin.register(ADMIN_EMAIL, uniqueHandle('fanadmin'));
  await admin.addAuthenticatorApp();
}, 60_000);
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  // Each admin refund asks for a fresh second factor.
  server?.advanceClock(16 * 60_000);
});

interface MemberRow {
  userId: string;
  since: string;
  spent: { amountMinor: number; currency: string } | null;
  note: string | null;
}

/** Every page of a list, two at a time, in order. */
async function walk(client: ApiClient, ref: string, query = ''): Promise<MemberRow[]> {
  const items: MemberRow[] = [];
  let cursor: string | null = null;
  do {
    const page: { status: number; body: { items: MemberRow[]; nextCursor: string | null } } = await client.get(
      `/api/me/fan-lists/${encodeURIComponent(ref)}/members?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

const ids = (rows: { userId: string }[]) => rows.map((row) => row.userId);
const now = () => server.context.now();

async function pays(client: ApiClient, planId: string): Promise<void> {
  const paymentMethodId = await savedCard(client);
  const subscribed = await client.post('/api/subscriptions', { planId, paymentMethodId, idempotencyKey: randomUUID() });
  expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
}

async function tipsCreator(client: ApiClient, creatorId: string, amountMinor: number): Promise<string> {
  const paymentMethodId = await savedCard(client);
  const tipped = await client.post(`/api/creators/${creatorId}/tips`, {
    amountMinor,
    currency: 'USD',
    paymentMethodId,
    idempotencyKey: randomUUID(),
  });
  expect(tipped.status, JSON.stringify(tipped.body)).toBe(201);
  return tipped.body.id as string;
}

describe(`fan lists (${TEST_DRIVER})`, () => {
  it('keeps each built-in list to the fans its rule names, counted, paged and searched', async () => {
    const creator = await signUp(server, 'listed', { creator: true });
    const rival = await signUp(server, 'listrival', { creator: true });
    const gold = await createActivePlan(creator.client, 'Gold', 900, 'USD');
    const euro = await createActivePlan(creator.client, 'Euro', 500, 'EUR');
    const rivalPlan = await createActivePlan(rival.client, 'Rival', 300);
    const inDays = (days: number) => new Date(now().getTime() + days * DAY_MS);

    // follower: follows, never subscribed. goldPayer: pays Gold (9.00 USD). bigSpender: pays Euro
    // (5.00 EUR) and tips 15.00 USD. refunded: follows and tips 3.00, refunded. endedRecently: follows,
    // subscription ended 5 days ago. endedLong: ended 40 days ago. cameBack: ended 5 days ago, holds
    // Gold again. gone: a Gold subscriber whose account is disabled. stranger: the rival's subscriber.
    const follower = await signUp(server, 'flfol');
    const goldPayer = await signUp(server, 'flgold');
    const bigSpender = await signUp(server, 'flbig');
    const refunded = await signUp(server, 'flref');
    const endedRecently = await signUp(server, 'flendr');
    const endedLong = await signUp(server, 'flendl');
    const cameBack = await signUp(server, 'flback');
    const gone = await signUp(server, 'flgone');
    const stranger = await signUp(server, 'flstrange');
    await follow(server, follower.id, creator.id);
    server.advanceClock(1000);
    await pays(goldPayer.client, gold);
    server.advanceClock(1000);
    await pays(bigSpender.client, euro);
    const bigTip = await tipsCreator(bigSpender.client, creator.id, 1500);
    server.advanceClock(1000);
    await follow(server, refunded.id, creator.id);
    const refundedTip = await tipsCreator(refunded.client, creator.id, 300);
    const [refundedCharge] = await server.context.database.db.select({ id: tips.chargeId }).from(tips).where(eq(tips.id, refundedTip));
    const refund = await admin.post(`/api/admin/payments/${refundedCharge?.id}/refund`, {
      reason: 'Asked',
      endsAccess: true,
      idempotencyKey: randomUUID(),
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await follow(server, endedRecently.id, creator.id);
    await subscribe(server, endedRecently.id, gold, inDays(-5));
    await subscribe(server, endedLong.id, euro, inDays(-40));
    await subscribe(server, cameBack.id, euro, inDays(-5));
    await subscribe(server, cameBack.id, gold, inDays(20));
    await subscribe(server, gone.id, gold, inDays(20));
    await server.context.database.db.update(users).set({ disabledAt: now() }).where(eq(users.id, gone.id));
    await subscribe(server, stranger.id, rivalPlan, inDays(20));

    const expected: Record<string, string[]> = {
      subscribers: [cameBack.id, bigSpender.id, goldPayer.id],
      [`plan:${gold}`]: [cameBack.id, goldPayer.id],
      [`plan:${euro}`]: [bigSpender.id],
      never_subscribed: [refunded.id, follower.id],
      'ended:30': [endedRecently.id],
      'ended:60': [endedLong.id, endedRecently.id],
      'ended:3': [],
      top_spenders: [bigSpender.id, goldPayer.id],
      tippers: [bigSpender.id],
    };
    for (const [ref, members] of Object.entries(expected)) {
      const listed = await walk(creator.client, ref);
      // Lists ordered by a time hold members made a second apart, except the scene's direct rows: compare as sets there.
      if (ref === 'top_spenders') expect(ids(listed), ref).toEqual(members);
      else expect(new Set(ids(listed)), ref).toEqual(new Set(members));
      expect(listed, ref).toHaveLength(members.length);
    }

    // Top spenders count in the currency each paid most in, refunds taken off.
    const spenders = await walk(creator.client, 'top_spenders');
    expect(spenders.map((row) => row.spent)).toEqual([
      { amountMinor: 1500, currency: 'USD' },
      { amountMinor: 900, currency: 'USD' },
    ]);
    // The order of a time list: newest first, by the time it is about.
    expect(ids(await walk(creator.client, 'never_subscribed'))).toEqual([refunded.id, follower.id]);
    const [tipper] = await walk(creator.client, 'tippers');
    const [tipCharge] = await server.context.database.db.select({ paidAt: tips.paidAt }).from(tips).where(eq(tips.id, bigTip));
    expect(tipper?.since).toBe(tipCharge?.paidAt?.toISOString());

    // The lists page counts the same sets: built-in lists, one per active plan, no custom list yet.
    const summary = await creator.client.get('/api/me/fan-lists?days=60');
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(
      summary.body.lists.map((list: { ref: string; count: number; name: string | null }) => [list.ref, list.count, list.name]),
    ).toEqual([
      ['subscribers', 3, null],
      ['never_subscribed', 2, null],
      ['top_spenders', 2, null],
      ['tippers', 1, null],
      ['ended:60', 2, null],
      [`plan:${gold}`, 2, 'Gold'],
      [`plan:${euro}`, 1, 'Euro'],
    ]);
    const head = await creator.client.get(`/api/me/fan-lists/plan:${gold}/members`);
    expect(head.body.list).toMatchObject({ ref: `plan:${gold}`, kind: 'plan', name: 'Gold', count: 2 });

    // Search by handle, any case.
    const handle = (await goldPayer.client.get('/api/me')).body.handle as string;
    expect(ids(await walk(creator.client, 'subscribers', `&q=${encodeURIComponent(handle.toUpperCase())}`))).toEqual([goldPayer.id]);

    // Nobody else's plan, no bad reference, no cursor of another shape; members have no lists.
    expect((await creator.client.get(`/api/me/fan-lists/plan:${rivalPlan}/members`)).status).toBe(404);
    expect((await creator.client.get('/api/me/fan-lists/everyone/members')).body.type).toBe('validation_failed');
    expect((await creator.client.get('/api/me/fan-lists/ended:0/members')).body.type).toBe('validation_failed');
    const badCursor = Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000Z', 'x'])).toString('base64url');
    expect((await creator.client.get(`/api/me/fan-lists/subscribers/members?cursor=${badCursor}`)).body.type).toBe('invalid_cursor');
    const refused = await follower.client.get('/api/me/fan-lists');
    expect([refused.status, refused.body.type]).toEqual([403, 'creator_required']);
  });

  it("keeps a creator's own lists and notes to their fans, their own names and their own eyes", async () => {
    const creator = await signUp(server, 'curator', { creator: true });
    const other = await signUp(server, 'othercurator', { creator: true });
    const fan = await signUp(server, 'curatedfan');
    const secondFan = await signUp(server, 'curatedfan2');
    const stranger = await signUp(server, 'notafan');
    await follow(server, fan.id, creator.id);
    await follow(server, secondFan.id, creator.id);
    await follow(server, fan.id, other.id);

    const created = await creator.client.post('/api/me/fan-lists', { name: '  Best fans ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'custom', name: 'Best fans', count: 0 });
    const listId = created.body.listId as string;
    expect(created.body.ref).toBe(`list:${listId}`);
    const taken = await creator.client.post('/api/me/fan-lists', { name: 'BEST FANS' });
    expect([taken.status, taken.body.type]).toEqual([409, 'fan_list_name_taken']);
    // Another creator may use the same name.
    expect((await other.client.post('/api/me/fan-lists', { name: 'Best fans' })).status).toBe(201);
    expect((await creator.client.post('/api/me/fan-lists', { name: '' })).body.type).toBe('validation_failed');

    // Fans only; the same fan twice is once; another creator cannot touch this list.
    expect((await creator.client.request('PUT', `/api/me/fan-lists/${listId}/members/${fan.id}`)).status).toBe(204);
    server.advanceClock(1000);
    expect((await creator.client.request('PUT', `/api/me/fan-lists/${listId}/members/${secondFan.id}`)).status).toBe(204);
    expect((await creator.client.request('PUT', `/api/me/fan-lists/${listId}/members/${fan.id}`)).status).toBe(204);
    expect((await creator.client.request('PUT', `/api/me/fan-lists/${listId}/members/${stranger.id}`)).status).toBe(404);
    expect((await creator.client.request('PUT', `/api/me/fan-lists/${listId}/members/${creator.id}`)).status).toBe(404);
    expect((await other.client.request('PUT', `/api/me/fan-lists/${listId}/members/${fan.id}`)).status).toBe(404);
    expect((await other.client.get(`/api/me/fan-lists/list:${listId}/members`)).status).toBe(404);
    expect(ids(await walk(creator.client, `list:${listId}`))).toEqual([secondFan.id, fan.id]);

    // Notes: the creator's own, shown on the list; empty removes; strangers are not found.
    const noted = await creator.client.request('PUT', `/api/me/fans/${fan.id}/note`, { text: ' Likes the blue sets ' });
    expect(noted.status).toBe(200);
    expect(noted.body).toEqual({ userId: fan.id, note: 'Likes the blue sets', listIds: [listId] });
    expect((await walk(creator.client, `list:${listId}`)).find((row) => row.userId === fan.id)?.note).toBe('Likes the blue sets');
    expect((await other.client.get(`/api/me/fans/${fan.id}/details`)).body).toEqual({ userId: fan.id, note: null, listIds: [] });
    expect((await creator.client.get(`/api/me/fans/${stranger.id}/details`)).status).toBe(404);
    expect((await creator.client.request('PUT', `/api/me/fans/${stranger.id}/note`, { text: 'x' })).status).toBe(404);
    expect((await creator.client.request('PUT', `/api/me/fans/${fan.id}/note`, { text: 'x'.repeat(501) })).body.type).toBe(
      'validation_failed',
    );
    expect((await creator.client.request('PUT', `/api/me/fans/${fan.id}/note`, { text: '' })).body.note).toBeNull();

    // Rename (names stay unique), take off, delete.
    const second = await creator.client.post('/api/me/fan-lists', { name: 'Whales' });
    expect((await creator.client.request('PATCH', `/api/me/fan-lists/${second.body.listId}`, { name: 'best fans' })).body.type).toBe(
      'fan_list_name_taken',
    );
    const renamed = await creator.client.request('PATCH', `/api/me/fan-lists/${listId}`, { name: 'Inner circle' });
    expect(renamed.body).toMatchObject({ name: 'Inner circle', count: 2 });
    expect((await other.client.request('PATCH', `/api/me/fan-lists/${listId}`, { name: 'Mine' })).status).toBe(404);
    expect((await creator.client.delete(`/api/me/fan-lists/${listId}/members/${fan.id}`)).status).toBe(204);
    expect(ids(await walk(creator.client, `list:${listId}`))).toEqual([secondFan.id]);
    const lists = await creator.client.get('/api/me/fan-lists');
    expect(
      lists.body.lists
        .filter((list: { kind: string }) => list.kind === 'custom')
        .map((list: { name: string; count: number }) => [list.name, list.count]),
    ).toEqual([
      ['Inner circle', 1],
      ['Whales', 0],
    ]);
    expect((await other.client.delete(`/api/me/fan-lists/${listId}`)).status).toBe(404);
    expect((await creator.client.delete(`/api/me/fan-lists/${listId}`)).status).toBe(204);
    expect((await creator.client.get(`/api/me/fan-lists/list:${listId}/members`)).status).toBe(404);
  });

  it(`keeps at most ${FAN_LISTS_MAX} lists of a creator's own`, async () => {
    const creator = await signUp(server, 'hoarder', { creator: true });
    await server.context.database.db
      .insert(fanLists)
      .values(
        Array.from({ length: FAN_LISTS_MAX - 1 }, (_, index) => ({ id: generateId(), creatorId: creator.id, name: `List ${index}` })),
      );
    // Two at once for the last place: one is made, the other refused.
    const answers = await Promise.all(['Last', 'Also last'].map((name) => creator.client.post('/api/me/fan-lists', { name })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.type).toBe('fan_list_limit');
  });
});
