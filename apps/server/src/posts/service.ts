import {
  type AccessLevel,
  accessPlanIds,
  type CreatorSummary,
  type createPostSchema,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  generateId,
  type MediaKind,
  mayFetchDerivative,
  POST_SCHEDULE_MAX_DAYS,
  POST_TEASER_CHARS,
  type Post,
  type PostMedia,
  type PostPage,
  postTeaser,
  revealsContent,
  unlockOffer,
  type updatePostSchema,
} from '@aurum/core';
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../db/database.js';
import { media, postMedia, posts, profiles, users } from '../db/schema.js';
import { AppError, errors } from '../http/errors.js';
import { afterTimeCursor, timeCursorPage } from '../http/page-cursor.js';
import { likeSummaries } from '../likes/service.js';
import { assertOwner } from '../plans/ownership.js';
import type { PlansService } from '../plans/service.js';
import { postAccessLevelSql, REVEALING_LEVELS_SQL } from './access-sql.js';
import { postMediaUrl, profileImageUrl } from './media-urls.js';

export interface PostsServiceDeps {
  db: Database;
  now: () => Date;
  plans: PlansService;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

const DAY_MS = 24 * 60 * 60 * 1000;

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
  if (published) throw new AppError(409, 'post_already_published', 'This post is already published; its publish time cannot change.');
  if (at <= now) throw new AppError(400, 'publish_at_in_past', 'Choose a time in the future, or publish now.');
  if (at.getTime() - now.getTime() > POST_SCHEDULE_MAX_DAYS * DAY_MS) {
    throw new AppError(400, 'publish_at_too_far', `A post can be scheduled at most ${POST_SCHEDULE_MAX_DAYS} days ahead.`);
  }
  return at;
}

interface MediaRow {
  postId: string;
  position: number;
  mediaId: string;
  kind: string;
  status: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  placeholder: string | null;
  derivatives: Record<DerivativeKind, boolean>;
}

/** The access levels a viewer can be shown a post at. */
export type VisibleLevel = Exclude<AccessLevel, 'hidden'>;

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
 * it (so they are not served through another post) and nobody sees it any more.
 */
export class PostsService {
  constructor(private readonly deps: PostsServiceDeps) {}

  async create(creatorId: string, input: z.output<typeof createPostSchema>): Promise<Post> {
    const now = this.deps.now();
    const id = generateId(now.getTime());
    const publishAt = nextPublishAt(input.publishAt, null, now);
    await this.checkContent(this.deps.db, creatorId, { ...input, mediaCount: input.mediaIds.length });
    await this.deps.db.transaction(async (tx) => {
      await this.checkMedia(tx, creatorId, id, input.mediaIds);
      await tx.insert(posts).values({ id, creatorId, text: input.text, access: input.access, publishAt, createdAt: now, updatedAt: now });
      await this.setMedia(tx, id, input.mediaIds);
    });
    return this.get(creatorId, id);
  }

  async update(creatorId: string, postId: string, input: z.output<typeof updatePostSchema>): Promise<Post> {
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ creatorId: posts.creatorId, text: posts.text, access: posts.access, publishAt: posts.publishAt })
        .from(posts)
        .where(and(eq(posts.id, postId), isNull(posts.deletedAt)))
        .for('update');
      const post = assertOwner(current, creatorId, 'Post');
      const text = input.text ?? post.text;
      const access = input.access ?? post.access;
      const publishAt = nextPublishAt(input.publishAt, post.publishAt, now);
      const mediaCount = input.mediaIds?.length ?? (await tx.$count(postMedia, eq(postMedia.postId, postId)));
      await this.checkContent(tx, creatorId, { text, access, mediaCount });
      if (input.mediaIds) {
        // Only a new list is checked, so an edit that leaves the media alone works even if an item failed since.
        await this.checkMedia(tx, creatorId, postId, input.mediaIds);
        await this.setMedia(tx, postId, input.mediaIds);
      }
      await tx.update(posts).set({ text, access, publishAt, updatedAt: now }).where(eq(posts.id, postId));
    });
    return this.get(creatorId, postId);
  }

  async remove(creatorId: string, postId: string): Promise<void> {
    const now = this.deps.now();
    const [row] = await this.deps.db
      .update(posts)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(posts.id, postId), eq(posts.creatorId, creatorId), isNull(posts.deletedAt)))
      .returning({ creatorId: posts.creatorId });
    assertOwner(row, creatorId, 'Post');
  }

  /** One post as this viewer may see it; hidden and deleted posts are not found. */
  async get(viewerId: string, postId: string): Promise<Post> {
    const [post] = await this.visiblePosts(viewerId, eq(posts.id, postId), 1);
    if (!post) throw errors.notFound('Post');
    return post;
  }

  /**
   * A creator's posts as this viewer may see them, newest first. The creator sees all of
   * their own, scheduled and private ones included; others see what the access rule lets
   * them (locked ones with their teaser and unlock offer). The cursor carries the last post's
   * publish time and id, so a page goes on even when that post is deleted or hidden since.
   */
  async listByCreator(viewerId: string, creatorId: string, page: { cursor?: string | undefined; limit: number }): Promise<PostPage> {
    const where = and(eq(posts.creatorId, creatorId), afterTimeCursor(page.cursor, posts.publishAt, posts.id));
    const rows = await this.visiblePosts(viewerId, where, page.limit + 1);
    return timeCursorPage(rows, page.limit, (post) => [post.publishAt, post.id]);
  }

  /**
   * Posts of any creator matching `where` (on the posts table) whose level for the viewer is one
   * of `levels`, newest first: for lists that pick what they show by level, like the feed.
   */
  async listAtLevels(viewerId: string, where: SQL | undefined, levels: readonly VisibleLevel[], limit: number): Promise<Post[]> {
    return this.visiblePosts(viewerId, where, limit, levels);
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
      .innerJoin(users, and(eq(users.id, visible.creatorId), isNull(users.disabledAt)))
      .innerJoin(postMedia, and(eq(postMedia.postId, visible.id), eq(postMedia.position, position)))
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(ne(visible.level, 'hidden'))
      .limit(1);
    return row ?? null;
  }

  /** Posts matching `where` (and not deleted) with the viewer's level, in a subquery the callers filter on. */
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
      .where(and(isNull(posts.deletedAt), where))
      .as('visible_posts');
  }

  /** `levels` narrows the posts to those levels; by default every level but hidden. */
  private async visiblePosts(viewerId: string, where: SQL | undefined, limit: number, levels?: readonly VisibleLevel[]): Promise<Post[]> {
    const { db, now, plans } = this.deps;
    const visible = this.leveled(viewerId, where);
    const rows = await db
      .select({
        id: visible.id,
        creatorId: visible.creatorId,
        access: visible.access,
        publishAt: visible.publishAt,
        level: visible.level,
        // Full text only where the level reveals it; a sneak peek gets one character past the teaser, to know it goes on.
        text: sql<string | null>`case when ${visible.level} in (${REVEALING_LEVELS_SQL}) then ${visible.text}
          when ${visible.level} = 'sneakpeek' then left(${visible.text}, ${POST_TEASER_CHARS + 1}) end`,
        handle: profiles.handle,
        publicName: profiles.publicName,
        avatarColor: profiles.avatarColor,
        avatarMediaId: profiles.avatarMediaId,
      })
      .from(visible)
      .innerJoin(users, and(eq(users.id, visible.creatorId), isNull(users.disabledAt)))
      .innerJoin(profiles, eq(profiles.userId, visible.creatorId))
      .where(levels ? inArray(visible.level, [...levels]) : ne(visible.level, 'hidden'))
      .orderBy(desc(visible.publishAt), desc(visible.id))
      .limit(limit);
    if (rows.length === 0) return [];

    const lockedCreators = rows.filter((row) => !revealsContent(row.level)).map((row) => row.creatorId);
    const postIds = rows.map((row) => row.id);
    // One query each for the page's media, unlock offers and like counts, never one per post.
    const [mediaByPost, offers, likesByPost] = await Promise.all([
      this.mediaOf(postIds),
      plans.activeOffersByCreator(lockedCreators),
      likeSummaries(db, viewerId, postIds),
    ]);
    const at = now();
    return rows.map((row) => {
      const locked = !revealsContent(row.level);
      const creator: CreatorSummary = {
        userId: row.creatorId,
        handle: row.handle,
        publicName: row.publicName,
        avatarColor: row.avatarColor,
        avatarUrl: profileImageUrl(row.creatorId, 'avatar', row.avatarMediaId),
      };
      return {
        id: row.id,
        creator,
        publishAt: row.publishAt.toISOString(),
        status: row.publishAt > at ? 'scheduled' : 'published',
        access: row.access,
        accessLevel: row.level,
        locked,
        text: locked ? null : row.text,
        teaser: row.level === 'sneakpeek' && row.text ? postTeaser(row.text) : null,
        media: (mediaByPost.get(row.id) ?? []).map((item) => toPostMedia(item, row.level)),
        unlock: locked ? unlockOffer(row, offers.get(row.creatorId) ?? []) : null,
        likes: likesByPost.get(row.id)?.likes ?? 0,
        liked: likesByPost.get(row.id)?.liked ?? false,
      };
    });
  }

  private async mediaOf(postIds: string[]): Promise<Map<string, MediaRow[]>> {
    const has = (column: AnyPgColumn) => sql<boolean>`${column} is not null`;
    const rows: MediaRow[] = await this.deps.db
      .select({
        postId: postMedia.postId,
        position: postMedia.position,
        mediaId: media.id,
        kind: media.kind,
        status: media.status,
        width: media.width,
        height: media.height,
        durationMs: media.durationMs,
        placeholder: media.placeholder,
        derivatives: {
          thumb: has(media.thumbKey),
          blur: has(media.blurKey),
          blurThumb: has(media.blurThumbKey),
          poster: has(media.posterKey),
          playable: has(media.playableKey),
        },
      })
      .from(postMedia)
      .innerJoin(media, eq(media.id, postMedia.mediaId))
      .where(inArray(postMedia.postId, postIds))
      .orderBy(postMedia.postId, postMedia.position);
    const byPost = new Map<string, MediaRow[]>();
    for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
    return byPost;
  }

  /** A post holds some text or media, and the plan ids in its access list are the creator's own. */
  private async checkContent(db: Tx | Database, creatorId: string, content: { text: string; access: string[]; mediaCount: number }) {
    if (!content.text && content.mediaCount === 0)
      throw new AppError(400, 'post_empty', 'Write something or add a picture, video or audio.');
    if ((await this.deps.plans.foreignPlanIds(creatorId, accessPlanIds(content.access), db)).length > 0) {
      throw new AppError(400, 'invalid_access', 'The access list names a plan that is not one of yours.');
    }
  }

  /**
   * Media put into a post are the creator's own uploads, not failed, not in another post
   * (deleted ones included) and not their avatar or cover. The media rows are locked so two
   * posts cannot claim one item at once.
   */
  private async checkMedia(tx: Tx, creatorId: string, postId: string, mediaIds: readonly string[]): Promise<void> {
    if (mediaIds.length === 0) return;
    const owned = await tx
      .select({ id: media.id, status: media.status })
      .from(media)
      .where(and(inArray(media.id, [...mediaIds]), eq(media.ownerId, creatorId)))
      .for('update');
    if (owned.length !== mediaIds.length) throw new AppError(400, 'invalid_media', 'A media item was not found among your uploads.');
    if (owned.some((item) => item.status === 'failed')) {
      throw new AppError(409, 'media_failed', 'A media item could not be processed. Remove it and upload it again.');
    }
    const [inUse] = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(
          inArray(media.id, [...mediaIds]),
          or(
            sql`exists (select 1 from ${postMedia} where ${postMedia.mediaId} = ${media.id} and ${postMedia.postId} <> ${postId})`,
            sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${creatorId}
              and (${profiles.avatarMediaId} = ${media.id} or ${profiles.coverMediaId} = ${media.id}))`,
          ),
        ),
      )
      .limit(1);
    if (inUse) throw new AppError(409, 'media_in_use', 'A media item is already used in another post or as a profile image.');
  }

  /** Replaces the post's media with these, in this order. */
  private async setMedia(tx: Tx, postId: string, mediaIds: readonly string[]): Promise<void> {
    await tx.delete(postMedia).where(eq(postMedia.postId, postId));
    if (mediaIds.length === 0) return;
    await tx.insert(postMedia).values(mediaIds.map((mediaId, position) => ({ postId, mediaId, position })));
  }
}

function toPostMedia(item: MediaRow, level: AccessLevel): PostMedia {
  const urls: PostMedia['urls'] = {};
  if (item.status === 'ready') {
    for (const kind of DERIVATIVE_KINDS) {
      if (item.derivatives[kind] && mayFetchDerivative(level, kind))
        urls[kind] = postMediaUrl(item.postId, item.position, kind, item.mediaId);
    }
  }
  return {
    position: item.position,
    kind: item.kind as MediaKind,
    status: item.status,
    width: item.width,
    height: item.height,
    durationMs: item.durationMs,
    placeholder: item.placeholder,
    urls,
  };
}
