import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/** How many followed creators or followers one page holds by default, and at most. */
export const FOLLOWS_PAGE_SIZE = 20;
export const FOLLOWS_PAGE_MAX = 50;

export const followParamsSchema = z.object({ creatorId: entityIdSchema });

/** The viewer's follow state for one creator after following or unfollowing, with the creator's follower count. */
export const followStateSchema = z.object({ following: z.boolean(), followers: z.number().int().min(0) });
export type FollowState = z.infer<typeof followStateSchema>;

export const followsPageQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(FOLLOWS_PAGE_MAX).default(FOLLOWS_PAGE_SIZE),
});

/** One user on either side of a follow, with their profile summary and when the follow began. */
export const followEntrySchema = creatorSummarySchema.extend({ followedAt: z.iso.datetime({ offset: true }) });
export type FollowEntry = z.infer<typeof followEntrySchema>;

/** The creators the viewer follows, most recently followed first. */
export const followedCreatorsPageSchema = z.object({ items: z.array(followEntrySchema), nextCursor: z.string().nullable() });
export type FollowedCreatorsPage = z.infer<typeof followedCreatorsPageSchema>;

/** A creator's followers, newest first, with the total; only the creator sees it. */
export const followersPageSchema = z.object({
  total: z.number().int().min(0),
  items: z.array(followEntrySchema),
  nextCursor: z.string().nullable(),
});
export type FollowersPage = z.infer<typeof followersPageSchema>;
