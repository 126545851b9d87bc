import { DAY_MS, SEEN_DEFAULT_DURATION_MS, SEEN_RECORDS_LIMIT } from './constants.js';
import { entityIdSchema } from './posts.js';
import { z } from './zod-config.js';

/** A viewer's like on a post after liking or unliking: whether they like it and how many do. */
export const likeStateSchema = z.object({ liked: z.boolean(), likes: z.number().int().min(0) });
export type LikeState = z.infer<typeof likeStateSchema>;

/** What can be marked seen; only posts for now. */
export const SEEN_TYPES = ['post'] as const;
export type SeenType = (typeof SEEN_TYPES)[number];

/** The longest on-screen time a seen record stores (one day); longer values are refused. */
export const SEEN_DURATION_MAX_MS = DAY_MS;

/** Marks an entity seen after it was on screen for `duration` milliseconds. */
export const seenInputSchema = z.object({
  entityId: entityIdSchema,
  type: z.enum(SEEN_TYPES).default('post'),
  duration: z.number().int().min(0).max(SEEN_DURATION_MAX_MS).default(SEEN_DEFAULT_DURATION_MS),
});
export type SeenInput = z.input<typeof seenInputSchema>;

export const seenRecordSchema = z.object({
  entityId: z.string(),
  type: z.enum(SEEN_TYPES),
  duration: z.number().int(),
  /** Seen while locked: a teaser, not the content, so the feed still brings the post once unlocked. */
  locked: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SeenRecord = z.infer<typeof seenRecordSchema>;

export const seenQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SEEN_RECORDS_LIMIT).default(SEEN_RECORDS_LIMIT),
});

/** The viewer's latest seen records, newest first, at most SEEN_RECORDS_LIMIT. */
export const seenListSchema = z.object({ entityIds: z.array(z.string()), items: z.array(seenRecordSchema) });
export type SeenList = z.infer<typeof seenListSchema>;
