import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  bucketStart,
  canonicalTimeZone,
  churnRate,
  countsAsCharge,
  InsightsRangeError,
  isValidTimeZone,
  ledgerColumn,
  ledgerPosting,
  localDate,
  relativeChange,
  resolvePeriod,
} from './insights.js';

describe('insight periods', () => {
  it('ends presets today, with the previous period as long just before', () => {
    expect(resolvePeriod({ range: '7d' }, '2026-03-10')).toMatchObject({
      from: '2026-03-04',
      to: '2026-03-11',
      previousFrom: '2026-02-25',
      previousTo: '2026-03-04',
      granularity: 'day',
    });
    const quarter = resolvePeriod({ range: '90d' }, '2026-03-10');
    expect(quarter.granularity).toBe('week');
    expect(quarter.buckets[0]).toBe(quarter.from);
    expect(quarter.buckets.slice(1).every((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
  });

  it('covers twelve calendar months, this one included', () => {
    const year = resolvePeriod({ range: '12m' }, '2026-03-10');
    expect(year).toMatchObject({ from: '2025-04-01', to: '2026-04-01', previousFrom: '2024-04-01', granularity: 'month' });
    expect(year.buckets).toHaveLength(12);
    expect(year.buckets.at(-1)).toBe('2026-03-01');
  });

  it('takes custom dates inclusively and refuses impossible ones', () => {
    expect(resolvePeriod({ range: 'custom', from: '2026-01-01', to: '2026-01-31' }, '2026-03-10')).toMatchObject({
      to: '2026-02-01',
      previousFrom: '2025-12-01',
    });
    expect(() => resolvePeriod({ range: 'custom', from: '2026-01-01' }, '2026-03-10')).toThrow(InsightsRangeError);
    expect(() => resolvePeriod({ range: 'custom', from: '2026-02-01', to: '2026-01-01' }, '2026-03-10')).toThrow(InsightsRangeError);
    expect(() => resolvePeriod({ range: 'custom', from: '2020-01-01', to: '2026-01-01' }, '2026-03-10')).toThrow(InsightsRangeError);
  });

  it('puts a day in its bucket: Monday weeks, first of the month, clamped to the period', () => {
    expect(bucketStart('2026-01-04', 'week')).toBe('2025-12-29');
    expect(bucketStart('2026-01-05', 'week')).toBe('2026-01-05');
    expect(bucketStart('2026-01-31', 'month')).toBe('2026-01-01');
    expect(bucketOf('2026-01-02', { from: '2026-01-01', granularity: 'week' })).toBe('2026-01-01');
  });

  it('reads the local date of an instant in a time zone', () => {
    const at = new Date('2026-01-01T04:30:00Z');
    expect(localDate(at, 'America/New_York')).toBe('2025-12-31');
    expect(localDate(at, 'UTC')).toBe('2026-01-01');
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('+05:00')).toBe(false);
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('Etc/GMT+5')).toBe('Etc/GMT+5');
  });
});

describe('insight figures', () => {
  it('computes change and churn, without dividing by nothing', () => {
    expect(relativeChange(150, 100)).toBe(0.5);
    expect(relativeChange(0, 0)).toBe(0);
    expect(relativeChange(5, 0)).toBeNull();
    expect(churnRate(1, 4)).toBe(0.25);
    expect(churnRate(0, 0)).toBeNull();
  });

  it('classes ledger entries by column and posting; only a payment is a charge', () => {
    expect(ledgerColumn('payment')).toBe('gross');
    expect(ledgerColumn('refund')).toBe('gross');
    expect(ledgerColumn('chargeback')).toBe('gross');
    expect(ledgerColumn('platform_fee_reversal')).toBe('fee');
    expect(ledgerColumn('platform_fee_dispute_fee')).toBe('fee');
    expect(ledgerColumn('creator_earning')).toBe('net');
    expect(ledgerColumn('creator_earning_dispute_fee_returned')).toBe('net');
    expect(countsAsCharge('payment')).toBe(true);
    for (const kind of ['refund', 'chargeback', 'chargeback_won', 'creator_earning']) expect(countsAsCharge(kind)).toBe(false);
    expect(ledgerPosting('creator_earning')).toBe('payment');
    expect(ledgerPosting('platform_fee_reversal')).toBe('refund');
    expect(ledgerPosting('refund')).toBe('refund');
    expect(ledgerPosting('creator_earning_chargeback')).toBe('chargeback');
    expect(ledgerPosting('platform_fee_dispute_fee')).toBe('chargeback');
    expect(ledgerPosting('chargeback_won')).toBe('dispute_won');
    expect(ledgerPosting('creator_earning_dispute_fee_returned')).toBe('dispute_won');
  });
});
