import { PLAN_DESCRIPTION_MAX, PLAN_NAME_MAX, type Plan } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { emptyPlanForm, planFormValues, validatePlanForm } from './plan-form';

const valid = { ...emptyPlanForm('EUR'), name: 'Supporter', description: 'Early access to every post.', price: '4.99', chat: true };

describe('validatePlanForm', () => {
  it('gives the API input with the price in exact minor units', () => {
    expect(validatePlanForm(valid)).toEqual({
      ok: true,
      input: {
        name: 'Supporter',
        description: 'Early access to every post.',
        priceMinor: 499,
        currency: 'EUR',
        perks: { chat: true },
        bundles: [],
      },
    });
  });

  it('trims the name and description as the API does', () => {
    const result = validatePlanForm({ ...valid, name: '  VIP  ', description: '   ', chat: false });
    expect(result).toEqual({
      ok: true,
      input: { name: 'VIP', description: '', priceMinor: 499, currency: 'EUR', perks: { chat: false }, bundles: [] },
    });
  });

  it('needs a name and a price', () => {
    expect(validatePlanForm(emptyPlanForm())).toEqual({ ok: false, errors: { name: 'Enter a plan name', price: 'Enter a price' } });
    expect(validatePlanForm({ ...valid, name: '   ' })).toEqual({ ok: false, errors: { name: 'Enter a plan name' } });
  });

  it('keeps the price within the allowed range, said in the chosen currency', () => {
    expect(validatePlanForm({ ...valid, price: '0.99' })).toEqual({ ok: false, errors: { price: 'The price is at least €1.00' } });
    expect(validatePlanForm({ ...valid, currency: 'USD', price: '1000.01' })).toEqual({
      ok: false,
      errors: { price: 'The price is at most $1,000.00' },
    });
    expect(validatePlanForm({ ...valid, price: '1' }).ok).toBe(true);
    expect(validatePlanForm({ ...valid, price: '1000' }).ok).toBe(true);
  });

  it('passes on the price parser’s refusals', () => {
    expect(validatePlanForm({ ...valid, price: '4.999' })).toEqual({ ok: false, errors: { price: 'Use at most 2 decimals, e.g. 4.99' } });
    expect(validatePlanForm({ ...valid, price: '1,000.00' })).toEqual({
      ok: false,
      errors: { price: 'Leave out thousands separators, e.g. 1000.00' },
    });
  });

  it('refuses a name or description that is too long, and reports every field at once', () => {
    const result = validatePlanForm({
      ...valid,
      name: 'n'.repeat(PLAN_NAME_MAX + 1),
      description: 'd'.repeat(PLAN_DESCRIPTION_MAX + 1),
      price: 'x',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: `A plan name has at most ${PLAN_NAME_MAX} characters`,
        description: `A description has at most ${PLAN_DESCRIPTION_MAX} characters`,
        price: 'Enter the price as a number, e.g. 4.99',
      },
    });
  });
});

describe('bundles', () => {
  it('sends the lengths switched on with their discounts, shortest first, and refuses a discount out of range', () => {
    const bundles = { 3: '10', 6: null, 12: '25' };
    expect(validatePlanForm({ ...valid, bundles })).toMatchObject({
      ok: true,
      input: {
        bundles: [
          { months: 3, discountPercent: 10 },
          { months: 12, discountPercent: 25 },
        ],
      },
    });
    expect(validatePlanForm({ ...valid, bundles: { ...bundles, 6: '80' } })).toEqual({ ok: false, errors: { bundles: 'At most 75% off' } });
    expect(validatePlanForm({ ...valid, bundles: { ...bundles, 6: '' } }).ok).toBe(false);
  });
});

describe('planFormValues', () => {
  it('fills the form from a stored plan', () => {
    const plan = {
      name: 'VIP',
      description: 'All of it',
      priceMinor: 1250,
      currency: 'GBP',
      perks: { chat: true },
      bundles: [{ months: 6, discountPercent: 15 }],
    } as Plan;
    expect(planFormValues(plan)).toEqual({
      name: 'VIP',
      description: 'All of it',
      price: '12.50',
      currency: 'GBP',
      chat: true,
      bundles: { 3: null, 6: '15', 12: null },
    });
    expect(validatePlanForm(planFormValues(plan))).toMatchObject({
      ok: true,
      input: { priceMinor: 1250, currency: 'GBP', bundles: [{ months: 6, discountPercent: 15 }] },
    });
  });
});
