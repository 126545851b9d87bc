import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.js';
import { decodePageCursor, encodePageCursor } from './page-cursor.js';

const shape = z.tuple([z.literal('popular'), z.number().int(), z.string()]);

describe('page cursors', () => {
  it('round-trip the key in a URL-safe form', () => {
    const cursor = encodePageCursor(['popular', 12, 'id-with_odd/chars?']);
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(decodePageCursor(cursor, shape)).toEqual(['popular', 12, 'id-with_odd/chars?']);
  });

  it.each([
    ['not base64 json', 'bm90IGpzb24'],
    ['another shape', encodePageCursor(['new', '2026-11-20T10:00:00.000Z', 'u1'])],
    ['a wrong type', encodePageCursor(['popular', '12', 'u1'])],
    ['garbage', '!!!'],
  ])('refuse %s with 400 invalid_cursor', (_what, cursor) => {
    const refusal = (() => {
      try {
        decodePageCursor(cursor, shape);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 400, type: 'invalid_cursor' });
  });
});
