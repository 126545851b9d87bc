import type { Plan, Post, PostMedia } from '@aurum/core';

/** Posts and plans as the API sends them, for tests. */

export function makePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'gold',
    creatorId: 'c1',
    name: 'Gold',
    description: 'Everything I make.',
    priceMinor: 499,
    currency: 'USD',
    billingPeriodDays: 30,
    perks: { chat: true },
    bundles: [],
    active: true,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMedia(overrides: Partial<PostMedia> = {}): PostMedia {
  return {
    position: 0,
    kind: 'image',
    status: 'ready',
    width: 1200,
    height: 800,
    durationMs: null,
    placeholder: null,
    urls: {},
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    creator: { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null },
    publishAt: '2026-11-20T10:00:00.000Z',
    status: 'published',
    access: ['public'],
    price: null,
    accessLevel: 'public',
    locked: false,
    text: 'Morning light in the studio',
    teaser: null,
    media: [],
    unlock: null,
    likes: 0,
    liked: false,
    takesTips: true,
    ...overrides,
  };
}

/** A subscribers-only post as a stranger gets it: blurred URLs only, no text, an unlock offer. */
export function lockedPost(overrides: Partial<Post> = {}): Post {
  return makePost({
    id: 'p2',
    access: ['subscription'],
    accessLevel: 'locked',
    locked: true,
    text: null,
    media: [
      makeMedia({
        kind: 'video',
        urls: { blur: '/api/posts/p2/media/0/blur?v=b', blurThumb: '/api/posts/p2/media/0/blurThumb?v=bt' },
      }),
    ],
    unlock: { follow: false, plan: { id: 'gold', name: 'Gold', priceMinor: 499, currency: 'USD' }, price: null },
    ...overrides,
  });
}
