import { describe, expect, it } from 'vitest';
import { insertSneakPeeks, SNEAK_PEEKS_MAX, sneakPeekCount } from './feed.js';

const posts = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => ({ id: `${prefix}${index}` }));

/** A repeatable random source (mulberry32), so a failing case can be replayed. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('sneakPeekCount', () => {
  it('adds about a fifth of the page, at least 3 and at most 10, once the page has 3 posts', () => {
    const counts = [0, 1, 2, 3, 4, 5, 10, 14, 15, 17, 50, 53, 1000].map((n) => [n, sneakPeekCount(n)]);
    expect(counts).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 3],
      [4, 3],
      [5, 3],
      [10, 3],
      [14, 3],
      [15, 3],
      [17, 3],
      [50, 10],
      [53, 10],
      [1000, 10],
    ]);
    expect(sneakPeekCount(20)).toBe(4);
    expect(sneakPeekCount(22)).toBe(4);
    expect(sneakPeekCount(23)).toBe(5);
  });
});

describe('insertSneakPeeks', () => {
  const candidates = posts('peek', 30);

  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 3],
    [4, 3],
    [5, 3],
    [10, 3],
    [14, 3],
    [15, 3],
    [50, 10],
  ])('puts %i posts with %i sneak peeks, keeping the posts in order', (n, peeks) => {
    const items = posts('post', n);
    for (let seed = 1; seed <= 20; seed++) {
      const page = insertSneakPeeks(items, candidates, seeded(seed));
      expect(page).toHaveLength(n + peeks);
      expect(page.filter((item) => !item.sneakPeek)).toEqual(items.map((item) => ({ ...item, sneakPeek: false })));
      const inserted = page.filter((item) => item.sneakPeek).map((item) => item.id);
      expect(inserted).toHaveLength(peeks);
      expect(new Set(inserted).size).toBe(peeks);
      for (const id of inserted) expect(id).toMatch(/^peek\d+$/);
    }
  });

  it('never inserts more sneak peeks than there are candidates', () => {
    const page = insertSneakPeeks(posts('post', 50), posts('peek', 2), seeded(7));
    expect(
      page
        .filter((item) => item.sneakPeek)
        .map((item) => item.id)
        .sort(),
    ).toEqual(['peek0', 'peek1']);
    expect(insertSneakPeeks(posts('post', 50), [], seeded(7))).toHaveLength(50);
  });

  it('skips candidates already on the page and candidates listed twice', () => {
    const items = posts('post', 10);
    const page = insertSneakPeeks(items, [items[0]!, items[1]!, { id: 'peek0' }, { id: 'peek0' }, { id: 'peek1' }], seeded(3));
    expect(
      page
        .filter((item) => item.sneakPeek)
        .map((item) => item.id)
        .sort(),
    ).toEqual(['peek0', 'peek1']);
    expect(new Set(page.map((item) => item.id)).size).toBe(page.length);
  });

  it('picks the peeks and their positions at random', () => {
    const items = posts('post', 15);
    const firstPeekPositions = new Set<number>();
    const picked = new Set<string>();
    for (let seed = 1; seed <= 50; seed++) {
      const page = insertSneakPeeks(items, candidates, seeded(seed));
      firstPeekPositions.add(page.findIndex((item) => item.sneakPeek));
      for (const item of page) if (item.sneakPeek) picked.add(item.id);
    }
    expect(firstPeekPositions.size).toBeGreaterThan(5);
    expect(picked.size).toBeGreaterThan(15);
  });

  it('can put a peek first or last, and copes with a source that returns its bounds', () => {
    const items = posts('post', 3);
    const low = insertSneakPeeks(items, candidates, () => 0);
    expect(low.map((item) => item.sneakPeek)).toEqual([true, true, true, false, false, false]);
    expect(low.filter((item) => item.sneakPeek).map((item) => item.id)).toEqual(['peek2', 'peek1', 'peek0']);
    const high = insertSneakPeeks(items, candidates, () => 1);
    expect(high.map((item) => item.sneakPeek)).toEqual([false, false, false, true, true, true]);
    expect(insertSneakPeeks(posts('post', 50), candidates, () => 0.999999).filter((item) => item.sneakPeek)).toHaveLength(SNEAK_PEEKS_MAX);
  });

  it('builds only the candidates it picks', () => {
    const built: string[] = [];
    const build = (id: string) => {
      built.push(id);
      return { id, title: `built ${id}` };
    };
    const lazy = posts('peek', 12).map(({ id }) => ({ id, build: () => build(id) }));
    const items = posts('post', 20).map(({ id }) => ({ id, title: id }));
    const page = insertSneakPeeks(items, lazy, seeded(11), (candidate) => candidate.build());
    const peeks = page.filter((item) => item.sneakPeek);
    expect(peeks).toHaveLength(sneakPeekCount(20));
    expect(built.sort()).toEqual(peeks.map((item) => item.id).sort());
    expect(peeks.every((item) => item.title === `built ${item.id}`)).toBe(true);
  });
});
