import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.js';
import { createOfferSchema, discountedAmount, OFFER_AUDIENCES, offerLabel, offerProblem } from './offers.js';

const now = new Date('2026-12-01T12:00:00Z');
const open = { maxRedemptions: null, redemptions: 0, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: null, disabled: false };
const usd = (amountMinor: number) => formatMoney({ amountMinor, currency: 'USD' });

describe('offerProblem', () => {
  it('lets each audience in and no one else, for every kind of member', () => {
    const members = {
      newcomer: { everSubscribed: false, subscribedNow: false },
      lapsed: { everSubscribed: true, subscribedNow: false },
      current: { everSubscribed: true, subscribedNow: true },
    };
    const allowed: Record<string, string[]> = {};
    for (const audience of OFFER_AUDIENCES) {
      for (const viaLink of [false, true]) {
        allowed[`${audience}${viaLink ? ' via link' : ''}`] = Object.entries(members)
          .filter(([, member]) => offerProblem({ ...open, audience }, { ...member, viaLink }, now) === null)
          .map(([name]) => name);
      }
    }
    expect(allowed).toEqual({
      new: ['newcomer'],
      'new via link': ['newcomer'],
      returning: ['lapsed'],
      'returning via link': ['lapsed'],
      link: [],
      'link via link': ['newcomer', 'lapsed', 'current'],
    });
  });

  it('holds only between its dates, until stopped or used up', () => {
    const member = { everSubscribed: false, subscribedNow: false, viaLink: true };
    const offer = { ...open, audience: 'link' as const };
    expect(offerProblem({ ...offer, startsAt: new Date('2026-12-02T00:00:00Z') }, member, now)).toBe('not_started');
    expect(offerProblem({ ...offer, endsAt: now }, member, now)).toBe('ended');
    expect(offerProblem({ ...offer, disabled: true }, member, now)).toBe('stopped');
    expect(offerProblem({ ...offer, maxRedemptions: 3, redemptions: 3 }, member, now)).toBe('used_up');
    expect(offerProblem({ ...offer, maxRedemptions: 3, redemptions: 2 }, member, now)).toBeNull();
  });
});

describe('discountedAmount', () => {
  it('takes a percentage (rounded to the cent) or an amount off, never below the smallest plan price', () => {
    expect(discountedAmount(999, { kind: 'percent', value: 50 })).toBe(499);
    expect(discountedAmount(2700, { kind: 'amount', value: 500 })).toBe(2200);
    expect(discountedAmount(1000, { kind: 'amount', value: 5000 })).toBe(100);
    expect(discountedAmount(1000, { kind: 'percent', value: 90 })).toBe(100);
  });
});

describe('offers as a creator makes them', () => {
  it('refuses more than 90% off, fewer than one payment, and an end before the start', () => {
    const offer = { planId: 'p1', audience: 'new', kind: 'percent', value: 50 };
    expect(createOfferSchema.parse(offer)).toMatchObject({ payments: 1, maxRedemptions: null, endsAt: null });
    expect(createOfferSchema.safeParse({ ...offer, value: 91 }).success).toBe(false);
    expect(createOfferSchema.safeParse({ ...offer, kind: 'amount', value: 9100 }).success).toBe(true);
    expect(createOfferSchema.safeParse({ ...offer, payments: 0 }).success).toBe(false);
    const dates = { startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' };
    expect(createOfferSchema.safeParse({ ...offer, ...dates }).success).toBe(false);
  });

  it('reads as what it takes off which payments', () => {
    expect(offerLabel({ kind: 'percent', value: 50, payments: 1 }, usd)).toBe('50% off the first payment');
    expect(offerLabel({ kind: 'amount', value: 200, payments: 3 }, usd)).toBe('$2.00 off the first 3 payments');
  });
});
