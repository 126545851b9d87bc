import { describe, expect, it } from 'vitest';
import { generateId, ID_PATTERN } from './ids.js';

describe('generateId', () => {
  it('is the timestamp in hex followed by 7 random hex characters', () => {
    const id = generateId(0x18f0a1b2c3d, () => 0.99);
    expect(id).toBe('18f0a1b2c3dfffffff');
    expect(generateId(0x18f0a1b2c3d, () => 0)).toBe('18f0a1b2c3d0000000');
  });

  it('sorts by creation time and matches the id pattern', () => {
    const earlier = generateId(1_700_000_000_000);
    const later = generateId(1_700_000_000_001);
    expect(earlier < later).toBe(true);
    expect(earlier).toMatch(ID_PATTERN);
  });

  it('does not repeat across many calls', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => generateId()));
    expect(ids.size).toBe(5000);
  });
});
