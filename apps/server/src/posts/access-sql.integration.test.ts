import { ACCESS_KEYWORDS, type AccessViewer, DAY_MS, generateId, postAccessLevel } from '@aurum/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { prepareStatement } from '../db/prepared.js';
import { charges, follows, paymentMethods, plans, postPurchases, posts, subscriptions, users } from '../db/schema.js';
import { entitlementsIn, entitlementsRow, postAccessLevelSql } from './access-sql.js';

/**
 * The SQL twin must agree with the pure rule for every access list and every kind of
 * viewer, with the entitlements in each form the statements use. Rows go straight into a
 * real database; the levels come out of one query per viewer and form.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const CREATOR = 'eq-creator';
const OTHER_CREATOR = 'eq-other-creator';
const PLAN_A = 'eq-plan-a';
const PLAN_B = 'eq-plan-b';
/** A plan of another creator: naming it in a post (the API refuses that) or holding it must not open this creator's posts. */
const FOREIGN_PLAN = 'eq-plan-foreign';

/** Which posts a buyer bought: `ours`, every third of this creator's (in every state); `theirs`, the other creator's one post. */
type Grant = { follows?: boolean; active?: string[]; lapsed?: string[]; bought?: 'ours' | 'theirs' };
/** Every viewer kind, with the rows that make it so. */
const VIEWERS: Record<string, Grant> = {
  stranger: {},
  follower: { follows: true },
  subscriberA: { active: [PLAN_A] },
  subscriberB: { active: [PLAN_B] },
  lapsedA: { lapsed: [PLAN_A] },
  followerLapsedA: { follows: true, lapsed: [PLAN_A] },
  followerSubscriberA: { follows: true, active: [PLAN_A] },
  followerSubscriberAB: { follows: true, active: [PLAN_A, PLAN_B] },
  subscriberBLapsedA: { active: [PLAN_B], lapsed: [PLAN_A] },
  foreignSubscriber: { active: [FOREIGN_PLAN] },
  buyer: { bought: 'ours' },
  followerSubscriberABuyer: { follows: true, active: [PLAN_A], bought: 'ours' },
  lapsedABuyer: { lapsed: [PLAN_A], bought: 'ours' },
  foreignBuyer: { bought: 'theirs' },
};

const TOKENS = [...ACCESS_KEYWORDS, PLAN_A, PLAN_B, FOREIGN_PLAN];
const ACCESS_LISTS = Array.from({ length: 2 ** TOKENS.length }, (_, mask) => TOKENS.filter((_, bit) => mask & (1 << bit)));
const STATES = ['published', 'scheduled', 'deleted'] as const;

const viewer = sql.placeholder('viewer');
const now = sql.placeholder('now');
/** The creator's posts with their levels, as a statement that reads the entitlements from a row (see entitlementsRow). */
const levelsFromRow = (ofCreator?: string) => sql`with ent as materialized (${entitlementsRow(viewer, now, ofCreator)})
  select ${posts.id} as id, ${postAccessLevelSql(viewer, now, entitlementsIn('ent'))} as level
  from ${posts}, ent where ${posts.creatorId} = ${CREATOR}`;
const FORMS = {
  subqueries: sql`select ${posts.id} as id, ${postAccessLevelSql(viewer, now)} as level from ${posts} where ${posts.creatorId} = ${CREATOR}`,
  'a row of them all': levelsFromRow(),
  'a row of those concerning the creator': levelsFromRow(CREATOR),
};

describe(`the SQL access level equals postAccessLevel (${TEST_DRIVER})`, () => {
  it(`agrees for ${ACCESS_LISTS.length} access lists x ${STATES.length} states x ${Object.keys(VIEWERS).length + 2} viewers x ${Object.keys(FORMS).length} forms of the entitlements`, async () => {
    const db = server.context.database.db;
    const current = server.context.now();
    const at = (days: number) => new Date(current.getTime() + days * DAY_MS);

    const viewerIds = Object.keys(VIEWERS).map((name) => `eq-${name}`);
    await db.insert(users).values([CREATOR, OTHER_CREATOR, ...viewerIds].map((id) => ({ id, email: `${id}@example.com`, labels: [] })));
    await db.insert(plans).values([
      { id: PLAN_A, creatorId: CREATOR, name: 'A', priceMinor: 500, currency: 'USD', active: true },
      // Inactive plans still honour the subscriptions they have.
      { id: PLAN_B, creatorId: CREATOR, name: 'B', priceMinor: 900, currency: 'USD', active: false },
      { id: FOREIGN_PLAN, creatorId: OTHER_CREATOR, name: 'F', priceMinor: 100, currency: 'USD', active: true },
    ]);
    for (const [name, grant] of Object.entries(VIEWERS)) {
      const userId = `eq-${name}`;
      if (grant.follows) await db.insert(follows).values({ id: generateId(), userId, creatorId: CREATOR });
      const held = [
        ...(grant.active ?? []).map((planId) => ({ planId, validUntil: at(3) })),
        ...(grant.lapsed ?? []).map((planId) => ({ planId, validUntil: at(-1) })),
      ];
      for (const { planId, validUntil } of held) {
        const creatorId = planId === FOREIGN_PLAN ? OTHER_CREATOR : CREATOR;
        await db.insert(subscriptions).values({ id: generateId(), userId, creatorId, planId, validUntil });
      }
    }
    // A subscription ending exactly now has ended.
    await db
      .insert(subscriptions)
      .values({ id: generateId(), userId: 'eq-stranger', creatorId: CREATOR, planId: PLAN_A, validUntil: current });

    const rows = ACCESS_LISTS.flatMap((access, index) =>
      STATES.map((state) => ({
        id: `eq-post-${index}-${state}`,
        creatorId: CREATOR,
        access,
        publishAt: state === 'scheduled' ? at(1) : at(-1),
        deletedAt: state === 'deleted' ? at(-0.5) : null,
      })),
    );
    await db.insert(posts).values(rows);
    const bought = new Set(rows.filter((_, index) => index % 3 === 0).map((row) => row.id));
    const theirPost = { id: 'eq-their-post', creatorId: OTHER_CREATOR, access: ['follower'], publishAt: at(-1) };
    await db.insert(posts).values(theirPost);
    for (const [name, grant] of Object.entries(VIEWERS)) {
      if (!grant.bought) continue;
      const userId = `eq-${name}`;
      const creatorId = grant.bought === 'ours' ? CREATOR : OTHER_CREATOR;
      const postIds = grant.bought === 'ours' ? [...bought] : [theirPost.id];
      const methodId = `eq-method-${name}`;
      await db.insert(paymentMethods).values({ id: methodId, userId, provider: 'dev', providerRef: methodId, type: 'card' });
      const sales = postIds.map((postId) => ({ postId, chargeId: `eq-charge-${name}-${postId}` }));
      await db.insert(charges).values(
        sales.map(({ postId, chargeId }) => ({
          id: chargeId,
          idempotencyKey: chargeId,
          kind: 'paid_post',
          status: 'succeeded',
          userId,
          creatorId,
          postId,
          paymentMethodId: methodId,
          provider: 'dev',
          amountMinor: 500,
          currency: 'USD',
        })),
      );
      await db.insert(postPurchases).values(sales.map(({ postId, chargeId }) => ({ postId, userId, creatorId, chargeId })));
    }

    const expectedViewers: Record<string, AccessViewer | null> = {
      anonymous: null,
      owner: { userId: CREATOR, followsCreator: false, activePlanIds: [], boughtPost: false },
    };
    for (const [name, grant] of Object.entries(VIEWERS)) {
      expectedViewers[name] = {
        userId: `eq-${name}`,
        followsCreator: grant.follows ?? false,
        // Only this creator's plans count, and only while valid.
        activePlanIds: (grant.active ?? []).filter((planId) => planId !== FOREIGN_PLAN),
        // Set per post below: only this creator's posts the viewer bought.
        boughtPost: false,
      };
    }

    let compared = 0;
    const mismatches: string[] = [];
    for (const [index, [form, query]] of Object.entries(FORMS).entries()) {
      const statement = prepareStatement<{ id: string; level: string }>(db, `access_levels_${index}`, query);
      for (const [name, accessViewer] of Object.entries(expectedViewers)) {
        const levels = await statement.run({ viewer: accessViewer?.userId ?? null, now: current });
        const byId = new Map(levels.map((row) => [row.id, row.level]));
        for (const row of rows) {
          const buyer = accessViewer && { ...accessViewer, boughtPost: VIEWERS[name]?.bought === 'ours' && bought.has(row.id) };
          const expected = postAccessLevel(buyer, {
            creatorId: CREATOR,
            access: row.access,
            isPublished: row.publishAt <= current && !row.deletedAt,
          });
          const actual = byId.get(row.id);
          compared++;
          if (actual !== expected)
            mismatches.push(`${form}, ${name} ${JSON.stringify(row.access)} ${row.id}: sql=${actual} rule=${expected}`);
        }
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    expect(compared).toBe(ACCESS_LISTS.length * STATES.length * (Object.keys(VIEWERS).length + 2) * Object.keys(FORMS).length);
  });
});
