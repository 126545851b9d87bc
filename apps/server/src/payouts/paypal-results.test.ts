import { describe, expect, it } from 'vitest';
import { earlierBatchOf, itemResult, type PayPalItem, paypalAmount, refusalOf } from './paypal-results.js';

const item = (status: string, extra: Partial<PayPalItem> = {}): PayPalItem => ({
  payout_item_id: 'ITEM1',
  transaction_status: status,
  payout_batch_id: 'BATCH1',
  payout_item: { receiver: 'ada@example.com', sender_item_id: 'payout-1' },
  ...extra,
});

describe('PayPal answers for payouts', () => {
  it('writes amounts as decimal strings in the currency exponent', () => {
    expect(paypalAmount(2400, 'USD')).toBe('24.00');
    expect(paypalAmount(5, 'EUR')).toBe('0.05');
    expect(paypalAmount(123456789, 'GBP')).toBe('1234567.89');
    expect(() => paypalAmount(0, 'USD')).toThrow(RangeError);
    expect(() => paypalAmount(1.5, 'USD')).toThrow(RangeError);
  });

  it('pays on SUCCESS, waits on PENDING, ONHOLD and statuses it does not know, cancels UNCLAIMED', () => {
    expect(itemResult(item('SUCCESS'))).toEqual({ status: 'paid', providerRef: 'BATCH1' });
    for (const status of ['PENDING', 'ONHOLD', 'SOMETHING_NEW']) {
      expect(itemResult(item(status))).toEqual({ status: 'in_flight', providerRef: 'BATCH1' });
    }
    expect(itemResult(item('UNCLAIMED'))).toBe('cancel');
  });

  it('fails returned, failed, blocked, denied, refunded and reversed items with a message the creator can act on', () => {
    for (const status of ['RETURNED', 'FAILED', 'BLOCKED', 'DENIED', 'REFUNDED', 'REVERSED']) {
      const result = itemResult(item(status));
      expect(result).toMatchObject({ status: 'failed', providerRef: 'BATCH1', code: `paypal_${status.toLowerCase()}` });
      expect(result !== 'cancel' && result.status === 'failed' && result.message).toMatch(/\.$/);
      // Only money that had arrived and came back may fail a paid payout.
      expect(result !== 'cancel' && result.status === 'failed' && Boolean(result.returned)).toBe(['REFUNDED', 'REVERSED'].includes(status));
    }
    // PayPal's named receiver error says more than the status.
    expect(itemResult(item('RETURNED', { errors: { name: 'RECEIVER_UNCONFIRMED', message: 'Receiver is unconfirmed' } }))).toMatchObject({
      code: 'receiver_unconfirmed',
      message: expect.stringContaining('not confirmed'),
    });
  });

  it('returns the money for refusals about the payout, never for outages or the platform account', () => {
    expect(refusalOf(422, { name: 'RECEIVER_UNREGISTERED' })).toMatchObject({ code: 'receiver_unregistered' });
    expect(refusalOf(400, { name: 'VALIDATION_ERROR', details: [{ field: 'items[0].receiver', issue: 'Invalid email' }] })).toMatchObject({
      code: 'receiver_invalid',
    });
    expect(refusalOf(400, { name: 'CURRENCY_NOT_SUPPORTED' })).toMatchObject({ code: 'paypal_currency_not_supported' });
    // The platform's balance or account: the payout waits and is asked again.
    expect(refusalOf(422, { name: 'INSUFFICIENT_FUNDS' })).toBeNull();
    expect(refusalOf(403, { name: 'SENDER_ACCOUNT_UNVERIFIED' })).toBeNull();
    // A batch id PayPal has seen, without the link to the first batch: that batch may pay, so never hand the money back.
    expect(refusalOf(400, { name: 'USER_BUSINESS_ERROR', details: [{ field: 'SENDER_BATCH_ID', issue: 'already exists' }] })).toBeNull();
    for (const status of [401, 403, 409, 429, 500, 503]) expect(refusalOf(status, { name: 'INTERNAL_SERVICE_ERROR' })).toBeNull();
    expect(refusalOf(400, undefined)).toBeNull();
  });

  it('finds the first batch of a sender_batch_id PayPal has seen', () => {
    const duplicate = {
      name: 'USER_BUSINESS_ERROR',
      details: [{ field: 'SENDER_BATCH_ID', issue: 'Batch with given sender_batch_id already exists' }],
      links: [{ href: 'https://api-m.paypal.com/v1/payments/payouts/LRQEF9GG2ZHUS', rel: 'self' }],
    };
    expect(earlierBatchOf(duplicate)).toBe('LRQEF9GG2ZHUS');
    expect(earlierBatchOf({ ...duplicate, links: [] })).toBeNull();
    expect(earlierBatchOf({ name: 'USER_BUSINESS_ERROR' })).toBeNull();
  });
});
