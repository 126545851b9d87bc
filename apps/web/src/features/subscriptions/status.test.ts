import { describe, expect, it } from 'vitest';
import { subscriptionDateLine } from './status';

describe('subscription date line', () => {
  const validUntil = '2026-12-01T12:00:00.000Z';

  it('says when an active subscription renews', () => {
    expect(subscriptionDateLine({ status: 'active', active: true, validUntil })).toBe('Renews on Dec 1, 2026');
  });

  it('says how long access lasts when it will not renew, or renewal failed while access lasts', () => {
    expect(subscriptionDateLine({ status: 'canceled', active: true, validUntil })).toBe('Access until Dec 1, 2026');
    expect(subscriptionDateLine({ status: 'past_due', active: true, validUntil })).toBe('Access until Dec 1, 2026');
  });

  it('says when access ended', () => {
    expect(subscriptionDateLine({ status: 'expired', active: false, validUntil })).toBe('Ended Dec 1, 2026');
    expect(subscriptionDateLine({ status: 'past_due', active: false, validUntil })).toBe('Ended Dec 1, 2026');
  });
});
