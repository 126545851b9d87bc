/**
 * Who may see a post: the one rule for paid content (spec section 4). The server applies
 * it in its queries (see the SQL twin in the posts domain, tested to agree with this).
 *
 * A post's access list holds levels and plan ids:
 * - 'public': everyone signed in
 * - 'follower': followers of the creator
 * - 'sneakpeek': shown to everyone as a blurred teaser; unlocked by any subscription to the creator
 * - 'subscription': any active subscription to one of the creator's plans
 * - a plan id: an active subscription to that plan
 * - 'private': the owner only
 *
 * A post may also be sold on its own (pay-per-view): a member who bought it reads it, besides
 * whoever its access list lets in, for as long as the payment is not given back (even after the
 * creator stops selling it).
 */

export const ACCESS_KEYWORDS = ['public', 'follower', 'sneakpeek', 'subscription', 'private'] as const;
export type AccessKeyword = (typeof ACCESS_KEYWORDS)[number];

/**
 * What a viewer gets of a post. The first five reveal the original media; 'sneakpeek' and
 * 'locked' show only that it exists, with blurred derivatives; 'hidden' is as if it did not exist.
 */
export type AccessLevel = 'owner' | 'public' | 'follower' | 'subscription' | 'purchased' | 'sneakpeek' | 'locked' | 'hidden';

export interface AccessViewer {
  userId: string;
  /** Whether the viewer follows the post's creator. */
  followsCreator: boolean;
  /** Plan ids of this creator the viewer holds an active subscription to. */
  activePlanIds: readonly string[];
  /** The viewer bought this post, and the payment was not given back. */
  boughtPost: boolean;
}

export interface AccessPost {
  creatorId: string;
  access: readonly string[];
  /** False while the post is scheduled for later (or deleted): only its owner sees it then. */
  isPublished: boolean;
}

/**
 * Rules are checked in the spec's order and a later match overrides an earlier one,
 * except that the owner always sees their own post and private or unpublished posts
 * do not exist for anyone else.
 */
export function postAccessLevel(viewer: AccessViewer | null, post: AccessPost): AccessLevel {
  if (viewer && viewer.userId === post.creatorId) return 'owner';
  if (!viewer || !post.isPublished || post.access.includes('private')) return 'hidden';
  const access = new Set(post.access);
  const subscribed = viewer.activePlanIds.length > 0;
  let level: AccessLevel = 'locked';
  if (access.has('public')) level = 'public';
  if (access.has('follower') && viewer.followsCreator) level = 'follower';
  if (access.has('sneakpeek')) level = subscribed ? 'subscription' : 'sneakpeek';
  if (access.has('subscription') && subscribed) level = 'subscription';
  if (viewer.activePlanIds.some((planId) => access.has(planId))) level = 'subscription';
  if (viewer.boughtPost) level = 'purchased';
  return level;
}

/** Whether the level lets the viewer have the post's original media and full text. */
export function revealsContent(level: AccessLevel): boolean {
  return level === 'owner' || level === 'public' || level === 'follower' || level === 'subscription' || level === 'purchased';
}
