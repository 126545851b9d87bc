import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors.js';
import { keysetPage, keysetStart, timeKey } from './page-cursor.js';

interface Row {
  at: Date;
  id: string;
}
const rows: Row[] = [0, 1, 2].map((minute) => ({ at: new Date(Date.UTC(2026, 10, 20, 10, minute)), id: `r${minute}` }));
const keyOf = (row: Row) => [row.at, row.id] as const;
/** A name-ordered list's key, and one whose cursor names its sort. */
const nameKey = z.tuple([z.string(), z.string()]);
const popularKey = z.tuple([z.literal('popular'), z.number().int(), z.string()]).transform(([, count, id]) => [count, id] as const);

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('keyset pages', () => {
  it('read one row more than the page, from the top without a cursor', () => {
    expect(keysetStart({ limit: 2 }, timeKey)).toEqual({ cursorKey: null, cursorId: null, limit: 3 });
    expect(keysetStart({ limit: 2 }, timeKey, ['infinity', ''])).toEqual({ cursorKey: 'infinity', cursorId: '', limit: 3 });
  });

  it('drop the extra row and start the next page after the last item', () => {
    const page = keysetPage(rows, 2, keyOf);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(page.nextCursor).toMatch(/^[\w-]+$/);
    expect(keysetStart({ cursor: page.nextCursor as string, limit: 2 }, timeKey)).toEqual({
      cursorKey: '2026-11-20T10:01:00.000Z',
      cursorId: 'r1',
      limit: 3,
    });
  });

  it('end without a cursor when no extra row came, even on a full page', () => {
    expect(keysetPage(rows, 3, keyOf)).toEqual({ items: rows, nextCursor: null });
    expect(keysetPage(rows.slice(0, 1), 2, keyOf)).toEqual({ items: rows.slice(0, 1), nextCursor: null });
    expect(keysetPage([], 2, keyOf)).toEqual({ items: [], nextCursor: null });
  });

  it('carry any key: a name, or a count behind the sort it belongs to', () => {
    const byName = keysetPage(
      [
        { name: 'ana', id: 'u1' },
        { name: 'bo', id: 'u2' },
      ],
      1,
      (row) => [row.name, row.id],
    );
    expect(keysetStart({ cursor: byName.nextCursor as string, limit: 1 }, nameKey)).toMatchObject({ cursorKey: 'ana', cursorId: 'u1' });
    const popular = keysetPage(
      [
        { followers: 12, id: 'id-with_odd/chars?' },
        { followers: 3, id: 'c2' },
      ],
      1,
      (row) => ['popular', row.followers, row.id],
    );
    expect(keysetStart({ cursor: popular.nextCursor as string, limit: 1 }, popularKey)).toMatchObject({
      cursorKey: 12,
      cursorId: 'id-with_odd/chars?',
    });
  });

  const another = keysetPage(rows, 1, (row) => ['new', row.at, row.id]).nextCursor as string;
  it.each([
    ['not base64 json', 'bm90IGpzb24'],
    ["another list's key", another],
    ['a wrong type', keysetPage(rows, 1, (row) => ['popular', '12', row.id]).nextCursor as string],
    ['a time that is not one', keysetPage(rows, 1, (row) => ['yesterday', row.id]).nextCursor as string],
    ['garbage', '!!!'],
  ])('refuse %s with 400 invalid_cursor', (_what, cursor) => {
    for (const error of [
      refusal(() => keysetStart({ cursor, limit: 1 }, popularKey)),
      refusal(() => keysetStart({ cursor, limit: 1 }, timeKey)),
    ]) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 400, type: 'invalid_cursor' });
    }
  });
});
