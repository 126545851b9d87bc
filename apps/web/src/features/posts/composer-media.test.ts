import type { PostMedia } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { itemFromFile, itemsFromPost, listEditable, mediaBlocker, mediaChange, mediaSteps, moveItem } from './composer-media';

const file = (name: string, type: string) => new File(['x'], name, { type });
const postMedia = (status = 'ready'): PostMedia => ({
  position: 0,
  kind: 'image',
  status,
  width: 10,
  height: 10,
  durationMs: null,
  placeholder: null,
  urls: {},
});

describe('composer media list', () => {
  it('moves items and keeps the list within bounds', () => {
    const [a, b, c] = [
      itemFromFile(file('a.jpg', 'image/jpeg')),
      itemFromFile(file('b.mp4', 'video/mp4')),
      itemFromFile(file('c.mp3', 'audio/mpeg')),
    ];
    const items = [a!, b!, c!];
    expect(moveItem(items, c!.key, -1).map((item) => item.name)).toEqual(['a.jpg', 'c.mp3', 'b.mp4']);
    expect(moveItem(items, a!.key, -1).map((item) => item.name)).toEqual(['a.jpg', 'b.mp4', 'c.mp3']);
    expect(b!.kind).toBe('video');
  });

  it('holds the post back while files upload or failed', () => {
    const item = itemFromFile(file('a.jpg', 'image/jpeg'));
    expect(mediaBlocker([item])).toBe('Wait for the uploads to finish.');
    expect(mediaBlocker([{ ...item, phase: 'error' }])).toMatch(/did not upload/);
    expect(mediaBlocker([{ ...item, phase: 'failed', mediaId: 'm1' }])).toMatch(/could not be processed/);
    expect(mediaBlocker([{ ...item, phase: 'processing', mediaId: 'm1' }])).toBeNull();
  });

  it('tells the list apart from how it was only when it changed', () => {
    const existing = itemsFromPost([postMedia()]);
    const keys = existing.map((item) => item.key);
    const ids = existing.map((item) => item.mediaId);
    expect(mediaChange(keys, ids, existing)).toBeNull();
    // Without ids from the API the old items can only be replaced, not rearranged.
    expect(listEditable(existing)).toBe(false);
    const fresh = { ...itemFromFile(file('new.jpg', 'image/jpeg')), mediaId: 'm9', phase: 'ready' as const };
    expect(mediaChange(keys, ids, [fresh])).toEqual({ from: null, to: ['m9'] });
    const named = itemsFromPost([{ ...postMedia(), mediaId: 'm1' }]);
    expect(mediaChange([], ['m1'], [...named, fresh])).toEqual({ from: ['m1'], to: ['m1', 'm9'] });
  });

  it('turns an edited list into the fewest per-item calls', () => {
    // Reorder: one move.
    expect(mediaSteps(['a', 'b', 'c'], ['c', 'a', 'b'], true)).toEqual([{ op: 'move', mediaId: 'c', position: 0 }]);
    // Remove one, add one at the end.
    expect(mediaSteps(['a', 'b', 'c'], ['a', 'c', 'd'], true)).toEqual([
      { op: 'remove', mediaId: 'b' },
      { op: 'add', mediaId: 'd', position: 2 },
    ]);
    // Unchanged: nothing; swap the last two: one move.
    expect(mediaSteps(['a', 'b'], ['a', 'b'], false)).toEqual([]);
    expect(mediaSteps(['a', 'b', 'c'], ['a', 'c', 'b'], true)).toEqual([{ op: 'move', mediaId: 'c', position: 1 }]);
    // A post without text never goes empty: the last old item leaves after the new one is in.
    expect(mediaSteps(['a', 'b'], ['x'], false)).toEqual([
      { op: 'remove', mediaId: 'a' },
      { op: 'add', mediaId: 'x', position: 0 },
      { op: 'remove', mediaId: 'b' },
    ]);
    expect(mediaSteps(['a', 'b'], ['x'], true)[0]).toEqual({ op: 'remove', mediaId: 'a' });
  });

  it('applies its steps to reach the new list', () => {
    const apply = (from: string[], steps: ReturnType<typeof mediaSteps>) => {
      const list = [...from];
      for (const step of steps) {
        const at = list.indexOf(step.mediaId);
        if (at >= 0) list.splice(at, 1);
        if (step.op !== 'remove') list.splice(step.position, 0, step.mediaId);
      }
      return list;
    };
    const cases: [string[], string[]][] = [
      [
        ['a', 'b', 'c', 'd'],
        ['d', 'x', 'b'],
      ],
      [['a'], ['y', 'a', 'z']],
      [['a', 'b', 'c'], []],
      [
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
      ],
    ];
    for (const [from, to] of cases) {
      for (const hasText of [true, false]) expect(apply(from, mediaSteps(from, to, hasText))).toEqual(to);
    }
  });
});
