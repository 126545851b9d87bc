import type { PaymentMethod } from '@aurum/core';

/** Payment methods as the API sends them, for tests. */
export function makePaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm1',
    type: 'card',
    brand: 'visa',
    last4: '4242',
    email: null,
    expMonth: 12,
    expYear: 2030,
    isDefault: true,
    displayText: 'Credit Card ending in 4242',
    createdAt: '2026-11-01T12:00:00.000Z',
    ...overrides,
  };
}

export const paypalMethod = (overrides: Partial<PaymentMethod> = {}) =>
  makePaymentMethod({
    id: 'pm2',
    type: 'paypal',
    brand: null,
    last4: null,
    email: 'ada@example.com',
    expMonth: null,
    expYear: null,
    isDefault: false,
    displayText: 'PayPal - ada@example.com',
    ...overrides,
  });
