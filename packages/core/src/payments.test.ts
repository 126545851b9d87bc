import { describe, expect, it } from 'vitest';
import { cardBrand, DEV_TEST_CARDS, devTokenRequestSchema, passesLuhn, paymentMethodText } from './payments.js';

describe('paymentMethodText', () => {
  it('reads as spec section 3 says for every kind of method', () => {
    expect(paymentMethodText({ id: 'm1', type: 'card', last4: '1234' })).toBe('Credit Card ending in 1234');
    expect(paymentMethodText({ id: 'm2', type: 'paypal', email: 'a@b.co' })).toBe('PayPal - a@b.co');
    expect(paymentMethodText({ id: 'm3', type: 'sepa_debit' })).toBe('Unknown - sepa_debit - m3');
    // A card without its digits or PayPal without its address cannot be described either.
    expect(paymentMethodText({ id: 'm4', type: 'card', last4: null })).toBe('Unknown - card - m4');
    expect(paymentMethodText({ id: 'm5', type: 'paypal', email: '' })).toBe('Unknown - paypal - m5');
    expect(paymentMethodText(null)).toBe('Unknown');
    expect(paymentMethodText(undefined)).toBe('Unknown');
  });
});

describe('card numbers', () => {
  it('passes the documented test cards and real-looking numbers through Luhn, and catches typos', () => {
    for (const number of Object.values(DEV_TEST_CARDS)) expect(passesLuhn(number)).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242 4242 4242 4242')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('accepts numbers typed with spaces or dashes and refuses anything else', () => {
    const parsed = devTokenRequestSchema.parse({
      type: 'card',
      number: '4242-4242 4242 4242',
      expMonth: '12',
      expYear: '2030',
      cvc: '123',
    });
    expect(parsed).toMatchObject({ number: '4242424242424242', expMonth: 12, expYear: 2030 });
    expect(devTokenRequestSchema.safeParse({ type: 'card', number: '4242abc', expMonth: 1, expYear: 2030, cvc: '1' }).success).toBe(false);
    expect(
      devTokenRequestSchema.safeParse({ type: 'card', number: '4242424242424242', expMonth: 13, expYear: 2030, cvc: '123' }).success,
    ).toBe(false);
    expect(devTokenRequestSchema.safeParse({ type: 'paypal', email: 'not-an-address' }).success).toBe(false);
  });
});
