import { describe, expect, it } from 'vitest';
import { isAvatarColor, randomAvatarColor } from './colors.js';

describe('avatar colours', () => {
  it('uses a hue from 0 to 360 with saturation and lightness of 50', () => {
    expect(randomAvatarColor(() => 0)).toBe('hsl(0, 50%, 50%)');
    expect(randomAvatarColor(() => 0.9999)).toBe('hsl(360, 50%, 50%)');
    for (let i = 0; i < 100; i++) expect(randomAvatarColor()).toMatch(/^hsl\((\d|[1-9]\d|[12]\d\d|3[0-5]\d|360), 50%, 50%\)$/);
  });

  it('accepts only well-formed hsl colours', () => {
    expect(isAvatarColor('hsl(200, 50%, 50%)')).toBe(true);
    expect(isAvatarColor('hsl(200,40%,60%)')).toBe(true);
    expect(isAvatarColor('hsl(361, 50%, 50%)')).toBe(false);
    expect(isAvatarColor('hsl(20, 101%, 50%)')).toBe(false);
    expect(isAvatarColor('red')).toBe(false);
    expect(isAvatarColor('hsl(20, 50%, 50%); background: url(x)')).toBe(false);
  });
});
