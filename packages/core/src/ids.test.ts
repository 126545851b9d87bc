import { describe, expect, it } from 'vitest';
import { generateId, ID_PATTERN } from './ids.js';

describe('generateId', () => {
  it('is the timestamp in hex followed by 9 random hex characters', () => {
    expect(generateId(0x18f0a1b2c3e, () => 0.999999)).toMatch(/^18f0a1b2c3e[0-9a-f]{9}$/);
    expect(generateId(0x18f0a1b2c3f, () => 0)).toBe('18f0a1b2c3f000000000');
  });

  it('steps past the previous id within one millisecond, so a process never repeats one', () => {
    // The worst case: the same "random" number every time.
    const ids = Array.from({ length: 1000 }, () => generateId(0x18f0a1b2c40, () => 0.5));
    expect(new Set(ids).size).toBe(1000);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids) expect(id).toMatch(ID_PATTERN);
  });

  it('sorts by creation time and matches the id pattern', () => {
    const earlier = generateId(1_700_000_000_000);
    const later = generateId(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(ID_PATTERN);
  });

  it('does not repeat across many calls in a burst', () => {
    const ids = new Set(Array.from({ length: 100_000 }, () => generateId()));
    expect(ids.size).toBe(100_000);
  });
});
