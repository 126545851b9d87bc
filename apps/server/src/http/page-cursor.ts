import { entityIdSchema } from '@aurum/core';
import { z } from 'zod';
import { errors } from './errors.js';

/**
 * Keyset pages, the one way every list pages. A list is ordered by a sort key and the id that
 * breaks ties; its statement binds `cursorKey`, `cursorId` and `limit` from `keysetStart`, reads
 * one row more than the page, and `keysetPage` makes the page and the next cursor from the rows.
 * A cursor carries the last item's key itself (not a row id to look up), so pages stay stable
 * when that row changes or disappears; it travels base64url-encoded so clients treat it as opaque.
 */

/** A page asked for: after which cursor, and how many items. */
export interface PageRequest {
  cursor?: string | undefined;
  limit: number;
}

/** What a list's key reads as: its sort value and the id, checked when a cursor comes back. */
export type KeyShape<Sort> = z.ZodType<readonly [Sort, string]>;

/**
 * The key of most lists: a time (newest first) and an id. Times are written by the server's
 * clock, in whole milliseconds, so the cursor's ISO time matches the stored value exactly.
 */
export const timeKey: KeyShape<string> = z.tuple([z.iso.datetime(), entityIdSchema]);

/** Above every time: where a newest-first statement that takes no null cursor starts its first page. */
export const ABOVE_EVERY_TIME: readonly [string, string] = ['infinity', ''];

/**
 * The values a keyset statement binds: the key the page starts after (`first` without a cursor,
 * by default nulls the statement reads as "from the top") and one row more than the page, which
 * tells whether more follow. A cursor that is not this list's key is 400 `invalid_cursor`.
 */
export function keysetStart<Sort>(
  page: PageRequest,
  shape: KeyShape<Sort>,
  first?: readonly [Sort, string],
): { cursorKey: Sort | null; cursorId: string | null; limit: number } {
  const [cursorKey, cursorId] = page.cursor ? decodeKey(page.cursor, shape) : (first ?? [null, null]);
  return { cursorKey, cursorId, limit: page.limit + 1 };
}

/** A page from rows read with `keysetStart`'s limit; the next cursor carries the last item's key (times as ISO text). */
export function keysetPage<Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly (string | number | Date)[],
): { items: Row[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  if (rows.length <= limit || last === undefined) return { items, nextCursor: null };
  const key = keyOf(last).map((part) => (part instanceof Date ? part.toISOString() : part));
  return { items, nextCursor: Buffer.from(JSON.stringify(key)).toString('base64url') };
}

function decodeKey<Key>(cursor: string, shape: z.ZodType<Key>): Key {
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
