import { describe, expect, it } from 'vitest';
import { DAY_MS } from './constants.js';
import {
  afterCancel,
  afterPaymentMethodChange,
  afterRenewalFailed,
  afterRenewalPaid,
  inTrial,
  nextRenewalAttemptAt,
  planChangeAmount,
  RENEWAL_GRACE_MS,
  SUBSCRIPTION_PERIOD_MS,
  type SubscriptionState,
  splitPayment,
  subscriptionStatus,
  TRIAL_CONVERSION_LEAD_MS,
} from './subscriptions.js';

const start = new Date('2026-01-01T00:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY_MS);
const fresh: SubscriptionState = {
  autoRenew: true,
  validUntil: at(30),
  renewalFailedAt: null,
  renewalFailures: 0,
  lapsedAt: null,
  trialEndsAt: null,
};

describe('subscription states', () => {
  it('is active while paid up and renewing, canceled until the end after cancel, then expired', () => {
    expect(subscriptionStatus(fresh, at(1))).toBe('active');
    const canceled = afterCancel(fresh);
    expect(canceled.autoRenew).toBe(false);
    expect(subscriptionStatus(canceled, at(29))).toBe('canceled');
    expect(subscriptionStatus(canceled, at(30))).toBe('expired');
    expect(nextRenewalAttemptAt(canceled)).toBeNull();
  });

  it('renews a day before the end, and a paid renewal follows on from the old end', () => {
    expect(nextRenewalAttemptAt(fresh)).toEqual(at(29));
    const renewed = afterRenewalPaid(fresh, at(29));
    expect(renewed.validUntil).toEqual(at(60));
    expect(renewed.paidAt).toEqual(at(29));
    // Paid after access ended (a late retry): the new period starts at the payment, not in the past.
    const late = afterRenewalPaid({ ...fresh, renewalFailedAt: at(31), renewalFailures: 2 }, at(32));
    expect(late).toMatchObject({ validUntil: at(62), renewalFailedAt: null, renewalFailures: 0 });
  });

  it('retries a failed renewal daily and lapses once the next try would fall after the grace period', () => {
    let state = fresh;
    const attempts: number[] = [];
    for (let day = 29; !state.lapsedAt; day++) {
      expect(nextRenewalAttemptAt(state)).toEqual(at(day));
      state = afterRenewalFailed(state, at(day));
      attempts.push(day);
      if (!state.lapsedAt) expect(subscriptionStatus(state, at(day))).toBe('past_due');
    }
    expect(attempts).toEqual([29, 30, 31, 32, 33]);
    expect(at(33).getTime()).toBe(fresh.validUntil.getTime() + RENEWAL_GRACE_MS);
    expect(state).toMatchObject({ autoRenew: false, renewalFailures: 5, lapsedAt: at(33) });
    expect(subscriptionStatus(state, at(33))).toBe('expired');
    expect(nextRenewalAttemptAt(state)).toBeNull();
  });

  it('converts a free trial in its last minutes, into a paid period that follows it, and renews as usual after', () => {
    const trial: SubscriptionState = { ...fresh, validUntil: at(7), trialEndsAt: at(7) };
    expect(inTrial(trial)).toBe(true);
    expect(nextRenewalAttemptAt(trial)).toEqual(new Date(at(7).getTime() - TRIAL_CONVERSION_LEAD_MS));
    const converted = afterRenewalPaid(trial, new Date(at(7).getTime() - TRIAL_CONVERSION_LEAD_MS));
    expect(converted.validUntil).toEqual(at(37));
    expect(inTrial(converted)).toBe(false);
    expect(nextRenewalAttemptAt(converted)).toEqual(at(36));
    // Cancelled during the trial: access until the trial's end, and no payment.
    const cancelled = afterCancel(trial);
    expect(nextRenewalAttemptAt(cancelled)).toBeNull();
    expect(subscriptionStatus(cancelled, at(6))).toBe('canceled');
    expect(subscriptionStatus(cancelled, at(7))).toBe('expired');
  });

  it('is past due once the end passed without payment, even before a failure is recorded', () => {
    expect(subscriptionStatus(fresh, at(30))).toBe('past_due');
  });

  it('a new payment method turns renewal on and makes a failed renewal due again at once', () => {
    const failed = afterRenewalFailed(fresh, at(29));
    const fixed = afterPaymentMethodChange({ ...failed, autoRenew: false }, at(29.5));
    expect(fixed.autoRenew).toBe(true);
    expect(nextRenewalAttemptAt(fixed)?.getTime()).toBeLessThanOrEqual(at(29.5).getTime());
    expect(afterPaymentMethodChange(afterCancel(fresh), at(2))).toEqual(fresh);
  });
});

describe('planChangeAmount', () => {
  it('charges the price difference for the part of the period left, rounded to the minor unit', () => {
    const now = at(15);
    expect(planChangeAmount({ fromPriceMinor: 1000, toPriceMinor: 2500, validUntil: at(30), now })).toBe(750);
    expect(planChangeAmount({ fromPriceMinor: 1000, toPriceMinor: 2000, validUntil: at(30), now: at(0) })).toBe(1000);
    expect(planChangeAmount({ fromPriceMinor: 999, toPriceMinor: 1000, validUntil: at(30), now: at(20) })).toBe(0);
    expect(planChangeAmount({ fromPriceMinor: 500, toPriceMinor: 800, validUntil: at(30), now: at(20) })).toBe(100);
  });

  it('costs nothing for a cheaper or equal plan, or once the period is over', () => {
    expect(planChangeAmount({ fromPriceMinor: 2500, toPriceMinor: 1000, validUntil: at(30), now: at(1) })).toBe(0);
    expect(planChangeAmount({ fromPriceMinor: 1000, toPriceMinor: 1000, validUntil: at(30), now: at(1) })).toBe(0);
    expect(planChangeAmount({ fromPriceMinor: 1000, toPriceMinor: 5000, validUntil: at(30), now: at(31) })).toBe(0);
  });

  it('never charges for more than one period, even if valid_until is further away', () => {
    expect(
      planChangeAmount({
        fromPriceMinor: 0,
        toPriceMinor: 3000,
        validUntil: new Date(at(0).getTime() + 2 * SUBSCRIPTION_PERIOD_MS),
        now: at(0),
      }),
    ).toBe(3000);
  });
});

describe('splitPayment', () => {
  it('divides a payment into the platform fee and the creator earning, which always add up', () => {
    expect(splitPayment(999, 2000)).toEqual({ platformFeeMinor: 200, creatorEarningMinor: 799 });
    expect(splitPayment(1000, 2000)).toEqual({ platformFeeMinor: 200, creatorEarningMinor: 800 });
    expect(splitPayment(1, 5000)).toEqual({ platformFeeMinor: 1, creatorEarningMinor: 0 });
    expect(splitPayment(500, 0)).toEqual({ platformFeeMinor: 0, creatorEarningMinor: 500 });
    expect(splitPayment(500, 10_000)).toEqual({ platformFeeMinor: 500, creatorEarningMinor: 0 });
    for (let amount = 0; amount < 2000; amount += 7) {
      const { platformFeeMinor, creatorEarningMinor } = splitPayment(amount, 1250);
      expect(platformFeeMinor + creatorEarningMinor).toBe(amount);
      expect(Number.isInteger(platformFeeMinor)).toBe(true);
    }
  });

  it('refuses fractional or negative amounts and fees outside 0-100%', () => {
    expect(() => splitPayment(1.5, 2000)).toThrow(RangeError);
    expect(() => splitPayment(-1, 2000)).toThrow(RangeError);
    expect(() => splitPayment(100, 10_001)).toThrow(RangeError);
    expect(() => splitPayment(100, 12.5)).toThrow(RangeError);
  });
});
