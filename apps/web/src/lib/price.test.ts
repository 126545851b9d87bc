import { describe, expect, it } from 'vitest';
import { formatPriceInput, parseContentPrice, parsePrice } from './price';

const minor = (text: string) => {
  const result = parsePrice(text, 'USD');
  return result.ok ? result.minor : result.error;
};

describe('parsePrice', () => {
  it('turns a decimal string into exact minor units', () => {
    expect(minor('4.99')).toBe(499);
    expect(minor('5')).toBe(500);
    expect(minor('0.1')).toBe(10);
    expect(minor('.5')).toBe(50);
    expect(minor('5.')).toBe(500);
    expect(minor(' 12.30 ')).toBe(1230);
    expect(minor('007.05')).toBe(705);
    expect(minor('1000.00')).toBe(100_000);
  });

  it('is exact where floating point is not', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.13 * 100 is 112.99999999999999 in floating point.
    expect(minor('0.29')).toBe(29);
    expect(minor('1.13')).toBe(113);
    expect(minor('4.35')).toBe(435);
    expect(minor('9.07')).toBe(907);
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(minor(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`)).toBe(cents);
    }
  });

  it('reads a single decimal comma', () => {
    expect(minor('4,99')).toBe(499);
    expect(minor('4,5')).toBe(450);
  });

  it('refuses thousands separators instead of guessing', () => {
    expect(minor('1,000.00')).toBe('Leave out thousands separators, e.g. 1000.00');
    expect(minor('1.000,00')).toBe('Leave out thousands separators, e.g. 1000.00');
    expect(minor('1,000')).toBe('Leave out thousands separators, e.g. 1000.00');
    expect(minor('1,000,000')).toBe('Leave out thousands separators, e.g. 1000.00');
  });

  it('refuses more decimals than the currency has', () => {
    expect(minor('4.999')).toBe('Use at most 2 decimals, e.g. 4.99');
    expect(minor('4.990')).toBe('Use at most 2 decimals, e.g. 4.99');
  });

  it('refuses what is not a plain amount', () => {
    expect(minor('')).toBe('Enter a price');
    expect(minor('   ')).toBe('Enter a price');
    for (const text of ['.', '-4.99', '+4.99', '4.99$', '$4.99', '1e3', 'abc', '4.9.9', '4 99', 'Infinity', 'NaN', '0x10']) {
      expect(minor(text), text).toBe('Enter the price as a number, e.g. 4.99');
    }
  });

  it('refuses amounts beyond exact integers', () => {
    expect(minor('12345678901234567')).toBe('That price is too high');
  });
});

describe('formatPriceInput', () => {
  it('writes minor units back as the form shows them', () => {
    expect(formatPriceInput(499, 'USD')).toBe('4.99');
    expect(formatPriceInput(500, 'EUR')).toBe('5.00');
    expect(formatPriceInput(5, 'GBP')).toBe('0.05');
    expect(formatPriceInput(100_000, 'CHF')).toBe('1000.00');
  });

  it('round-trips with parsePrice', () => {
    for (const cents of [0, 1, 10, 99, 100, 101, 499, 12_345, 100_000]) {
      expect(parsePrice(formatPriceInput(cents, 'USD'), 'USD')).toEqual({ ok: true, minor: cents });
    }
  });
});

describe('parseContentPrice', () => {
  it('reads no price from nothing, an amount in range, and says what is wrong with the rest', () => {
    expect(parseContentPrice('  ', 'USD')).toEqual({ price: null, error: null });
    expect(parseContentPrice('6,50', 'EUR')).toEqual({ price: { amountMinor: 650, currency: 'EUR' }, error: null });
    expect(parseContentPrice('0.50', 'USD')).toEqual({ price: null, error: 'Enter an amount from $1.00 to $500.00' });
    expect(parseContentPrice('500.01', 'USD').error).toBe('Enter an amount from $1.00 to $500.00');
    expect(parseContentPrice('abc', 'USD').error).toBe('Enter the price as a number, e.g. 4.99');
  });
});
