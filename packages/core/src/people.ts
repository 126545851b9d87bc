import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * The people side of an account (/users): the creators one follows or subscribes to, and for a
 * creator their fans (followers and subscribers). Each row carries only what the viewer may
 * know: profile summaries, the follow, and the subscription's plan and dates (never payments).
 */

export const PEOPLE_PAGE_SIZE = 25;
export const PEOPLE_PAGE_MAX = 100;
export const PEOPLE_SEARCH_MAX = 100;

/** Which of the viewer's creators: those followed, those subscribed to, or both. */
export const MY_CREATORS_RELATIONS = ['all', 'following', 'subscribed'] as const;
export type MyCreatorsRelation = (typeof MY_CREATORS_RELATIONS)[number];

/** Which of a creator's fans: followers, subscribers, or both. */
export const FAN_RELATIONS = ['all', 'followers', 'subscribers'] as const;
export type FanRelation = (typeof FAN_RELATIONS)[number];

const pageQuery = {
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(PEOPLE_PAGE_MAX).default(PEOPLE_PAGE_SIZE),
};

export const myCreatorsQuerySchema = z.object({ relation: z.enum(MY_CREATORS_RELATIONS).default('all'), ...pageQuery });
export type MyCreatorsQuery = z.input<typeof myCreatorsQuerySchema>;

export const fansQuerySchema = z.object({
  relation: z.enum(FAN_RELATIONS).default('all'),
  /** Only fans with a valid subscription to this plan of the creator's. */
  planId: entityIdSchema.optional(),
  /** Part of a handle or public name, any case. */
  q: z.string().trim().max(PEOPLE_SEARCH_MAX, `A search has at most ${PEOPLE_SEARCH_MAX} characters`).optional(),
  ...pageQuery,
});
export type FansQuery = z.input<typeof fansQuerySchema>;

const isoTime = z.iso.datetime({ offset: true });

/** A valid subscription as the other side of it may know it: the plan and its dates. */
export const peopleSubscriptionSchema = z.object({
  planId: entityIdSchema,
  planName: z.string(),
  since: isoTime,
  validUntil: isoTime,
});

/** One person on the other side: profile summary, when they became connected, the follow and the subscription. */
export const personRowSchema = creatorSummarySchema.extend({
  /** When the row's relation began (the follow, or the subscription of someone who does not follow); the list's order. */
  since: isoTime,
  following: z.boolean(),
  subscription: peopleSubscriptionSchema.nullable(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

/** The viewer's own subscription carries its id, for a link to it. */
export const myCreatorRowSchema = personRowSchema.extend({
  subscription: peopleSubscriptionSchema.extend({ id: entityIdSchema, autoRenew: z.boolean() }).nullable(),
});
export type MyCreatorRow = z.infer<typeof myCreatorRowSchema>;

export const myCreatorsPageSchema = z.object({ items: z.array(myCreatorRowSchema), nextCursor: z.string().nullable() });
export type MyCreatorsPage = z.infer<typeof myCreatorsPageSchema>;

export const fansPageSchema = z.object({ items: z.array(personRowSchema), nextCursor: z.string().nullable() });
export type FansPage = z.infer<typeof fansPageSchema>;
