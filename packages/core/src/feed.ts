import { entityIdSchema, pageCursorSchema, postSchema } from './posts.js';
import { z } from './zod-config.js';

/** How many posts one feed page holds by default, and at most (sneak peeks come on top). */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;

/** Sneak peeks per feed page (spec section 9): about one per SNEAK_PEEK_SHARE posts, 3 to 10, once a page has 3 posts. */
export const SNEAK_PEEKS_MIN = 3;
export const SNEAK_PEEKS_MAX = 10;
export const SNEAK_PEEK_SHARE = 5;
export const SNEAK_PEEK_MIN_POSTS = 3;

export const feedQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
  /** Only this creator's posts (and then no sneak peeks). */
  creatorId: entityIdSchema.optional(),
  /** `include`: the earlier posts too, those already seen, for a member who is all caught up. */
  seen: z.enum(['hide', 'include']).default('hide'),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

/** A post in the feed; `sneakPeek` marks the blurred teasers of creators the viewer does not subscribe to. */
export const feedItemSchema = postSchema.extend({ sneakPeek: z.boolean() });
export type FeedItem = z.infer<typeof feedItemSchema>;

/** Newest first; the cursor follows the feed's own posts, never the sneak peeks. */
export const feedPageSchema = z.object({ items: z.array(feedItemSchema), nextCursor: z.string().nullable() });
export type FeedPage = z.infer<typeof feedPageSchema>;

/** How many sneak peeks join a page of `posts` feed posts. */
export function sneakPeekCount(posts: number): number {
  if (posts < SNEAK_PEEK_MIN_POSTS) return 0;
  return Math.min(SNEAK_PEEKS_MAX, Math.max(SNEAK_PEEKS_MIN, Math.round(posts / SNEAK_PEEK_SHARE)));
}

/** A whole number in [0, size) from a random source in [0, 1). */
const randomIndex = (size: number, random: () => number) => Math.min(size - 1, Math.floor(random() * size));

/**
 * The page with sneak peeks inserted: `sneakPeekCount` of them (fewer when there are fewer
 * candidates), picked at random among the candidates and put at random positions, while the
 * page's own items keep their order. Candidates already on the page, or listed twice, count once.
 * `reveal` turns a picked candidate into an item, so only the picked ones are ever built.
 */
export function insertSneakPeeks<T extends { id: string }, C extends { id: string } = T>(
  items: readonly T[],
  candidates: readonly C[],
  random: () => number = Math.random,
  reveal: (candidate: C) => T = (candidate) => candidate as unknown as T,
): (T & { sneakPeek: boolean })[] {
  const page = items.map((item) => ({ ...item, sneakPeek: false }));
  const taken = new Set(items.map((item) => item.id));
  const pool: C[] = [];
  for (const candidate of candidates) {
    if (taken.has(candidate.id)) continue;
    taken.add(candidate.id);
    pool.push(candidate);
  }
  const count = Math.min(sneakPeekCount(items.length), pool.length);
  for (let picked = 0; picked < count; picked++) {
    // A partial Fisher-Yates shuffle: each peek is drawn evenly from the candidates not drawn yet.
    const draw = picked + randomIndex(pool.length - picked, random);
    const peek = pool[draw] as C;
    pool[draw] = pool[picked] as C;
    pool[picked] = peek;
    page.splice(randomIndex(page.length + 1, random), 0, { ...reveal(peek), sneakPeek: true });
  }
  return page;
}
