import { ACCESS_KEYWORDS, type AccessLevel, type AccessPost, postAccessLevel, revealsContent } from './access.js';
import { type ContentPrice, contentPriceSchema } from './content-price.js';
import { CURRENCY_EXPONENTS } from './format.js';
import { type DerivativeKind, MEDIA_KINDS } from './media.js';
import { type PlanOffer, planOfferSchema } from './plans.js';
import { z } from './zod-config.js';

export const POST_TEXT_MAX = 5000;
export const POST_MEDIA_MAX = 20;
/** A creator can schedule a post at most this far ahead. */
export const POST_SCHEDULE_MAX_DAYS = 365;
/** Sneak peeks show this many characters of the text; locked posts show none. */
export const POST_TEASER_CHARS = 80;
export const POSTS_PAGE_SIZE = 20;
export const POSTS_PAGE_MAX = 50;

const levels: Record<AccessLevel, true> = {
  owner: true,
  public: true,
  follower: true,
  subscription: true,
  purchased: true,
  sneakpeek: true,
  locked: true,
  hidden: true,
};
/** Every access level; the record above makes the compiler check the list is complete. */
export const ACCESS_LEVELS = Object.keys(levels) as AccessLevel[];
/** The levels a viewer can be answered with; 'hidden' posts are never sent. */
export const VISIBLE_ACCESS_LEVELS = ACCESS_LEVELS.filter((level) => level !== 'hidden') as [AccessLevel, ...AccessLevel[]];

/** Ids the API hands out (users, plans, media, posts): letters, digits, dash and underscore. */
export const entityIdSchema = z.string().regex(/^[\w-]{1,64}$/, 'Not a valid id');

/** A keyset cursor as the API hands it out: opaque to clients, base64url. */
export const pageCursorSchema = z.string().regex(/^[\w-]{1,512}$/, 'Not a valid cursor');

const isKeyword = (token: string) => (ACCESS_KEYWORDS as readonly string[]).includes(token);

/**
 * Who may see a post: keywords and/or the creator's own plan ids (which plans exist is checked
 * on the server). Listed once each; 'private' (owner only) cannot be combined with anything.
 */
export const accessListSchema = z
  .array(z.string().refine((token) => isKeyword(token) || entityIdSchema.safeParse(token).success, 'Not an access level or plan id'))
  .min(1, 'Choose who can see this post')
  .max(ACCESS_KEYWORDS.length + 20, 'Too many access entries')
  .transform((tokens) => [...new Set(tokens)])
  .refine((tokens) => !tokens.includes('private') || tokens.length === 1, 'A private post cannot also be shared with others');

/** Plan ids in an access list: everything that is not a keyword. */
export function accessPlanIds(access: readonly string[]): string[] {
  return access.filter((token) => !isKeyword(token));
}

const mediaIdsSchema = z
  .array(entityIdSchema)
  .max(POST_MEDIA_MAX, `A post has at most ${POST_MEDIA_MAX} media items`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each media item can appear once');
const postTextSchema = z.string().trim().max(POST_TEXT_MAX, `A post has at most ${POST_TEXT_MAX} characters`);
/** A future time schedules the post; omitted or null publishes it now. */
const publishAtSchema = z.iso.datetime({ offset: true }).nullable();

/**
 * Why a post cannot be sold on its own with this access list, or null when it can (or is not
 * sold): a public post is free for everyone, a private one is for nobody to buy.
 */
export function postSaleProblem(access: readonly string[], price: ContentPrice | null): string | null {
  if (!price) return null;
  if (access.includes('public')) return 'A post everyone can see cannot also be sold.';
  if (access.includes('private')) return 'A private post cannot be sold.';
  return null;
}

/** Sold on its own for this price (pay-per-view), besides whoever the access list lets in; null when not sold. */
const postPriceSchema = contentPriceSchema.nullable();

export const createPostSchema = z
  .object({
    text: postTextSchema.default(''),
    mediaIds: mediaIdsSchema.default([]),
    access: accessListSchema,
    publishAt: publishAtSchema.optional(),
    price: postPriceSchema.default(null),
  })
  .superRefine((post, context) => {
    const problem = postSaleProblem(post.access, post.price);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['price'] });
  });
export type CreatePostInput = z.input<typeof createPostSchema>;

/** Omitted fields stay as they are; mediaIds replaces the whole ordered list. */
export const updatePostSchema = z.object({
  text: postTextSchema.optional(),
  mediaIds: mediaIdsSchema.optional(),
  access: accessListSchema.optional(),
  publishAt: publishAtSchema.optional(),
  price: postPriceSchema.optional(),
});
export type UpdatePostInput = z.input<typeof updatePostSchema>;

/** Adds one of the owner's uploads to a post, at `position` (0 first; the end when left out). */
export const addPostMediaSchema = z.object({
  mediaId: entityIdSchema,
  position: z.number().int().min(0).optional(),
});
export type AddPostMediaInput = z.input<typeof addPostMediaSchema>;

/** Moves one item of a post to `position` (0 first); the others keep their order around it. */
export const movePostMediaSchema = z.object({ position: z.number().int().min(0) });
export type MovePostMediaInput = z.input<typeof movePostMediaSchema>;

/**
 * The derivatives anyone who can see a post exists may fetch; the others (see DERIVATIVE_KINDS)
 * only viewers whose access level reveals the content. The uploaded file itself is never served.
 */
export const BLURRED_DERIVATIVES = ['blur', 'blurThumb'] as const satisfies readonly DerivativeKind[];

/** Whether a viewer at this access level may fetch this derivative of the post's media. */
export function mayFetchDerivative(level: AccessLevel, kind: DerivativeKind): boolean {
  if (level === 'hidden') return false;
  return (BLURRED_DERIVATIVES as readonly DerivativeKind[]).includes(kind) || revealsContent(level);
}

export const postMediaSchema = z.object({
  position: z.number().int(),
  /** The media item's id, shown to the post's owner only: what the per-item edits name. */
  mediaId: z.string().optional(),
  kind: z.enum(MEDIA_KINDS),
  /** processing, ready or failed (MEDIA_STATUSES); until 'ready' only the placeholder (if any) is shown. */
  status: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** A tiny image hash for instant display (base64). */
  placeholder: z.string().nullable(),
  /** Same-origin URLs of the derivatives this viewer may fetch; 'playable' is the full-quality picture, video or audio. */
  urls: z.object({
    thumb: z.string().optional(),
    blur: z.string().optional(),
    blurThumb: z.string().optional(),
    poster: z.string().optional(),
    playable: z.string().optional(),
  } satisfies Record<DerivativeKind, unknown>),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

export const creatorSummarySchema = z.object({
  userId: z.string(),
  handle: z.string().nullable(),
  publicName: z.string().nullable(),
  avatarColor: z.string(),
  avatarUrl: z.string().nullable(),
});
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/**
 * How a viewer can unlock a locked post: by following (free), with the cheapest active plan
 * that unlocks it, and/or by buying the post itself for its price.
 */
export const unlockOfferSchema = z.object({ follow: z.boolean(), plan: planOfferSchema.nullable(), price: contentPriceSchema.nullable() });
export type UnlockOffer = z.infer<typeof unlockOfferSchema>;

/**
 * A post as one viewer may see it. When `locked`, text is null, `teaser` holds the sneak-peek
 * text (if any), media carry only blurred URLs, and `unlock` says how to get in.
 */
export const postSchema = z.object({
  id: z.string(),
  creator: creatorSummarySchema,
  publishAt: z.iso.datetime({ offset: true }),
  /** Scheduled posts are seen only by their creator. */
  status: z.enum(['published', 'scheduled']),
  access: z.array(z.string()),
  /** What the post sells for on its own, or null when it is not sold. */
  price: contentPriceSchema.nullable(),
  accessLevel: z.enum(VISIBLE_ACCESS_LEVELS),
  locked: z.boolean(),
  text: z.string().nullable(),
  teaser: z.string().nullable(),
  media: z.array(postMediaSchema),
  unlock: unlockOfferSchema.nullable(),
  /** How many members like the post, and whether this viewer does. */
  likes: z.number().int().min(0),
  liked: z.boolean(),
  /** Whether the post's creator takes tips now (their tip settings): only then is a tip offered on it. */
  takesTips: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;

export const postPageSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof postPageSchema>;

export const postPageQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(POSTS_PAGE_MAX).default(POSTS_PAGE_SIZE),
});

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The sneak-peek teaser: at most POST_TEASER_CHARS characters, cut between whole graphemes
 * (an emoji is never split), with an ellipsis when the text goes on. Null when there is no text.
 */
export function postTeaser(text: string): string | null {
  // Where POST_TEASER_CHARS code points end, in UTF-16 units; only the grapheme there is asked about,
  // since walking every grapheme is the slow part of a feed page.
  let cut = 0;
  for (let points = 0; points < POST_TEASER_CHARS && cut < text.length; points++) cut += (text.codePointAt(cut) ?? 0) > 0xffff ? 2 : 1;
  if (cut >= text.length) return text.trim() ? text : null;
  const [before, after] = [text.charCodeAt(cut - 1), text.charCodeAt(cut)];
  // Below U+0300 neither side joins a grapheme (no combining mark, joiner, prepend or surrogate),
  // but CR LF: the segmenter is asked only otherwise.
  const plainBoundary = before < 0x300 && after < 0x300 && !(before === 13 && after === 10);
  const around = plainBoundary ? undefined : graphemes.segment(text).containing(cut);
  const end = around && around.index < cut ? around.index : cut;
  return `${text.slice(0, end).trimEnd()}…`;
}

/**
 * How a viewer locked out of a post can get in, asked of the access rule itself: would a
 * follower see it, and which active plans would a subscriber of only that plan see it with.
 * The cheapest such plan is offered; prices in different currencies compare by face value,
 * ties go to the earlier-listed plan.
 */
export function unlockOffer(
  post: Pick<AccessPost, 'creatorId' | 'access'> & { price: ContentPrice | null },
  activePlans: readonly PlanOffer[],
): UnlockOffer {
  // An empty id is never a creator's, so this is always "someone else".
  const unlocks = (followsCreator: boolean, activePlanIds: string[]) =>
    revealsContent(postAccessLevel({ userId: '', followsCreator, activePlanIds, boughtPost: false }, { ...post, isPublished: true }));
  let cheapest: PlanOffer | null = null;
  for (const plan of activePlans) {
    if (!unlocks(false, [plan.id])) continue;
    if (!cheapest || faceValue(plan) < faceValue(cheapest)) cheapest = plan;
  }
  return { follow: unlocks(true, []), plan: cheapest, price: post.price };
}

const faceValue = ({ priceMinor, currency }: PlanOffer) => priceMinor / 10 ** CURRENCY_EXPONENTS[currency];
