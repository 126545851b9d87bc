import type { PostMedia } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { itemFromFile, itemsFromPost, listEditable, mediaBlocker, mediaIdsToSend, moveItem } from './composer-media';

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

  it('sends media ids only when the list changed', () => {
    const existing = itemsFromPost([postMedia()]);
    const keys = existing.map((item) => item.key);
    expect(mediaIdsToSend(keys, existing)).toBeUndefined();
    // Without ids from the API the old items can only be replaced, not rearranged.
    expect(listEditable(existing)).toBe(false);
    const fresh = { ...itemFromFile(file('new.jpg', 'image/jpeg')), mediaId: 'm9', phase: 'ready' as const };
    expect(mediaIdsToSend(keys, [fresh])).toEqual(['m9']);
    expect(mediaIdsToSend(keys, [])).toEqual([]);
  });
});
