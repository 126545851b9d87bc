import { creatorSummarySchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/** How many creators one Explore page holds by default, and at most. */
export const CREATORS_PAGE_SIZE = 20;
export const CREATORS_PAGE_MAX = 50;
/** The longest search Explore accepts. */
export const CREATOR_SEARCH_MAX = 60;
/** How much of a creator's bio an Explore card shows. */
export const CREATOR_CARD_BIO_CHARS = 120;

/** `new`: who became a creator most recently first; `popular`: most followers first. */
export const CREATOR_SORTS = ['new', 'popular'] as const;
export type CreatorSort = (typeof CREATOR_SORTS)[number];

export const creatorsQuerySchema = z.object({
  /** Part of a handle or public name, any case; a leading @ is ignored. */
  q: z.string().trim().max(CREATOR_SEARCH_MAX, `A search has at most ${CREATOR_SEARCH_MAX} characters`).optional(),
  sort: z.enum(CREATOR_SORTS).default('new'),
  /** nextCursor of the previous page, with the same sort. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(CREATORS_PAGE_MAX).default(CREATORS_PAGE_SIZE),
});
export type CreatorsQuery = z.input<typeof creatorsQuerySchema>;

/** A creator on an Explore card. */
export const creatorCardSchema = creatorSummarySchema.extend({
  isVerified: z.boolean(),
  followers: z.number().int().min(0),
  /** Whether the viewer follows the creator. */
  following: z.boolean(),
  /** The start of the bio: one character past CREATOR_CARD_BIO_CHARS when it goes on, so the card can say so. */
  bio: z.string().nullable(),
});
export type CreatorCard = z.infer<typeof creatorCardSchema>;

export const creatorsPageSchema = z.object({ items: z.array(creatorCardSchema), nextCursor: z.string().nullable() });
export type CreatorsPage = z.infer<typeof creatorsPageSchema>;
