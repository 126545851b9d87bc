/**
 * The one shape of a cursor list on the web (the API's lists answer `{ items, nextCursor }`):
 *
 *   infiniteQueryOptions({
 *     queryKey: queryKeys.people.fans(filters),
 *     queryFn: ({ pageParam }) => api.get<FansPage>(pagePath('/me/fans', pageParam, { relation, planId, q })),
 *     ...cursorPaging,
 *   })
 *
 * and the page shows it with `PagedResults` (or `LoadMore`).
 */

/** A list's query parameters, in the order they are sent; empty ones are left out. */
export type ListParams = Readonly<Record<string, string | null | undefined>>;

/** A list endpoint's path for one page: its parameters, then the cursor the last page gave (none for the first). */
export function pagePath(base: string, cursor: string | null, params: ListParams = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return text ? `${base}?${text}` : base;
}

/** How every cursor list pages: the first page without a cursor, each next one with the cursor its last page gave. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor,
};
