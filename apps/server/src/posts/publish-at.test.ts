import { DAY_MS } from '@aurum/core';
import { describe, expect, it } from 'vitest';
import { nextPublishAt } from './service.js';

const now = new Date('2030-05-01T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { type?: string }).type;
  }
  return null;
};

describe('when a post goes out', () => {
  it('publishes a new post now unless a future time is given', () => {
    expect(nextPublishAt(undefined, null, now)).toEqual(now);
    expect(nextPublishAt(null, null, now)).toEqual(now);
    expect(nextPublishAt(later(DAY_MS).toISOString(), null, now)).toEqual(later(DAY_MS));
  });

  it('refuses times in the past and more than a year ahead', () => {
    expect(refusal(() => nextPublishAt(now.toISOString(), null, now))).toBe('publish_at_in_past');
    expect(refusal(() => nextPublishAt(later(-1000).toISOString(), null, now))).toBe('publish_at_in_past');
    expect(refusal(() => nextPublishAt(later(366 * DAY_MS).toISOString(), null, now))).toBe('publish_at_too_far');
  });

  it('reschedules or publishes a scheduled post now', () => {
    const scheduled = later(DAY_MS);
    expect(nextPublishAt(undefined, scheduled, now)).toEqual(scheduled);
    expect(nextPublishAt(later(2 * DAY_MS).toISOString(), scheduled, now)).toEqual(later(2 * DAY_MS));
    expect(nextPublishAt(null, scheduled, now)).toEqual(now);
  });

  it('never pulls a published post back into the schedule, but accepts its own time sent back unchanged', () => {
    const published = later(-DAY_MS);
    expect(nextPublishAt(null, published, now)).toEqual(published);
    expect(nextPublishAt(published.toISOString(), published, now)).toEqual(published);
    expect(refusal(() => nextPublishAt(later(DAY_MS).toISOString(), published, now))).toBe('post_already_published');
  });
});
