/** A list endpoint's path for one page: the first without a cursor, the next ones with the cursor the last page gave. */
export function pagePath(base: string, cursor: string | null): string {
  return cursor ? `${base}?cursor=${encodeURIComponent(cursor)}` : base;
}
