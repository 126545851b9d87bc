import type { ProfilePage, Subscription } from '@aurum/core';
import { makePaymentMethod } from './payment-fixtures';
import { makePlan } from './post-fixtures';

/** A subscription as the API sends it, for tests: Gold at $4.99 with Goldie, renewing on Dec 1, 2026. */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 's1',
    creator: { userId: 'c1', handle: 'goldie', publicName: 'Goldie Hawn', avatarColor: 'hsl(42, 50%, 50%)', avatarUrl: null },
    plan: { id: 'gold', name: 'Gold', priceMinor: 499, currency: 'USD', perks: { chat: true } },
    paymentMethod: makePaymentMethod(),
    autoRenew: true,
    validUntil: '2026-12-01T12:00:00.000Z',
    paidAt: '2026-11-01T12:00:00.000Z',
    refundedAt: null,
    status: 'active',
    active: true,
    renewalFailedAt: null,
    nextRenewalAt: '2026-11-30T12:00:00.000Z',
    trialEndsAt: null,
    months: 1,
    paymentMinor: 499,
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Goldie's profile page, offering the Gold plan unless told otherwise. */
export function makeCreatorPage(overrides: Partial<ProfilePage> = {}): ProfilePage {
  return {
    userId: 'c1',
    handle: 'goldie',
    publicName: 'Goldie Hawn',
    avatarColor: 'hsl(42, 50%, 50%)',
    isCreator: true,
    isVerified: false,
    lastOnline: null,
    followers: 10,
    bio: null,
    avatarUrl: null,
    coverUrl: null,
    plans: [makePlan()],
    following: false,
    blocked: false,
    takesTips: true,
    ...overrides,
  };
}
