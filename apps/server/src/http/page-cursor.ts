import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Keyset cursors: the sort key and id of the last item of a page, which the next page starts
 * after. They travel base64url-encoded so clients treat them as opaque; carrying the key itself
 * (not a row id to look up) keeps pages stable when that row changes or disappears.
 */
export function encodePageCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key a cursor carries, in the shape the list expects; anything else is 400 `invalid_cursor`. */
export function decodePageCursor<Shape extends z.ZodType>(cursor: string, shape: Shape): z.output<Shape> {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const parsed = shape.safeParse(key);
  if (!parsed.success) throw new AppError(400, 'invalid_cursor', 'This list position is not valid any more. Start from the top.');
  return parsed.data;
}
