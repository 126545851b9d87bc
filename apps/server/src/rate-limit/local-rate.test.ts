import { describe, expect, it } from 'vitest';
import { LocalRate } from './local-rate.js';

describe('LocalRate', () => {
  it('lets each key go once per window when the limit is one, counting from when it last went', () => {
    const gate = new LocalRate({ limit: 1, windowMs: 2000 });
    expect(gate.allow('a', 0)).toBe(true);
    expect(gate.allow('a', 1999)).toBe(false);
    expect(gate.allow('b', 1999)).toBe(true);
    expect(gate.allow('a', 2000)).toBe(true);
    expect(gate.allow('a', 3000)).toBe(false);
  });

  it('lets a key go up to its limit within the window that its first hit opened', () => {
    const gate = new LocalRate({ limit: 3, windowMs: 1000 });
    expect([0, 10, 20, 30].map((at) => gate.allow('a', at))).toEqual([true, true, true, false]);
    expect(gate.allow('a', 999)).toBe(false);
    expect([1000, 1001, 1002, 1003].map((at) => gate.allow('a', at))).toEqual([true, true, true, false]);
  });

  it('holds at most its number of keys, forgetting the expired and then the oldest first', () => {
    const gate = new LocalRate({ limit: 1, windowMs: 1000 }, 4);
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(gate.allow(key, 10)).toBe(true);
    // Over four keys, all recent: the oldest half (a, b, c) went, so a may go again; e stays held.
    expect(gate.allow('a', 20)).toBe(true);
    expect(gate.allow('e', 20)).toBe(false);
  });
});
