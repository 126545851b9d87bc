import { describe, expect, it } from 'vitest';
import { parseRangeHeader } from './byte-ranges.js';

describe('Range headers', () => {
  it('reads one closed, open-ended or suffix range', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRangeHeader(' bytes=5-5 ')).toEqual({ start: 5, end: 5 });
  });

  it('ignores what it cannot serve as one range, so the whole file is sent', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=9-3',
      'bytes=0-1,5-6',
      'items=0-1',
      'bytes=a-b',
      `bytes=0-${'9'.repeat(20)}`,
    ]) {
      expect(parseRangeHeader(header), String(header)).toBeNull();
    }
  });
});
