import {
  type AccessLevel,
  accessPlanIds,
  type ContentPrice,
  type Currency,
  type createPostSchema,
  DAY_MS,
  generateId,
  POST_MEDIA_MAX,
  POST_SCHEDULE_MAX_DAYS,
  type Post,
  type PostPage,
  postSaleProblem,
  type updatePostSchema,
} from '@aurum/core';
import { and, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database, Executor } from '../db/database.js';
import { media, postMedia, posts, profiles } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { TextCheck } from '../http/text-check.js';
import type { PlansService } from '../plans/service.js';
import { postAccessLevelSql, visiblePostSql } from './access-sql.js';
import type { PostCards } from './post-cards.js';

export interface PostsServiceDeps {
  db: Database;
  now: () => Date;
  plans: PlansService;
  /** The post cards every read sends (shared with the feed). */
  cards: PostCards;
  /** Told of a deleted post inside the deleting transaction (its media are released), and once it has committed. */
  onRemoved?: { inTransaction(postId: string, tx: Executor): Promise<void>; afterCommit(postId: string): void };
  /**
   * Told inside the writing transaction when a post is to go out at a time it was not set to
   * before (a new post, or a scheduled one moved), and once that has committed: what announces
   * new posts does so at that time.
   */
  onScheduled?: { inTransaction(post: { id: string; publishAt: Date }, tx: Executor): Promise<void>; afterCommit(): void };
  /** The restricted words check on the post's text. */
  checkText?: TextCheck;
}

/**
 * When a post goes out. Omitted keeps the current time (now for a new post); null means
 * "publish now" and leaves an already published post as it was; a time schedules the post,
 * which must be in the future, within POST_SCHEDULE_MAX_DAYS, and only while it is not yet
 * out: a published post cannot be pulled back into the schedule.
 */
export function nextPublishAt(requested: string | null | undefined, current: Date | null, now: Date): Date {
  const published = current !== null && current <= now;
  if (requested === undefined) return current ?? now;
  if (requested === null) return published ? current : now;
  const at = new Date(requested);
  if (current && at.getTime() === current.getTime()) return current;
  if (published) throw errors.postAlreadyPublished();
  if (at <= now) throw errors.publishAtInPast();
  if (at.getTime() - now.getTime() > POST_SCHEDULE_MAX_DAYS * DAY_MS) {
    throw errors.publishAtTooFar({ message: `A post can be scheduled at most ${POST_SCHEDULE_MAX_DAYS} days ahead.` });
  }
  return at;
}

/** One media item of a post, at a position, as far as this viewer may fetch it. */
export interface ServableMedia {
  mediaId: string;
  level: AccessLevel;
  status: string;
}

/**
 * Creators' posts. Every read goes through `visiblePosts`, which computes the viewer's access
 * level in SQL (see access-sql.ts), drops hidden posts and cuts text down to what the level
 * allows inside the query, so nothing a viewer may not see leaves the database.
 *
 * Deleting is soft: the post stays in the table with deleted_at set, its media stay bound to
 * it (so they are not served through another post) and nobody sees it any more; its media are
 * then released (deleted by MediaService's purge unless a chat message still uses them).
 */
export class PostsService {
  constructor(private readonly deps: PostsServiceDeps) {}

  async create(creatorId: string, input: z.output<typeof createPostSchema>): Promise<Post> {
    const now = this.deps.now();
    const id = generateId(now.getTime());
    const publishAt = nextPublishAt(input.publishAt, null, now);
    await this.deps.checkText?.({ text: input.text });
    await this.checkContent(this.deps.db, creatorId, { ...input, mediaCount: input.mediaIds.length });
    await this.deps.db.transaction(async (tx) => {
      await this.checkMedia(tx, creatorId, input.mediaIds);
      await tx.insert(posts).values({
        id,
        creatorId,
        text: input.text,
        access: input.access,
        ...priceColumns(input.price),
        publishAt,
        createdAt: now,
        updatedAt: now,
      });
      await this.setMedia(tx, id, input.mediaIds);
      await this.deps.onScheduled?.inTransaction({ id, publishAt }, tx);
    });
    this.deps.onScheduled?.afterCommit();
    return this.get(creatorId, id);
  }

  async update(creatorId: string, postId: string, input: z.output<typeof updatePostSchema>): Promise<Post> {
    const now = this.deps.now();
    let rescheduled = false;
    // Checked before the transaction: the check may read the restricted words from the database,
    // which on PGlite (one connection) must not happen while a transaction holds it.
    if (input.text !== undefined) await this.deps.checkText?.({ text: input.text });
    await this.deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          creatorId: posts.creatorId,
          text: posts.text,
          access: posts.access,
          priceMinor: posts.priceMinor,
          currency: posts.currency,
          publishAt: posts.publishAt,
        })
        .from(posts)
        .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
        .for('update');
      const post = requireAccess(actorOf(creatorId), 'post.manage', current);
      const text = input.text ?? post.text;
      const access = input.access ?? post.access;
      const price = input.price !== undefined ? input.price : priceOf(post);
      const saleProblem = postSaleProblem(access, price);
      if (saleProblem) throw errors.validationFailed({ message: saleProblem, details: [{ path: 'price', message: saleProblem }] });
      const publishAt = nextPublishAt(input.publishAt, post.publishAt, now);
      const mediaCount = input.mediaIds?.length ?? (await tx.$count(postMedia, eq(postMedia.postId, postId)));
      await this.checkContent(tx, creatorId, { text, access, mediaCount });
      if (input.mediaIds) {
        // Only a new list is checked, so an edit that leaves the media alone works even if an item failed since.
        await this.checkMedia(tx, creatorId, input.mediaIds);
        await this.setMedia(tx, postId, input.mediaIds);
      }
      await tx
        .update(posts)
        .set({ text, access, ...priceColumns(price), publishAt, updatedAt: now })
        .where(eq(posts.id, postId));
      // Only a post that was not out yet can move (nextPublishAt); published now or later, it is announced then.
      if (publishAt.getTime() !== post.publishAt.getTime()) {
        rescheduled = true;
        await this.deps.onScheduled?.inTransaction({ id: postId, publishAt }, tx);
      }
    });
    if (rescheduled) this.deps.onScheduled?.afterCommit();
    return this.get(creatorId, postId);
  }

  /** Adds one of the creator's uploads to the post, at `position` (the end when left out). */
  addMedia(creatorId: string, postId: string, mediaId: string, position?: number): Promise<Post> {
    return this.editMedia(creatorId, postId, async (tx, ids) => {
      if (ids.includes(mediaId)) throw errors.mediaInUse({ message: 'This media item is already in this post.' });
      if (ids.length >= POST_MEDIA_MAX) throw errors.postMediaFull({ message: `A post has at most ${POST_MEDIA_MAX} media items.` });
      await this.checkMedia(tx, creatorId, [mediaId]);
      const next = [...ids];
      next.splice(Math.min(position ?? ids.length, ids.length), 0, mediaId);
      return next;
    });
  }

  /** Moves one item of the post to `position`; the others keep their order around it. */
  moveMedia(creatorId: string, postId: string, mediaId: string, position: number): Promise<Post> {
    return this.editMedia(creatorId, postId, async (_tx, ids) => {
      if (!ids.includes(mediaId)) throw errors.notFound('Media');
      const next = ids.filter((id) => id !== mediaId);
      next.splice(Math.min(position, next.length), 0, mediaId);
      return next;
    });
  }

  /** Takes one item out of the post (it goes back to the creator's uploads). */
  removeMedia(creatorId: string, postId: string, mediaId: string): Promise<Post> {
    return this.editMedia(creatorId, postId, async (_tx, ids) => {
      if (!ids.includes(mediaId)) throw errors.notFound('Media');
      return ids.filter((id) => id !== mediaId);
    });
  }

  /**
   * One change to a post's media list, with the post locked: `change` gets the ids in order and
   * returns the new order. The post must still hold text or media afterwards.
   */
  private async editMedia(creatorId: string, postId: string, change: (tx: Executor, ids: string[]) => Promise<string[]>): Promise<Post> {
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ creatorId: posts.creatorId, text: posts.text, access: posts.access })
        .from(posts)
        .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
        .for('update');
      const post = requireAccess(actorOf(creatorId), 'post.manage', current);
      const ids = (
        await tx.select({ mediaId: postMedia.mediaId }).from(postMedia).where(eq(postMedia.postId, postId)).orderBy(postMedia.position)
      ).map((row) => row.mediaId);
      const next = await change(tx, ids);
      if (!post.text && next.length === 0) throw errors.postEmpty();
      await this.setMedia(tx, postId, next);
      await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, postId));
    });
    return this.get(creatorId, postId);
  }

  async remove(creatorId: string, postId: string): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(posts)
        .set({ deletedAt: now, updatedAt: now })
        .where(and(eq(posts.id, postId), eq(posts.creatorId, creatorId), isNull(posts.deletedAt)))
        .returning({ creatorId: posts.creatorId });
      requireAccess(actorOf(creatorId), 'post.manage', row);
      await this.deps.onRemoved?.inTransaction(postId, tx);
    });
    this.deps.onRemoved?.afterCommit(postId);
  }

  /**
   * One post as this viewer may see it; hidden and deleted posts are not found, except that the
   * creator of a post an admin removed learns so (410 `post_removed`, with the reason), and
   * nothing of its content.
   */
  async get(viewerId: string, postId: string): Promise<Post> {
    const post = await this.deps.cards.one(viewerId, postId);
    if (post) return post;
    const [removed] = await this.deps.db
      .select({ reason: posts.removedReason })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.creatorId, viewerId), isNotNull(posts.deletedAt), isNotNull(posts.removedReason)));
    if (removed)
      throw errors.postRemoved({ message: `An admin removed this post for breaking our rules. The reason given: ${removed.reason}` });
    throw errors.notFound('Post');
  }

  /**
   * A creator's posts as this viewer may see them, newest first. The creator sees all of
   * their own, scheduled and private ones included; others see what the access rule lets
   * them (locked ones with their teaser and unlock offer). The cursor carries the last post's
   * publish time and id, so a page goes on even when that post is deleted or hidden since.
   */
  async listByCreator(viewerId: string, creatorId: string, page: { cursor?: string | undefined; limit: number }): Promise<PostPage> {
    return this.deps.cards.byCreator(viewerId, creatorId, page);
  }

  /**
   * What the media route needs to serve one media item of a post: the viewer's level on the
   * post and the media id, or null when the viewer may not see the post or there is no item
   * at that position. The caller decides per derivative with `mayFetchDerivative`.
   */
  async servableMedia(viewerId: string, postId: string, position: number): Promise<ServableMedia | null> {
    const visible = this.leveled(viewerId, eq(posts.id, postId));
    const [row] = await this.deps.db
      .select({ level: visible.level, mediaId: media.id, status: media.status })
      .from(visible)
      .innerJoin(postMedia, and(eq(postMedia.postId, visible.id), eq(postMedia.position, position)))
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(ne(visible.level, 'hidden'))
      .limit(1);
    return row ?? null;
  }

  /** Visible posts matching `where` (not deleted, creator not disabled) with the viewer's level, in a subquery the callers filter on. */
  private leveled(viewerId: string, where: SQL | undefined) {
    return this.deps.db
      .select({
        id: posts.id,
        creatorId: posts.creatorId,
        text: posts.text,
        access: posts.access,
        publishAt: posts.publishAt,
        level: postAccessLevelSql(viewerId, this.deps.now()).as('level'),
      })
      .from(posts)
      .where(and(visiblePostSql, where))
      .as('visible_posts');
  }

  /** A post holds some text or media, and the plan ids in its access list are the creator's own (its text is checked by the caller). */
  private async checkContent(db: Executor, creatorId: string, content: { text: string; access: string[]; mediaCount: number }) {
    if (!content.text && content.mediaCount === 0) throw errors.postEmpty();
    if ((await this.deps.plans.foreignPlanIds(creatorId, accessPlanIds(content.access), db)).length > 0) {
      throw errors.invalidAccess();
    }
  }

  /**
   * Media put into a post are the creator's own uploads (from the vault: an item may be in several
   * posts and messages), not failed, and not their avatar or cover. The media rows are locked, so
   * the purge of unused media waits for the post.
   */
  private async checkMedia(tx: Executor, creatorId: string, mediaIds: readonly string[]): Promise<void> {
    if (mediaIds.length === 0) return;
    const owned = await tx
      .select({ id: media.id, status: media.status })
      .from(media)
      .where(and(inArray(media.id, [...mediaIds]), eq(media.ownerId, creatorId)))
      .for('update');
    if (owned.length !== mediaIds.length) throw errors.invalidMedia();
    if (owned.some((item) => item.status === 'failed')) {
      throw errors.mediaFailed();
    }
    const [inUse] = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          inArray(media.id, [...mediaIds]),
          sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${creatorId}
            and (${profiles.avatarMediaId} = ${media.id} or ${profiles.coverMediaId} = ${media.id}))`,
        ),
      )
      .limit(1);
    // A profile picture is served to everyone: in a post it would show what the post's list keeps for its members.
    if (inUse) throw errors.mediaInUse({ message: 'Your profile picture or cover cannot go into a post.' });
  }

  /**
   * Replaces the post's media with these, in this order. Items taken out are stamped as
   * detached now: their unattached grace period (before the purge deletes them) starts again.
   */
  private async setMedia(tx: Executor, postId: string, mediaIds: readonly string[]): Promise<void> {
    const removed = await tx.delete(postMedia).where(eq(postMedia.postId, postId)).returning({ mediaId: postMedia.mediaId });
    const detached = removed.map((row) => row.mediaId).filter((id) => !mediaIds.includes(id));
    if (detached.length > 0) await tx.update(media).set({ detachedAt: this.deps.now() }).where(inArray(media.id, detached));
    if (mediaIds.length === 0) return;
    await tx.insert(postMedia).values(mediaIds.map((mediaId, position) => ({ postId, mediaId, position })));
  }
}

/** A post's sale price as its two columns: both null when it is not sold on its own. */
const priceColumns = (price: ContentPrice | null) => ({ priceMinor: price?.amountMinor ?? null, currency: price?.currency ?? null });

const priceOf = (post: { priceMinor: number | null; currency: string | null }): ContentPrice | null =>
  post.priceMinor !== null && post.currency !== null ? { amountMinor: post.priceMinor, currency: post.currency as Currency } : null;
