import { describe, expect, it } from 'vitest';
import { disputeFunds, disputeMovesOn, disputeShares, isFinalDispute } from './disputes.js';

describe('disputeShares', () => {
  it('reverses a whole payment exactly as it was split', () => {
    expect(disputeShares({ amountMinor: 1000, creatorEarningMinor: 800 }, 1000)).toEqual({
      platformFeeMinor: 200,
      creatorEarningMinor: 800,
    });
  });

  it('splits part of a payment in its proportion, the shares adding up to the amount', () => {
    expect(disputeShares({ amountMinor: 999, creatorEarningMinor: 799 }, 500)).toEqual({ platformFeeMinor: 100, creatorEarningMinor: 400 });
    const { platformFeeMinor, creatorEarningMinor } = disputeShares({ amountMinor: 333, creatorEarningMinor: 266 }, 100);
    expect(platformFeeMinor + creatorEarningMinor).toBe(100);
    expect(disputeShares({ amountMinor: 0, creatorEarningMinor: 0 }, 0)).toEqual({ platformFeeMinor: 0, creatorEarningMinor: 0 });
  });

  it('refuses more than the payment', () => {
    expect(() => disputeShares({ amountMinor: 1000, creatorEarningMinor: 800 }, 1001)).toThrow(RangeError);
    expect(() => disputeShares({ amountMinor: 1000, creatorEarningMinor: 800 }, -1)).toThrow(RangeError);
  });
});

describe('disputeFunds', () => {
  it('takes nothing while an inquiry moves no money', () => {
    expect(disputeFunds([])).toEqual({ withdrawn: null, reinstated: null });
  });

  it('reads the amount and fee taken', () => {
    expect(disputeFunds([{ amountMinor: -1000, feeMinor: 1500 }])).toEqual({ withdrawn: { feeMinor: 1500 }, reinstated: null });
  });

  it('reads a won dispute with and without its fee returned', () => {
    expect(
      disputeFunds([
        { amountMinor: -1000, feeMinor: 1500 },
        { amountMinor: 1000, feeMinor: -1500 },
      ]),
    ).toEqual({ withdrawn: { feeMinor: 1500 }, reinstated: { feeReturnedMinor: 1500 } });
    expect(
      disputeFunds([
        { amountMinor: -1000, feeMinor: 1500 },
        { amountMinor: 1000, feeMinor: 0 },
      ]),
    ).toEqual({ withdrawn: { feeMinor: 1500 }, reinstated: { feeReturnedMinor: 0 } });
  });
});

describe('dispute states', () => {
  it('moves forward only, and stays once decided', () => {
    expect(disputeMovesOn('needs_response', 'under_review')).toBe(true);
    expect(disputeMovesOn('under_review', 'needs_response')).toBe(false);
    expect(disputeMovesOn('warning_under_review', 'needs_response')).toBe(true);
    expect(disputeMovesOn('under_review', 'lost')).toBe(true);
    expect(disputeMovesOn('won', 'under_review')).toBe(false);
    expect(disputeMovesOn('won', 'lost')).toBe(false);
    expect(disputeMovesOn('won', 'won')).toBe(true);
    expect(isFinalDispute('warning_closed')).toBe(true);
    expect(isFinalDispute('under_review')).toBe(false);
  });
});
