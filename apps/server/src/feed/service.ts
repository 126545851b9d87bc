import { ACCESS_LEVELS, type FeedPage, insertSneakPeeks, revealsContent, sneakPeekCount } from '@aurum/core';
import { and, eq, lte, not, notInArray } from 'drizzle-orm';
import { blockedByViewer } from '../blocks/service.js';
import { posts } from '../db/schema.js';
import { afterTimeCursor, timeCursorPage } from '../http/page-cursor.js';
import type { PostsService, VisibleLevel } from '../posts/service.js';
import type { SeenService } from '../seen/service.js';

export interface FeedServiceDeps {
  now: () => Date;
  posts: PostsService;
  seen: SeenService;
  /** Picks and places the sneak peeks; Math.random unless given. */
  random?: () => number;
}

/** The feed's own posts: those whose content the viewer sees (their own, public, follower, subscribed). */
const FEED_LEVELS = ACCESS_LEVELS.filter((level): level is VisibleLevel => revealsContent(level));

/** Sneak peeks are drawn from this many of the newest candidates, so no query ranks the whole table at random. */
const SNEAK_PEEK_POOL = 30;

/**
 * The member's feed (spec section 7), computed on the server: every published post whose
 * content the viewer sees, newest first, leaving out what they already saw (the latest
 * SEEN_RECORDS_LIMIT seen records) and the users they blocked; disabled creators' posts never
 * show. Pages without a creator filter get sneak peeks of creators the viewer does not
 * subscribe to mixed in.
 *
 * Seen posts drop out of later pages only: the keyset cursor starts after the last post of
 * the previous page, so marking posts seen while reading never shifts the pages.
 */
export class FeedService {
  constructor(private readonly deps: FeedServiceDeps) {}

  async page(viewerId: string, query: { cursor?: string | undefined; limit: number; creatorId?: string | undefined }): Promise<FeedPage> {
    const { posts: postsService, seen, now, random = Math.random } = this.deps;
    const unseenAndUnblocked = and(notInArray(posts.id, seen.latestSeenPostIds(viewerId)), not(blockedByViewer(viewerId, posts.creatorId)));
    // The viewer's own scheduled posts are theirs to see, but not news yet.
    const conditions = [unseenAndUnblocked, lte(posts.publishAt, now())];
    if (query.creatorId) conditions.push(eq(posts.creatorId, query.creatorId));
    conditions.push(afterTimeCursor(query.cursor, posts.publishAt, posts.id));
    const rows = await postsService.listAtLevels(viewerId, and(...conditions), FEED_LEVELS, query.limit + 1);
    const { items, nextCursor } = timeCursorPage(rows, query.limit, (post) => [post.publishAt, post.id]);

    // A post has one level, so sneak-peek candidates are never among the page's own posts.
    const wantsPeeks = !query.creatorId && sneakPeekCount(items.length) > 0;
    const candidates = wantsPeeks ? await postsService.listAtLevels(viewerId, unseenAndUnblocked, ['sneakpeek'], SNEAK_PEEK_POOL) : [];
    return { items: insertSneakPeeks(items, candidates, random), nextCursor };
  }
}
