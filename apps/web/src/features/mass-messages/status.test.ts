import { describe, expect, it } from 'vitest';
import { deliveredText, mediaText, readAgainIn, stageOf } from './status';

const now = Date.parse('2026-11-20T10:00:00.000Z');
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();

describe('a mass message’s state', () => {
  it('is on its way once its time has come, though its delivery may not have begun', () => {
    expect(stageOf({ status: 'scheduled', sendAt: at(-1000) }, now)).toBe('sending');
    expect(stageOf({ status: 'scheduled', sendAt: at(60_000) }, now)).toBe('scheduled');
    expect(stageOf({ status: 'sent', sendAt: at(-60_000) }, now)).toBe('sent');
  });

  it('is read again often while it goes out, at its time when due soon, and not at all once done or far off', () => {
    expect(readAgainIn({ status: 'sending', sendAt: at(-60_000) }, now)).toBe(3000);
    // A message sent now on a device whose clock is behind the server's still reads as due.
    expect(readAgainIn({ status: 'scheduled', sendAt: at(1500) }, now)).toBe(3000);
    expect(readAgainIn({ status: 'scheduled', sendAt: at(-5000) }, now)).toBe(3000);
    expect(readAgainIn({ status: 'scheduled', sendAt: at(5 * 60_000) }, now)).toBe(5 * 60_000);
    expect(readAgainIn({ status: 'scheduled', sendAt: at(11 * 60_000) }, now)).toBe(false);
    expect(readAgainIn({ status: 'sent', sendAt: at(-60_000) }, now)).toBe(false);
    expect(readAgainIn({ status: 'unsent', sendAt: at(60_000) }, now)).toBe(false);
  });

  it('words how far it went and what it carries', () => {
    expect(deliveredText({ recipients: 1250, delivered: 1204 })).toBe('Delivered 1,204 of 1,250');
    expect(deliveredText({ recipients: null, delivered: 0 })).toBeNull();
    expect(mediaText(0)).toBeNull();
    expect(mediaText(1)).toBe('1 media item');
    expect(mediaText(4)).toBe('4 media items');
  });
});
