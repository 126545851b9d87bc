import { describe, expect, it } from 'vitest';
import { parsePriceInput } from './price-input';

describe('parsePriceInput', () => {
  it('reads whole amounts and up to two decimals, with a point or a comma, as minor units', () => {
    expect(parsePriceInput('6')).toBe(600);
    expect(parsePriceInput(' 6.5 ')).toBe(650);
    expect(parsePriceInput('6.50')).toBe(650);
    expect(parsePriceInput('6,05')).toBe(605);
    expect(parsePriceInput('0.99')).toBe(99);
  });

  it('refuses anything else', () => {
    for (const input of ['', 'abc', '6.505', '-5', '1e3', '6.', '.5', '$6']) expect(parsePriceInput(input), input).toBeNaN();
  });
});
