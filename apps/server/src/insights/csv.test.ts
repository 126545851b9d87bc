import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.js';
import { majorUnits } from './service.js';

describe('statement CSV', () => {
  it('quotes separators and quotes, and defuses formulas but not negative amounts', () => {
    expect(toCsv([['a,b', 'say "hi"', '=HYPERLINK("x")', '-4.99', '@me', 3]])).toBe(
      '"a,b","say ""hi""","\'=HYPERLINK(""x"")",-4.99,\'@me,3\r\n',
    );
  });

  it('writes minor units as decimals', () => {
    expect(majorUnits(499, 'USD')).toBe('4.99');
    expect(majorUnits(-5, 'EUR')).toBe('-0.05');
    expect(majorUnits(0, 'GBP')).toBe('0.00');
    expect(majorUnits(123456, 'CHF')).toBe('1234.56');
  });
});
