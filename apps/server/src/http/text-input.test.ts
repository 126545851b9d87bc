import { describe, expect, it } from 'vitest';
import { nulCharacterPath } from './text-input.js';

describe('nulCharacterPath', () => {
  it('names the first string holding a NUL character, however deep', () => {
    expect(nulCharacterPath('a\u0000b')).toBe('');
    expect(nulCharacterPath({ userId: '\u0000' })).toBe('userId');
    expect(nulCharacterPath({ price: { currency: 'EUR' }, media: ['ok', 'bad\u0000'] })).toBe('media.1');
  });

  it('passes text without one, numbers, nothing, and raw bytes', () => {
    expect(nulCharacterPath({ text: 'Hello \u00a0 world', count: 0, flag: null })).toBeNull();
    expect(nulCharacterPath(undefined)).toBeNull();
    expect(nulCharacterPath(Buffer.from([104, 0, 105]))).toBeNull();
  });
});
