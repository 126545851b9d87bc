import { describe, expect, it } from 'vitest';
import { isExpired, methodDetailsText } from './method-details';

describe('payment method details', () => {
  it('counts a card as valid through the last day of its expiry month', () => {
    const card = { expMonth: 11, expYear: 2026 };
    expect(isExpired(card, new Date(2026, 10, 30, 23, 59))).toBe(false);
    expect(isExpired(card, new Date(2026, 11, 1))).toBe(true);
    expect(isExpired({ expMonth: null, expYear: null }, new Date(2030, 0, 1))).toBe(false);
  });

  it('words brand and expiry for cards and names PayPal accounts', () => {
    const now = new Date(2026, 10, 15);
    expect(methodDetailsText({ type: 'card', brand: 'amex', expMonth: 3, expYear: 2029 }, now)).toBe('American Express · Expires 03/2029');
    expect(methodDetailsText({ type: 'card', brand: 'visa', expMonth: 1, expYear: 2026 }, now)).toBe('Visa · Expired 01/2026');
    expect(methodDetailsText({ type: 'card', brand: 'unknown', expMonth: null, expYear: null }, now)).toBe('');
    expect(methodDetailsText({ type: 'paypal', brand: null, expMonth: null, expYear: null }, now)).toBe('PayPal account');
  });
});
