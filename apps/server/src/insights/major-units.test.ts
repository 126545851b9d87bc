import { describe, expect, it } from 'vitest';
import { majorUnits } from './service.js';

describe('statement amounts', () => {
  it('writes minor units as decimals', () => {
    expect(majorUnits(499, 'USD')).toBe('4.99');
    expect(majorUnits(-5, 'EUR')).toBe('-0.05');
    expect(majorUnits(0, 'GBP')).toBe('0.00');
    expect(majorUnits(123456, 'CHF')).toBe('1234.56');
  });
});
