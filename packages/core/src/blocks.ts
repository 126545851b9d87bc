import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/** How many blocked users one page lists by default, and at most. */
export const BLOCKS_PAGE_SIZE = 50;
export const BLOCKS_PAGE_MAX = 100;

export const blockParamsSchema = z.object({ userId: entityIdSchema });

/** Whether the viewer blocks the user, after blocking or unblocking. */
export const blockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

export const blocksPageQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(BLOCKS_PAGE_MAX).default(BLOCKS_PAGE_SIZE),
});

/** A user the viewer blocked, with their profile summary and when. */
export const blockedUserSchema = creatorSummarySchema.extend({ blockedAt: z.iso.datetime({ offset: true }) });
export type BlockedUser = z.infer<typeof blockedUserSchema>;

/** The users the viewer blocked, most recent first. */
export const blockedUsersPageSchema = z.object({ items: z.array(blockedUserSchema), nextCursor: z.string().nullable() });
export type BlockedUsersPage = z.infer<typeof blockedUsersPageSchema>;
