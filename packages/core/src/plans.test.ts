import { describe, expect, it } from 'vitest';
import {
  type Bundle,
  createPlanSchema,
  PLAN_PERKS,
  PLAN_PRICE_MAX_MINOR,
  PLAN_PRICE_MIN_MINOR,
  periodsPrice,
  updatePlanSchema,
} from './plans.js';

const valid = { name: ' Gold ', priceMinor: 499, currency: 'USD' };

describe('plan schemas', () => {
  it('trims the name and defaults description and perks', () => {
    expect(createPlanSchema.parse(valid)).toEqual({
      name: 'Gold',
      description: '',
      priceMinor: 499,
      currency: 'USD',
      perks: { chat: false },
      bundles: [],
    });
  });

  it('takes bundles of 3, 6 or 12 months once each, shortest first, from 0 to 75% off, and prices them', () => {
    const bundles: Bundle[] = [
      { months: 12, discountPercent: 25 },
      { months: 3, discountPercent: 10 },
    ];
    expect(createPlanSchema.parse({ ...valid, bundles }).bundles.map((bundle) => bundle.months)).toEqual([3, 12]);
    expect(createPlanSchema.safeParse({ ...valid, bundles: [{ months: 2, discountPercent: 10 }] }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, bundles: [{ months: 3, discountPercent: 76 }] }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, bundles: [bundles[1], bundles[1]] }).success).toBe(false);
    const plan = { priceMinor: 999, bundles };
    expect([1, 3, 6, 12].map((months) => periodsPrice(plan, months))).toEqual([999, 2697, null, 8991]);
  });

  it('bounds the price to whole minor units between the minimum and maximum', () => {
    for (const priceMinor of [PLAN_PRICE_MIN_MINOR, PLAN_PRICE_MAX_MINOR])
      expect(createPlanSchema.safeParse({ ...valid, priceMinor }).success).toBe(true);
    for (const priceMinor of [PLAN_PRICE_MIN_MINOR - 1, PLAN_PRICE_MAX_MINOR + 1, 4.99, -100, Number.NaN]) {
      expect(createPlanSchema.safeParse({ ...valid, priceMinor }).success, String(priceMinor)).toBe(false);
    }
  });

  it('accepts only supported currencies, names of 1 to 60 characters and descriptions up to 500', () => {
    expect(createPlanSchema.safeParse({ ...valid, currency: 'BTC' }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, currency: 'usd' }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, name: '   ' }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, name: 'x'.repeat(61) }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, description: 'x'.repeat(501) }).success).toBe(false);
    expect(createPlanSchema.safeParse({ ...valid, description: 'x'.repeat(500) }).success).toBe(true);
  });

  it('never lets a body set the owner, the active flag or the billing period', () => {
    const parsed = updatePlanSchema.parse({ creatorId: 'someone', active: true, billingPeriodDays: 7, name: 'New' });
    expect(parsed).toEqual({ name: 'New' });
  });

  it('describes the chat perk to creators and members', () => {
    expect(PLAN_PERKS.chat).toMatchObject({ key: 'chat', name: 'Chat' });
    expect(PLAN_PERKS.chat.creatorDescription).toMatch(/direct messages.*private content/is);
    expect(PLAN_PERKS.chat.memberDescription).toMatch(/direct messages.*private content/is);
  });
});
