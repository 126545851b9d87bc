import { generateId } from '@aurum/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/content-fixtures.js';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import {
  charges,
  creatorDailyInsights,
  follows,
  ledgerEntries,
  likes,
  paymentMethods,
  plans,
  posts,
  seenRecords,
  subscriptions,
  users,
} from '../db/schema.js';

/**
 * Aggregates against a hand-built history in New York time (UTC-5 in winter). The view is
 * 1 to 14 January 2026 (a custom range, so the suite does not depend on today); the previous
 * period is 18 to 31 December 2025. Every figure expected below is counted by hand from the
 * rows inserted here.
 */

let server: TestServer;
type Member = Awaited<ReturnType<typeof signUp>>;
let creator: Member;
let outsider: Member;
let otherCreator: Member;
let admin: Member;
const m: Member[] = [];
let gold: string;
let silver: string;
let lockedPost: string;
let publicPost: string;

const at = (iso: string) => new Date(iso);
const TZ = 'America/New_York';
const RANGE = `range=custom&from=2026-01-01&to=2026-01-14&tz=${encodeURIComponent(TZ)}`;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.context.database.db;
  creator = await signUp(server, 'earner', { creator: true });
  otherCreator = await signUp(server, 'rival', { creator: true });
  outsider = await signUp(server, 'nosy');
  admin = await signUp(server, 'boss');
  await db
    .update(users)
    .set({ labels: sql`array_append(${users.labels}, 'admins')` })
    .where(eq(users.id, admin.id));
  server.context.sessions.forgetUser(admin.id);
  for (let index = 1; index <= 8; index++) m[index] = await signUp(server, `fan${index}`);
  const id = (n: number) => (m[n] as Member).id;

  gold = generateId();
  silver = generateId();
  await db.insert(plans).values([
    { id: gold, creatorId: creator.id, name: 'Gold', priceMinor: 1000, currency: 'USD', active: true },
    { id: silver, creatorId: creator.id, name: 'Silver', priceMinor: 500, currency: 'EUR', active: true },
  ]);
  const methods = new Map<number, string>();
  for (let n = 1; n <= 8; n++) {
    const methodId = generateId();
    methods.set(n, methodId);
    await db
      .insert(paymentMethods)
      .values({ id: methodId, userId: id(n), provider: 'dev', providerRef: `tok_${n}`, type: 'card', last4: '4242' });
  }

  // Subscriptions (see the subscriber expectations).
  const sub = (
    n: number,
    planId: string,
    createdAt: string,
    validUntil: string,
    extra: Partial<typeof subscriptions.$inferInsert> = {},
  ) => ({
    id: generateId(),
    userId: id(n),
    creatorId: creator.id,
    planId,
    validUntil: at(validUntil),
    createdAt: at(createdAt),
    ...extra,
  });
  const s1 = sub(1, gold, '2025-12-01T12:00:00Z', '2026-02-01T05:30:00Z');
  await db.insert(subscriptions).values([
    s1,
    sub(2, gold, '2026-01-03T12:00:00Z', '2026-02-02T12:00:00Z'),
    // Cancelled by the member on 6 January; the paid period still runs to the 9th.
    sub(3, silver, '2025-12-10T12:00:00Z', '2026-01-09T12:00:00Z', { autoRenew: false, cancelledAt: at('2026-01-06T12:00:00Z') }),
    sub(4, silver, '2025-12-05T12:00:00Z', '2026-01-04T12:00:00Z', { lapsedAt: at('2026-01-07T12:00:00Z'), renewalFailures: 3 }),
    sub(5, gold, '2025-11-01T12:00:00Z', '2025-12-20T12:00:00Z', { autoRenew: false, cancelledAt: at('2025-12-19T12:00:00Z') }),
  ]);

  // Charges and their ledger entries (fee 20%).
  const charge = (
    n: number,
    planId: string,
    kind: string,
    amountMinor: number,
    currency: string,
    settledAt: string,
    periodDays: number,
  ) => {
    const settled = at(settledAt);
    return {
      id: generateId(),
      idempotencyKey: generateId(),
      kind,
      status: 'succeeded',
      userId: id(n),
      creatorId: creator.id,
      planId,
      subscriptionId: kind === 'renewal' ? s1.id : generateId(),
      paymentMethodId: methods.get(n) as string,
      provider: 'dev',
      amountMinor,
      currency,
      periodStart: settled,
      periodEnd: new Date(settled.getTime() + periodDays * 86_400_000),
      createdAt: settled,
      settledAt: settled,
    };
  };
  // 23:30 on 31 December in New York: the previous period.
  const c1 = charge(6, gold, 'subscription', 1000, 'USD', '2026-01-01T04:30:00Z', 30);
  // 00:30 on 1 January in New York: the first day. Refunded on the 10th.
  const c2 = charge(1, gold, 'renewal', 1000, 'USD', '2026-01-01T05:30:00Z', 31);
  const c3 = charge(3, silver, 'plan_change', 500, 'EUR', '2026-01-05T12:00:00Z', 4);
  // A failed charge posts nothing.
  const c4 = { ...charge(2, gold, 'subscription', 1000, 'USD', '2026-01-06T12:00:00Z', 30), status: 'failed' };
  // The refund of c2 on the 10th, as the charges module writes it: a charge of its own kind
  // naming the payment it gives back, with the payment's entries reversed (negated).
  const r2 = {
    ...charge(1, gold, 'refund', 1000, 'USD', '2026-01-10T15:00:00Z', 0),
    subscriptionId: null,
    periodStart: null,
    periodEnd: null,
    refundOf: c2.id,
    refundEndsAccess: true,
  };
  // Months before both periods, for the fans by tenure: fan7 paid three silver periods, and the
  // first (30 days) was refunded and the refund settled, so 31 + 30 = 61 days from 1 October.
  const chain7 = generateId();
  const c7a = { ...charge(7, silver, 'subscription', 500, 'EUR', '2025-09-01T12:00:00Z', 30), subscriptionId: chain7 };
  const c7b = { ...charge(7, silver, 'renewal', 500, 'EUR', '2025-10-01T12:00:00Z', 31), subscriptionId: chain7 };
  const c7c = { ...charge(7, silver, 'renewal', 500, 'EUR', '2025-11-01T12:00:00Z', 30), subscriptionId: chain7 };
  const r7a = {
    ...charge(7, silver, 'refund', 500, 'EUR', '2025-09-03T12:00:00Z', 0),
    subscriptionId: null,
    periodStart: null,
    periodEnd: null,
    refundOf: c7a.id,
    refundEndsAccess: false,
  };
  // fan8 paid two gold periods of 30 days; the second one's refund is still pending (the provider
  // has not answered), so nothing is given back yet: 60 days.
  const chain8 = generateId();
  const c8a = { ...charge(8, gold, 'subscription', 1000, 'USD', '2025-10-15T12:00:00Z', 30), subscriptionId: chain8 };
  const c8b = { ...charge(8, gold, 'renewal', 1000, 'USD', '2025-11-14T12:00:00Z', 30), subscriptionId: chain8 };
  const r8b = {
    ...charge(8, gold, 'refund', 1000, 'USD', '2025-11-20T12:00:00Z', 0),
    status: 'pending',
    settledAt: null,
    subscriptionId: null,
    periodStart: null,
    periodEnd: null,
    refundOf: c8b.id,
    refundEndsAccess: true,
  };
  // Ten days into the second period fan8 upgraded: the plan change's charge covers the rest of
  // that period (to 14 December), days already paid for, so they count once.
  const c8c = { ...charge(8, gold, 'plan_change', 300, 'USD', '2025-11-24T12:00:00Z', 20), subscriptionId: chain8 };
  await db.insert(charges).values([c1, c2, c3, c4, r2, c7a, c7b, c7c, r7a, c8a, c8b, c8c, r8b]);
  const entry = (chargeId: string, kind: string, userId: string | null, amountMinor: number, currency: string, createdAt: string) => ({
    id: generateId(),
    chargeId,
    kind,
    userId,
    amountMinor,
    currency,
    createdAt: at(createdAt),
  });
  const posted = (c: typeof c1) => [
    entry(c.id, 'payment', c.userId, c.amountMinor, c.currency, c.settledAt.toISOString()),
    entry(c.id, 'platform_fee', null, c.amountMinor / 5, c.currency, c.settledAt.toISOString()),
    entry(c.id, 'creator_earning', creator.id, (c.amountMinor * 4) / 5, c.currency, c.settledAt.toISOString()),
  ];
  await db
    .insert(ledgerEntries)
    .values([
      ...posted(c1),
      ...posted(c2),
      ...posted(c3),
      entry(r2.id, 'refund', id(1), -1000, 'USD', '2026-01-10T15:00:00Z'),
      entry(r2.id, 'platform_fee_reversal', null, -200, 'USD', '2026-01-10T15:00:00Z'),
      entry(r2.id, 'creator_earning_reversal', creator.id, -800, 'USD', '2026-01-10T15:00:00Z'),
      ...posted(c7a),
      ...posted(c7b),
      ...posted(c7c),
      entry(r7a.id, 'refund', id(7), -500, 'EUR', '2025-09-03T12:00:00Z'),
      entry(r7a.id, 'platform_fee_reversal', null, -100, 'EUR', '2025-09-03T12:00:00Z'),
      entry(r7a.id, 'creator_earning_reversal', creator.id, -400, 'EUR', '2025-09-03T12:00:00Z'),
      ...posted(c8a),
      ...posted(c8b),
      ...posted(c8c),
    ]);

  // Followers: one before the period, two on 2 January, one late on the 14th (New York).
  await db.insert(follows).values([
    { id: generateId(), userId: id(5), creatorId: creator.id, createdAt: at('2025-12-15T12:00:00Z') },
    { id: generateId(), userId: id(1), creatorId: creator.id, createdAt: at('2026-01-02T12:00:00Z') },
    { id: generateId(), userId: id(2), creatorId: creator.id, createdAt: at('2026-01-02T18:00:00Z') },
    { id: generateId(), userId: id(3), creatorId: creator.id, createdAt: at('2026-01-14T23:00:00Z') },
  ]);

  // Posts, seen records and likes.
  lockedPost = generateId();
  publicPost = generateId();
  await db.insert(posts).values([
    { id: lockedPost, creatorId: creator.id, text: 'For subscribers', access: ['subscription'], publishAt: at('2025-12-01T00:00:00Z') },
    { id: publicPost, creatorId: creator.id, text: 'Hello everyone', access: ['public'], publishAt: at('2025-12-02T00:00:00Z') },
  ]);
  await db.insert(seenRecords).values([
    // Opened 10 hours before subscribing: the subscription is attributed to the locked post.
    { userId: id(2), entityId: lockedPost, createdAt: at('2026-01-03T02:00:00Z') },
    // Public, and later: not an unlock.
    { userId: id(2), entityId: publicPost, createdAt: at('2026-01-03T03:00:00Z') },
    { userId: id(1), entityId: lockedPost, createdAt: at('2026-01-02T12:00:00Z') },
    { userId: id(4), entityId: publicPost, createdAt: at('2025-12-25T12:00:00Z') },
    // The creator's own view does not count.
    { userId: creator.id, entityId: publicPost, createdAt: at('2026-01-04T12:00:00Z') },
  ]);
  await db.insert(likes).values([
    { postId: publicPost, userId: id(1), createdAt: at('2026-01-05T12:00:00Z') },
    { postId: publicPost, userId: id(2), createdAt: at('2026-01-06T12:00:00Z') },
    { postId: lockedPost, userId: id(3), createdAt: at('2025-12-30T12:00:00Z') },
    { postId: lockedPost, userId: creator.id, createdAt: at('2026-01-04T12:00:00Z') },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const base = () => `/api/creators/${creator.id}/insights`;
/** The daily gross of fan7's and fan8's payments and fan7's refund, at noon UTC: the same day in both zones. */
const EARLIER_GROSS = [
  '2025-09-01 EUR 500',
  '2025-09-03 EUR -500',
  '2025-10-01 EUR 500',
  '2025-10-15 USD 1000',
  '2025-11-01 EUR 500',
  '2025-11-14 USD 1000',
  '2025-11-24 USD 300',
];

describe(`creator insights (${TEST_DRIVER})`, () => {
  // The same hand-counted figures, whether the view reads the source rows (asked in a zone other
  // than the stored one) or the daily rows (asked in the stored zone, which rebuilt them).
  describe.each([
    ['the source rows', null],
    ['the daily rows', TZ],
  ])('from %s', (_source, storedZone) => {
    beforeAll(async () => {
      const saved = await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: storedZone });
      expect(saved.status).toBe(200);
    });
    afterAll(async () => {
      await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: null });
    });

    it('keeps the daily rows in the stored zone (UTC without one)', async () => {
      const rows = await server.context.database.db
        .select()
        .from(creatorDailyInsights)
        .where(and(eq(creatorDailyInsights.creatorId, creator.id), eq(creatorDailyInsights.metric, 'gross')));
      // The first charge, 04:30 UTC on 1 January, is 23:30 on 31 December in New York.
      expect(rows.map((row) => `${row.day} ${row.key} ${row.value}`).sort()).toEqual(
        storedZone
          ? [...EARLIER_GROSS, '2025-12-31 USD 1000', '2026-01-01 USD 1000', '2026-01-05 EUR 500', '2026-01-10 USD -1000']
          : [...EARLIER_GROSS, '2026-01-01 USD 2000', '2026-01-05 EUR 500', '2026-01-10 USD -1000'],
      );
    });

    it('sums gross, fee and net per currency and day in the creator time zone, refunds netting out, against the previous period', async () => {
      const response = await creator.client.get(`${base()}/earnings?${RANGE}`);
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body.period).toMatchObject({
        from: '2026-01-01',
        to: '2026-01-15',
        previousFrom: '2025-12-18',
        previousTo: '2026-01-01',
        granularity: 'day',
        timeZone: TZ,
      });
      expect(body.period.buckets).toHaveLength(14);
      expect(body.currencies.map((c: { currency: string }) => c.currency)).toEqual(['EUR', 'USD']);
      const [eur, usd] = body.currencies;
      expect(usd.total).toEqual({ grossMinor: 0, feeMinor: 0, netMinor: 0, charges: 1 });
      expect(usd.previous).toEqual({ grossMinor: 1000, feeMinor: 200, netMinor: 800, charges: 1 });
      expect(usd.change).toEqual({ grossMinor: -1, feeMinor: -1, netMinor: -1 });
      const usdDays = Object.fromEntries(usd.series.map((point: { bucket: string }) => [point.bucket, point]));
      expect(usdDays['2026-01-01']).toMatchObject({ grossMinor: 1000, feeMinor: 200, netMinor: 800, charges: 1 });
      expect(usdDays['2026-01-10']).toMatchObject({ grossMinor: -1000, feeMinor: -200, netMinor: -800, charges: 0 });
      expect(usdDays['2026-01-02']).toMatchObject({ grossMinor: 0, charges: 0 });
      expect(eur.total).toEqual({ grossMinor: 500, feeMinor: 100, netMinor: 400, charges: 1 });
      expect(eur.previous).toEqual({ grossMinor: 0, feeMinor: 0, netMinor: 0, charges: 0 });
      expect(eur.change).toEqual({ grossMinor: null, feeMinor: null, netMinor: null });
      expect(eur.series.find((p: { bucket: string }) => p.bucket === '2026-01-05')).toMatchObject({ grossMinor: 500, netMinor: 400 });

      // The refund lowers the period it was made in, not the one its payment was made in.
      const refundDay = await creator.client.get(
        `${base()}/earnings?range=custom&from=2026-01-10&to=2026-01-10&tz=${encodeURIComponent(TZ)}`,
      );
      expect(refundDay.body.currencies.find((c: { currency: string }) => c.currency === 'USD').total).toEqual({
        grossMinor: -1000,
        feeMinor: -200,
        netMinor: -800,
        charges: 0,
      });

      // In UTC the first charge falls on 1 January too.
      const utc = await creator.client.get(`${base()}/earnings?range=custom&from=2026-01-01&to=2026-01-14&tz=UTC`);
      const usdUtc = utc.body.currencies.find((c: { currency: string }) => c.currency === 'USD');
      expect(usdUtc.total).toMatchObject({ grossMinor: 1000, charges: 2 });
      expect(usdUtc.previous).toMatchObject({ grossMinor: 0 });

      // Weekly buckets start on Mondays, the first clamped to the period's first day.
      const weekly = await creator.client.get(`${base()}/earnings?${RANGE}&granularity=week`);
      expect(weekly.body.period.buckets).toEqual(['2026-01-01', '2026-01-05', '2026-01-12']);
      const usdWeeks = weekly.body.currencies.find((c: { currency: string }) => c.currency === 'USD').series;
      expect(usdWeeks.map((p: { netMinor: number }) => p.netMinor)).toEqual([800, -800, 0]);
    });

    it('counts active, new, renewed, cancelled and lapsed subscriptions, churn, followers and the plan mix', async () => {
      const response = await creator.client.get(`${base()}/subscribers?${RANGE}`);
      expect(response.status).toBe(200);
      const { series, total, previous, plans: mix } = response.body;
      expect(total).toEqual({
        new: 1,
        renewed: 1,
        cancelled: 1,
        lapsed: 1,
        activeAtStart: 3,
        activeAtEnd: 2,
        churnRate: 2 / 3,
        followersAtEnd: 4,
      });
      expect(previous).toEqual({ new: 0, renewed: 0, cancelled: 1, lapsed: 0, churnRate: 1 / 4 });
      const day = (date: string) => series.find((point: { bucket: string }) => point.bucket === date);
      expect(day('2026-01-01')).toMatchObject({ active: 3, followers: 1, renewed: 1, new: 0 });
      expect(day('2026-01-02')).toMatchObject({ active: 3, followers: 3 });
      expect(day('2026-01-03')).toMatchObject({ active: 4, new: 1 });
      expect(day('2026-01-04')).toMatchObject({ active: 3, churnRate: 0 });
      // Dated by when the member cancelled, not by the end of the period (the 9th).
      expect(day('2026-01-06')).toMatchObject({ active: 3, cancelled: 1, churnRate: 1 / 3 });
      expect(day('2026-01-07')).toMatchObject({ active: 3, lapsed: 1, churnRate: 1 / 3 });
      expect(day('2026-01-09')).toMatchObject({ active: 2, cancelled: 0, churnRate: 0 });
      expect(day('2026-01-14')).toMatchObject({ active: 2, followers: 4 });
      expect(mix).toEqual([
        {
          planId: silver,
          name: 'Silver',
          priceMinor: 500,
          currency: 'EUR',
          billingPeriodDays: 30,
          active: 0,
          new: 0,
          renewed: 0,
          cancelled: 1,
          lapsed: 1,
        },
        {
          planId: gold,
          name: 'Gold',
          priceMinor: 1000,
          currency: 'USD',
          billingPeriodDays: 30,
          active: 0,
          new: 1,
          renewed: 1,
          cancelled: 0,
          lapsed: 0,
        },
      ]);
    });
  });

  it('reads the daily rows in the stored zone, kept exact as rows change, with a zone 5:45 ahead of UTC', async () => {
    const db = server.context.database.db;
    const KATHMANDU = 'Asia/Kathmandu';
    const view = async () => {
      const response = await creator.client.get(
        `${base()}/subscribers?range=custom&from=2026-01-01&to=2026-01-14&tz=${encodeURIComponent(KATHMANDU)}`,
      );
      expect(response.status).toBe(200);
      return response.body;
    };
    const fromSourceRows = await view();
    // The follow at 23:00 UTC on the 14th is 04:45 on the 15th in Kathmandu: after the period.
    expect(fromSourceRows.total.followersAtEnd).toBe(3);
    await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: KATHMANDU });
    expect(await view()).toEqual(fromSourceRows);

    // A row only the daily rows hold shows: the view reads them.
    await db.insert(creatorDailyInsights).values({ creatorId: creator.id, day: '2026-01-13', metric: 'follow', key: '', value: 5 });
    expect((await view()).total.followersAtEnd).toBe(8);
    await db
      .delete(creatorDailyInsights)
      .where(and(eq(creatorDailyInsights.creatorId, creator.id), eq(creatorDailyInsights.day, '2026-01-13')));

    // An unfollow and a cancellation, written as the app writes them, change the daily rows with them.
    const id2 = (m[2] as Member).id;
    const [unfollowed] = await db
      .delete(follows)
      .where(and(eq(follows.userId, id2), eq(follows.creatorId, creator.id)))
      .returning();
    await db
      .update(subscriptions)
      .set({ autoRenew: false, cancelledAt: at('2026-01-12T20:00:00Z') })
      .where(and(eq(subscriptions.userId, id2), eq(subscriptions.creatorId, creator.id)));
    const changed = await view();
    expect(changed.total).toMatchObject({ followersAtEnd: 2, cancelled: 2 });
    // 20:00 UTC on the 12th is 01:45 on the 13th in Kathmandu.
    expect(changed.series.find((point: { bucket: string }) => point.bucket === '2026-01-13')).toMatchObject({ cancelled: 1 });
    await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: null });
    expect(await view()).toEqual(changed);

    if (unfollowed) await db.insert(follows).values(unfollowed);
    await db
      .update(subscriptions)
      .set({ autoRenew: true, cancelledAt: null })
      .where(and(eq(subscriptions.userId, id2), eq(subscriptions.creatorId, creator.id)));
  });

  it('lists posts with views, likes and the unlocks they drove, sortable', async () => {
    const byViews = await creator.client.get(`${base()}/posts?${RANGE}`);
    expect(byViews.status).toBe(200);
    expect(byViews.body.totals).toEqual({ views: 3, likes: 2, unlocks: 1 });
    expect(
      byViews.body.items.map((p: { postId: string; views: number; likes: number; unlocks: number; locked: boolean }) => [
        p.postId,
        p.views,
        p.likes,
        p.unlocks,
        p.locked,
      ]),
    ).toEqual([
      [lockedPost, 2, 0, 1, true],
      [publicPost, 1, 2, 0, false],
    ]);
    const byLikes = await creator.client.get(`${base()}/posts?${RANGE}&sort=likes`);
    expect(byLikes.body.items.map((p: { postId: string }) => p.postId)).toEqual([publicPost, lockedPost]);
    const byPublished = await creator.client.get(`${base()}/posts?${RANGE}&sort=published`);
    expect(byPublished.body.items[0].excerpt).toBe('Hello everyone');
  });

  it('ranks fans by spend per currency (net of refunds) and by paid tenure, showing only public identity', async () => {
    const response = await creator.client.get(`${base()}/fans`);
    expect(response.status).toBe(200);
    const { bySpend, byTenure } = response.body;
    expect(
      bySpend.map((f: { userId: string; currency: string; spentMinor: number; payments: number }) => [
        f.userId,
        f.currency,
        f.spentMinor,
        f.payments,
      ]),
    ).toEqual([
      [(m[7] as Member).id, 'EUR', 1000, 3],
      [(m[3] as Member).id, 'EUR', 500, 1],
      [(m[8] as Member).id, 'USD', 2300, 3],
      [(m[6] as Member).id, 'USD', 1000, 1],
    ]);
    // Days paid for and not refunded, since the first such period: fan7's refunded first period
    // counts neither its 30 days nor its start; fan8's refund is pending, so both periods count;
    // fan8's upgrade adds no day; fan1's only payment was refunded, so fan1 has no tenure at all.
    expect(
      byTenure.map((f: { userId: string; paidDays: number; firstSubscribedAt: string }) => [f.userId, f.paidDays, f.firstSubscribedAt]),
    ).toEqual([
      [(m[7] as Member).id, 61, '2025-10-01T12:00:00.000Z'],
      [(m[8] as Member).id, 60, '2025-10-15T12:00:00.000Z'],
      [(m[6] as Member).id, 30, '2026-01-01T04:30:00.000Z'],
      [(m[3] as Member).id, 4, '2026-01-05T12:00:00.000Z'],
    ]);
    expect(Object.keys(bySpend[0]).sort()).toEqual(['avatarColor', 'currency', 'handle', 'payments', 'publicName', 'spentMinor', 'userId']);
    expect(bySpend[0].publicName).toBe('fan7 name');

    // Subscribed now is what opens the creator's posts, a valid subscription, not a paid period:
    // a refund that ends access cuts valid_until short while the period runs on.
    const subscribedNow = async () =>
      (await creator.client.get(`${base()}/fans`)).body.byTenure.map((f: { userId: string; subscribedNow: boolean }) => [
        f.userId,
        f.subscribedNow,
      ]);
    const tenureIds = byTenure.map((f: { userId: string }) => f.userId);
    expect(await subscribedNow()).toEqual(tenureIds.map((userId: string) => [userId, false]));
    const { db } = server.context.database;
    const current = {
      id: generateId(),
      userId: (m[8] as Member).id,
      creatorId: creator.id,
      planId: gold,
      createdAt: new Date('2025-10-15T12:00:00Z'),
    };
    await db.insert(subscriptions).values({ ...current, validUntil: new Date(Date.now() + 86_400_000) });
    expect(await subscribedNow()).toEqual(tenureIds.map((userId: string) => [userId, userId === current.userId]));
    await db
      .update(subscriptions)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, current.id));
    expect(await subscribedNow()).toEqual(tenureIds.map((userId: string) => [userId, false]));
    await db.delete(subscriptions).where(eq(subscriptions.id, current.id));
  });

  it('writes the month statement as CSV in the creator time zone', async () => {
    const response = await fetch(`${server.baseUrl}${base()}/statement.csv?month=2026-01&tz=${encodeURIComponent(TZ)}`, {
      headers: { cookie: creator.client.cookie as string },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="aurum-statement-2026-01.csv"');
    const lines = (await response.text()).trimEnd().split('\r\n');
    const rows = lines.map((line) => line.split(','));
    expect(rows[0]).toEqual(['Date', 'Time', 'Type', 'Member', 'Plan', 'Currency', 'Gross', 'Platform fee', 'Net', 'Charge']);
    expect(rows.slice(1).map((row) => row.slice(0, 9))).toEqual([
      ['2026-01-01', '00:30', 'renewal', expect.stringMatching(/^fan1_/), 'Gold', 'USD', '10.00', '2.00', '8.00'],
      ['2026-01-05', '07:00', 'plan_change', expect.stringMatching(/^fan3_/), 'Silver', 'EUR', '5.00', '1.00', '4.00'],
      ['2026-01-10', '10:00', 'refund', expect.stringMatching(/^fan1_/), 'Gold', 'USD', '-10.00', '-2.00', '-8.00'],
      ['2026-01 total', '', '1 payments', '', '', 'EUR', '5.00', '1.00', '4.00'],
      ['2026-01 total', '', '1 payments', '', '', 'USD', '0.00', '0.00', '0.00'],
    ]);
  });

  it('lets only the creator and admins read a creator insights', async () => {
    for (const path of ['earnings', 'subscribers', 'posts', 'fans']) {
      const query = path === 'fans' ? '' : `?${RANGE}`;
      expect((await outsider.client.get(`${base()}/${path}${query}`)).body).toMatchObject({ type: 'forbidden', statusCode: 403 });
      expect((await otherCreator.client.get(`${base()}/${path}${query}`)).status).toBe(403);
      expect((await admin.client.get(`${base()}/${path}${query}`)).status).toBe(200);
    }
    expect((await outsider.client.get(`${base()}/statement.csv?month=2026-01`)).status).toBe(403);
    expect((await admin.client.get(`/api/creators/${generateId()}/insights/earnings`)).body.type).toBe('not_found');
    // A member's own insights need the creators label.
    expect((await outsider.client.get(`/api/creators/${outsider.id}/insights/earnings`)).body.type).toBe('creator_required');
    const anonymous = await fetch(`${server.baseUrl}${base()}/earnings`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses impossible periods and unknown time zones with clear errors', async () => {
    const expectType = async (query: string, type: string) => {
      const response = await creator.client.get(`${base()}/earnings?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.type).toBe(type);
    };
    await expectType('range=custom&from=2026-01-01', 'invalid_insights_range');
    await expectType('range=custom&from=2026-02-01&to=2026-01-01', 'invalid_insights_range');
    await expectType('range=custom&from=2024-01-01&to=2026-01-01', 'invalid_insights_range');
    await expectType('range=custom&from=2026-13-01&to=2026-01-01', 'validation_failed');
    await expectType('range=forever', 'validation_failed');
    await expectType('tz=Mars/Olympus', 'validation_failed');
    await expectType(`tz=${encodeURIComponent('+05:00')}`, 'validation_failed');
    await expectType('granularity=hour', 'validation_failed');
    const csv = await creator.client.get(`${base()}/statement.csv?month=2026-13`);
    expect(csv.body.type).toBe('validation_failed');
  });

  it('uses the stored time zone when none is given, and presets end today', async () => {
    expect((await creator.client.get('/api/me/insights-settings')).body).toEqual({ timeZone: null });
    const bad = await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: 'Nowhere/City' });
    expect(bad.body.type).toBe('validation_failed');
    const saved = await creator.client.request('PUT', '/api/me/insights-settings', { timeZone: 'asia/tokyo' });
    expect(saved.body).toEqual({ timeZone: 'Asia/Tokyo' });
    expect((await creator.client.get('/api/me/insights-settings')).body).toEqual({ timeZone: 'Asia/Tokyo' });
    const earnings = await creator.client.get(`${base()}/earnings?range=7d`);
    expect(earnings.body.period.timeZone).toBe('Asia/Tokyo');
    expect(earnings.body.period.buckets).toHaveLength(7);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    expect(earnings.body.period.buckets.at(-1)).toBe(today);
    const year = await creator.client.get(`${base()}/subscribers?range=12m`);
    expect(year.body.period.granularity).toBe('month');
    expect(year.body.period.buckets).toHaveLength(12);
    expect((await outsider.client.get('/api/me/insights-settings')).body.type).toBe('creator_required');
  });
});
