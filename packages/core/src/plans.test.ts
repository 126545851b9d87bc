import { describe, expect, it } from 'vitest';
import { createPlanSchema, PLAN_PERKS, PLAN_PRICE_MAX_MINOR, PLAN_PRICE_MIN_MINOR, updatePlanSchema } from './plans.js';

const valid = { name: ' Gold ', priceMinor: 499, currency: 'USD' };

describe('plan schemas', () => {
  it('trims the name and defaults description and perks', () => {
    expect(createPlanSchema.parse(valid)).toEqual({
      name: 'Gold',
      description: '',
      priceMinor: 499,
      currency: 'USD',
      perks: { chat: false },
    });
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
