import { type FeedPage, insertSneakPeeks, sneakPeekCount } from '@aurum/core';
import type { PostCards } from '../posts/post-cards.js';

export interface FeedServiceDeps {
  cards: PostCards;
  /** Picks and places the sneak peeks; Math.random unless given. */
  random?: () => number;
}

/** Sneak peeks are drawn from this many times as many of the newest candidates as a page takes, so no query ranks the whole table at random. */
const SNEAK_PEEK_POOL_FACTOR = 3;

/**
 * The member's feed (spec section 7), computed on the server: every published post whose
 * content the viewer sees (their own, public, follower, subscribed), newest first, leaving out
 * what they already saw (the latest SEEN_RECORDS_LIMIT seen records; with `seen=include`, the
 * earlier posts of a member who is all caught up, kept in) and the users they
 * blocked; disabled creators' posts never show. Pages without a creator filter get sneak peeks
 * of creators the viewer does not subscribe to mixed in. One statement brings the page and the
 * sneak-peek candidates (post-cards.ts).
 *
 * Seen posts drop out of later pages only: the keyset cursor starts after the last post of
 * the previous page, so marking posts seen while reading never shifts the pages.
 */
export class FeedService {
  constructor(private readonly deps: FeedServiceDeps) {}

  async page(
    viewerId: string,
    query: { cursor?: string | undefined; limit: number; creatorId?: string | undefined; seen?: 'hide' | 'include' | undefined },
  ): Promise<FeedPage> {
    const { cards, random = Math.random } = this.deps;
    const peekLimit = sneakPeekCount(query.limit) * SNEAK_PEEK_POOL_FACTOR;
    const { items, nextCursor, peeks } = await cards.feed(viewerId, { ...query, peekLimit });
    // A post has one level, so sneak-peek candidates are never among the page's own posts.
    return { items: insertSneakPeeks(items, peeks, random, (peek) => peek.card()), nextCursor };
  }
}
