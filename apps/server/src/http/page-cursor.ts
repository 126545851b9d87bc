import { entityIdSchema } from '@aurum/core';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { errors } from './errors.js';

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
  if (!parsed.success) throw errors.invalidCursor();
  return parsed.data;
}

/** The key of most lists: a time (newest first) and an id that breaks ties. */
const timeAndIdKey = z.tuple([z.iso.datetime(), entityIdSchema]);

/**
 * The condition for the rows after a (time, id) cursor in a newest-first list ordered by
 * `time desc, id desc`; undefined without a cursor. Times are written by the server's clock,
 * in whole milliseconds, so the cursor's ISO time matches the stored value exactly.
 */
export function afterTimeCursor(cursor: string | undefined, time: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  const position = decodeTimeCursor(cursor);
  return position ? sql`(${time}, ${id}) < (${position[0]}::timestamptz, ${position[1]})` : undefined;
}

/** The (time, id) a cursor carries, or null without one; for statements that take the position as values. */
export function decodeTimeCursor(cursor: string | undefined): readonly [string, string] | null {
  return cursor ? decodePageCursor(cursor, timeAndIdKey) : null;
}

/**
 * A page from rows fetched with `limit + 1`: the extra row only tells that more follow. The
 * next cursor carries the last item's (time, id), for `afterTimeCursor`.
 */
export function timeCursorPage<Row>(rows: Row[], limit: number, keyOf: (row: Row) => readonly [Date | string, string]) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items.at(-1);
  if (!more || last === undefined) return { items, nextCursor: null };
  const [time, id] = keyOf(last);
  return { items, nextCursor: encodePageCursor([typeof time === 'string' ? time : time.toISOString(), id]) };
}
