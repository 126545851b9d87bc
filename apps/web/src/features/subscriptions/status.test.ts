import { describe, expect, it } from 'vitest';
import { statusLabel, subscriptionDateLine } from './status';

describe('subscription date line', () => {
  const validUntil = '2026-12-01T12:00:00.000Z';

  it('says when an active subscription renews', () => {
    expect(subscriptionDateLine({ status: 'active', active: true, validUntil, refundedAt: null, trialEndsAt: null })).toBe(
      'Renews on Dec 1, 2026',
    );
  });

  it('says how long access lasts when it will not renew, or renewal failed while access lasts', () => {
    expect(subscriptionDateLine({ status: 'canceled', active: true, validUntil, refundedAt: null, trialEndsAt: null })).toBe(
      'Access until Dec 1, 2026',
    );
    expect(subscriptionDateLine({ status: 'past_due', active: true, validUntil, refundedAt: null, trialEndsAt: null })).toBe(
      'Access until Dec 1, 2026',
    );
  });

  it('says when access ended', () => {
    expect(subscriptionDateLine({ status: 'expired', active: false, validUntil, refundedAt: null, trialEndsAt: null })).toBe(
      'Ended Dec 1, 2026',
    );
    expect(subscriptionDateLine({ status: 'past_due', active: false, validUntil, refundedAt: null, trialEndsAt: null })).toBe(
      'Ended Dec 1, 2026',
    );
  });
});

describe('a free trial', () => {
  it('is called a free trial while it runs, and says until when it is free', () => {
    const trial = {
      status: 'active',
      active: true,
      validUntil: '2026-12-01T12:00:00.000Z',
      refundedAt: null,
      trialEndsAt: '2026-12-01T12:00:00.000Z',
    } as const;
    expect([statusLabel(trial), subscriptionDateLine(trial)]).toEqual(['Free trial', 'Free until Dec 1, 2026, then paid']);
    // Renewal turned off during the trial: access until its end, nothing paid.
    const cancelled = { ...trial, status: 'canceled' } as const;
    expect([statusLabel(cancelled), subscriptionDateLine(cancelled)]).toEqual(['Canceled', 'Access until Dec 1, 2026']);
  });
});

describe('a refunded subscription', () => {
  it('is called refunded, with the day of the refund, once access ended', () => {
    const refunded = {
      status: 'expired',
      active: false,
      validUntil: '2026-11-28T12:00:00.000Z',
      refundedAt: '2026-11-28T12:00:00.000Z',
      trialEndsAt: null,
    } as const;
    expect(statusLabel(refunded)).toBe('Refunded');
    expect(subscriptionDateLine(refunded)).toBe('Refunded Nov 28, 2026');
    expect(statusLabel({ ...refunded, refundedAt: null, trialEndsAt: null })).toBe('Expired');
    // A refund that let the period run: access lasts, and says until when.
    const running = { ...refunded, status: 'canceled', active: true, validUntil: '2026-12-01T12:00:00.000Z' } as const;
    expect([statusLabel(running), subscriptionDateLine(running)]).toEqual(['Canceled', 'Access until Dec 1, 2026']);
  });
});
