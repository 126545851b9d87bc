import { formatCompactNumber } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { bioExcerpt, followerText } from './bio';

describe('profile texts', () => {
  it('cuts a long bio at a word, without trailing punctuation', () => {
    expect(bioExcerpt('Short and sweet.')).toEqual({ text: 'Short and sweet.', truncated: false });
    expect(bioExcerpt('Gold leaf, film, and the occasional playlist. More to come', 46)).toEqual({
      text: 'Gold leaf, film, and the occasional playlist…',
      truncated: true,
    });
  });

  it('counts followers compactly', () => {
    expect(followerText(1, formatCompactNumber)).toBe('1 follower');
    expect(followerText(1234, formatCompactNumber)).toBe('1.2K followers');
  });
});
