import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompactNumber, formatMoney, majorUnits } from './format.js';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [15_300, '15.3K'],
    [2_000_000, '2M'],
    [1_234_567_890, '1.2B'],
  ])('%d -> %s', (value, expected) => {
    expect(formatCompactNumber(value)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('divides minor units by 100 and shows two decimals', () => {
    expect(formatMoney({ amountMinor: 499, currency: 'USD' })).toBe('$4.99');
    expect(formatMoney({ amountMinor: 1000, currency: 'USD' })).toBe('$10.00');
    expect(formatMoney({ amountMinor: 5, currency: 'EUR' })).toBe('€0.05');
    expect(formatMoney({ amountMinor: 123456, currency: 'GBP' })).toBe('£1,234.56');
  });

  it('refuses fractional minor units', () => {
    expect(() => formatMoney({ amountMinor: 4.5, currency: 'USD' })).toThrow(RangeError);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 KB'],
    [12_500_000, '12.5 MB'],
    [150_000_000, '150 MB'],
    [20_000_000_000, '20 GB'],
    [21_474_836_480, '21.5 GB'],
  ])('%d -> %s', (value, expected) => {
    expect(formatBytes(value)).toBe(expected);
  });
});

describe('majorUnits', () => {
  it('writes minor units as decimals', () => {
    expect(majorUnits(499, 'USD')).toBe('4.99');
    expect(majorUnits(-5, 'EUR')).toBe('-0.05');
    expect(majorUnits(0, 'GBP')).toBe('0.00');
    expect(majorUnits(123456, 'CHF')).toBe('1234.56');
  });
});
