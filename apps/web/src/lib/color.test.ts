import { describe, expect, it } from 'vitest';
import { readableTextOn } from './color';

describe('readableTextOn', () => {
  it('puts black on light hues and white on dark ones', () => {
    expect(readableTextOn('hsl(60, 50%, 50%)')).toBe('#000000');
    expect(readableTextOn('hsl(42, 50%, 50%)')).toBe('#000000');
    expect(readableTextOn('hsl(240, 50%, 50%)')).toBe('#ffffff');
    expect(readableTextOn('hsl(270, 50%, 50%)')).toBe('#ffffff');
  });

  it('falls back to white for colours it cannot read', () => {
    expect(readableTextOn('rebeccapurple')).toBe('#ffffff');
  });
});
