import { describe, expect, it } from 'vitest';
import { accessError, describeAccess, planPriceText, planSelectable, toggleAccess } from './access';

describe('access chooser rules', () => {
  it('makes Private stand alone: choosing it clears the rest, choosing anything else clears it', () => {
    expect(toggleAccess(['public', 'follower', 'plan-1'], 'private', true)).toEqual(['private']);
    expect(toggleAccess(['private'], 'subscription', true)).toEqual(['subscription']);
    expect(toggleAccess(['private'], 'plan-1', true)).toEqual(['plan-1']);
  });

  it('combines the other audiences and unticks one at a time', () => {
    const chosen = toggleAccess(toggleAccess([], 'follower', true), 'sneakpeek', true);
    expect(chosen).toEqual(['follower', 'sneakpeek']);
    expect(toggleAccess(chosen, 'sneakpeek', true)).toEqual(['follower', 'sneakpeek']);
    expect(toggleAccess(chosen, 'follower', false)).toEqual(['sneakpeek']);
  });

  it('lets active plans be chosen, and inactive ones only be taken off', () => {
    expect(planSelectable({ id: 'gold', active: true }, [])).toBe(true);
    expect(planSelectable({ id: 'old', active: false }, [])).toBe(false);
    expect(planSelectable({ id: 'old', active: false }, ['old'])).toBe(true);
  });

  it('refuses an empty list and private mixed with others, like the server', () => {
    expect(accessError([])).toBe('Choose who can see this post');
    expect(accessError(['private', 'public'])).toBe('A private post cannot also be shared with others');
    expect(accessError(['private'])).toBeNull();
    expect(accessError(['subscription', 'gold'])).toBeNull();
  });

  it('words audiences and prices for people', () => {
    expect(describeAccess(['subscription', 'follower'])).toBe('Followers · Subscribers');
    expect(describeAccess(['gold'], [{ id: 'gold', name: 'Gold' }])).toBe('Gold');
    expect(describeAccess(['gold', 'silver'])).toBe('2 plans');
    expect(planPriceText({ priceMinor: 499, currency: 'USD', billingPeriodDays: 30 })).toBe('$4.99 every 30 days');
  });
});
