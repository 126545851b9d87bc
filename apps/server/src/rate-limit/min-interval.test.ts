import { describe, expect, it } from 'vitest';
import { MinInterval } from './min-interval.js';

describe('MinInterval', () => {
  it('lets each key go once per interval, counting from the last time it went', () => {
    const gate = new MinInterval(2000);
    expect(gate.allow('a', 0)).toBe(true);
    expect(gate.allow('a', 1999)).toBe(false);
    expect(gate.allow('b', 1999)).toBe(true);
    expect(gate.allow('a', 2000)).toBe(true);
    expect(gate.allow('a', 3000)).toBe(false);
  });

  it('holds at most its number of keys, forgetting the expired and then the oldest first', () => {
    const gate = new MinInterval(1000, 4);
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(gate.allow(key, 10)).toBe(true);
    // Over four keys, all recent: the oldest half (a, b, c) went, so a may go again; e stays held.
    expect(gate.allow('a', 20)).toBe(true);
    expect(gate.allow('e', 20)).toBe(false);
  });
});
