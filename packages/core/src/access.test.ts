import { describe, expect, it } from 'vitest';
import { ACCESS_KEYWORDS, type AccessLevel, type AccessPost, type AccessViewer, postAccessLevel, revealsContent } from './access.js';

const CREATOR = 'creator';
const PLAN_A = 'plan-a';
const PLAN_B = 'plan-b';

const someone = (grants: Partial<AccessViewer> = {}): AccessViewer => ({
  userId: 'u',
  followsCreator: false,
  activePlanIds: [],
  boughtPost: false,
  ...grants,
});

/** Every viewer kind: anonymous, owner, stranger, follower, subscribers of each plan, buyers of the post, and combinations. */
const VIEWERS: Record<string, AccessViewer | null> = {
  anonymous: null,
  owner: someone({ userId: CREATOR }),
  stranger: someone(),
  follower: someone({ followsCreator: true }),
  subscriberA: someone({ activePlanIds: [PLAN_A] }),
  subscriberB: someone({ activePlanIds: [PLAN_B] }),
  followerSubscriberA: someone({ followsCreator: true, activePlanIds: [PLAN_A] }),
  subscriberAB: someone({ followsCreator: true, activePlanIds: [PLAN_A, PLAN_B] }),
  buyer: someone({ boughtPost: true }),
  followerBuyer: someone({ followsCreator: true, boughtPost: true }),
  subscriberABuyer: someone({ activePlanIds: [PLAN_A], boughtPost: true }),
};

/** Every access list built from the keywords and plan ids: 2^7 lists. */
const TOKENS = [...ACCESS_KEYWORDS, PLAN_A, PLAN_B];
const ALL_ACCESS_LISTS = Array.from({ length: 2 ** TOKENS.length }, (_, mask) => TOKENS.filter((_, bit) => mask & (1 << bit)));

const post = (access: string[], isPublished = true): AccessPost => ({ creatorId: CREATOR, access, isPublished });
const level = (viewer: keyof typeof VIEWERS, access: string[], isPublished = true) =>
  postAccessLevel(VIEWERS[viewer] ?? null, post(access, isPublished));

describe('postAccessLevel: the spec rules', () => {
  it.each<[keyof typeof VIEWERS, string[], AccessLevel]>([
    ['owner', ['private'], 'owner'],
    ['owner', ['sneakpeek'], 'owner'],
    ['owner', [PLAN_A], 'owner'],
    ['stranger', ['public'], 'public'],
    ['stranger', ['follower'], 'locked'],
    ['follower', ['follower'], 'follower'],
    ['follower', ['public', 'follower'], 'follower'],
    ['stranger', ['sneakpeek'], 'sneakpeek'],
    ['follower', ['sneakpeek', 'follower'], 'sneakpeek'],
    ['subscriberB', ['sneakpeek'], 'subscription'],
    ['subscriberA', [PLAN_A], 'subscription'],
    ['subscriberB', [PLAN_A], 'locked'],
    ['subscriberB', ['subscription'], 'subscription'],
    ['stranger', ['subscription'], 'locked'],
    ['follower', [PLAN_A], 'locked'],
    ['followerSubscriberA', ['follower', PLAN_B], 'follower'],
    ['subscriberA', ['public', PLAN_A], 'subscription'],
    ['stranger', [], 'locked'],
    ['subscriberAB', ['private', 'public', PLAN_A], 'hidden'],
    ['anonymous', ['public'], 'hidden'],
  ])('%s viewing %j gets %s', (viewer, access, expected) => {
    expect(level(viewer, access)).toBe(expected);
  });

  it.each<[keyof typeof VIEWERS, string[], AccessLevel]>([
    ['buyer', [], 'purchased'],
    ['buyer', ['follower'], 'purchased'],
    ['stranger', [], 'locked'],
    ['follower', ['follower'], 'follower'],
    ['subscriberABuyer', [PLAN_A], 'purchased'],
    ['buyer', ['sneakpeek'], 'purchased'],
    ['owner', [], 'owner'],
    ['buyer', ['private'], 'hidden'],
    ['anonymous', [], 'hidden'],
  ])('%s viewing a post sold on its own with %j gets %s', (viewer, access, expected) => {
    expect(level(viewer, access)).toBe(expected);
  });

  it('a purchase opens no post that is scheduled again', () => {
    expect(level('buyer', [], false)).toBe('hidden');
  });
});

describe('postAccessLevel: invariants over every viewer and access list', () => {
  const combos = ALL_ACCESS_LISTS.flatMap((access) =>
    Object.keys(VIEWERS).flatMap((viewer) => [true, false].map((isPublished) => ({ viewer, access, isPublished }))),
  );

  it(`covers ${combos.length} combinations`, () => {
    expect(combos.length).toBe(128 * 11 * 2);
  });

  it('the owner always has full access, and nobody else is ever "owner"', () => {
    for (const { viewer, access, isPublished } of combos) {
      const result = level(viewer, access, isPublished);
      expect(result === 'owner').toBe(viewer === 'owner');
    }
  });

  it('private and unpublished posts are hidden from everyone but the owner', () => {
    for (const { viewer, access, isPublished } of combos) {
      if (viewer === 'owner') continue;
      const result = level(viewer, access, isPublished);
      if (!isPublished || access.includes('private') || viewer === 'anonymous') expect(result).toBe('hidden');
      else expect(result).not.toBe('hidden');
    }
  });

  it('content is revealed only by a grant the viewer holds', () => {
    for (const { viewer, access, isPublished } of combos) {
      const v = VIEWERS[viewer];
      if (!v || viewer === 'owner' || !revealsContent(level(viewer, access, isPublished))) continue;
      const subscribed = v.activePlanIds.length > 0;
      const granted =
        access.includes('public') ||
        (access.includes('follower') && v.followsCreator) ||
        ((access.includes('sneakpeek') || access.includes('subscription')) && subscribed) ||
        v.activePlanIds.some((plan) => access.includes(plan)) ||
        v.boughtPost;
      expect(granted, `${viewer} ${JSON.stringify(access)}`).toBe(true);
    }
  });

  it('following, subscribing or buying never takes access away', () => {
    const order: Record<AccessLevel, number> = {
      hidden: 0,
      locked: 1,
      sneakpeek: 2,
      public: 3,
      follower: 3,
      subscription: 3,
      purchased: 3,
      owner: 4,
    };
    const upgrades: [string, string][] = [
      ['stranger', 'follower'],
      ['stranger', 'subscriberA'],
      ['follower', 'followerSubscriberA'],
      ['subscriberA', 'followerSubscriberA'],
      ['followerSubscriberA', 'subscriberAB'],
      ['stranger', 'buyer'],
      ['follower', 'followerBuyer'],
      ['subscriberA', 'subscriberABuyer'],
    ];
    for (const access of ALL_ACCESS_LISTS) {
      for (const [less, more] of upgrades) {
        expect(order[level(more, access)], `${less}->${more} ${JSON.stringify(access)}`).toBeGreaterThanOrEqual(order[level(less, access)]);
      }
    }
  });

  it('a buyer reads every post that exists for them, whatever its access list', () => {
    for (const { viewer, access, isPublished } of combos) {
      if (!VIEWERS[viewer]?.boughtPost) continue;
      expect(level(viewer, access, isPublished)).toBe(isPublished && !access.includes('private') ? 'purchased' : 'hidden');
    }
  });
});

describe('revealsContent', () => {
  it('reveals for owner, public, follower, subscription and purchased only', () => {
    const levels: AccessLevel[] = ['owner', 'public', 'follower', 'subscription', 'purchased', 'sneakpeek', 'locked', 'hidden'];
    expect(levels.filter(revealsContent)).toEqual(['owner', 'public', 'follower', 'subscription', 'purchased']);
  });
});
