import { hasRole, ROLE } from '@aurum/core';
import { errors } from '../http/errors.js';

/**
 * The one answer to "may this viewer do this to that", for actions on one member's things.
 * Whether the thing is visible decides the refusal once, here: what the viewer may not know
 * exists (another member's plan, post or media) answers 404 as if it did not, and what is
 * public (a creator's page, behind which sit their insights and followers) answers 403.
 * Access to paid content is not here: it is `postAccessLevel` and `messageMediaAccess`, applied
 * in the queries.
 */
const PERMISSIONS = {
  /** Change or delete a plan. */
  'plan.manage': { subject: 'Plan', admins: false, creatorsOnly: false, public: false },
  /** Change, publish or delete a post. */
  'post.manage': { subject: 'Post', admins: false, creatorsOnly: false, public: false },
  /** Stop a discount. */
  'offer.manage': { subject: 'Offer', admins: false, creatorsOnly: false, public: false },
  /** Stop offering a free-trial link. */
  'trial_link.manage': { subject: 'Trial link', admins: false, creatorsOnly: false, public: false },
  /** See an upload's processing state, or delete it. */
  'media.manage': { subject: 'Media', admins: false, creatorsOnly: false, public: false },
  /** Read who follows a creator. */
  'creator.followers.read': { subject: 'Creator', admins: false, creatorsOnly: false, public: true },
  /** Read a creator's insights: the creator while they are one, and admins. */
  'creator.insights.read': { subject: 'Creator', admins: true, creatorsOnly: true, public: true },
} as const satisfies Record<string, Rule>;

interface Rule {
  /** What a 404 names. */
  subject: string;
  /** Whether admins may too. */
  admins: boolean;
  /** Whether the owner needs the creators label (403 creator_required without it). */
  creatorsOnly: boolean;
  /** Whether anyone may know the thing exists (403 on refusal) or not (404). */
  public: boolean;
}

export type Permission = keyof typeof PERMISSIONS;

/** Who asks: a user id and, where a rule looks at roles, the account's labels. */
export interface Actor {
  userId: string;
  labels: readonly string[];
}

export type AccessDecision = 'allowed' | 'not_found' | 'forbidden' | 'creator_required';

/** A member's thing, by the column that names its owner; a creator's public page is `{ creatorId }`. */
export type Owned = { creatorId: string } | { ownerId: string };

const ownerOf = (thing: Owned): string => ('creatorId' in thing ? thing.creatorId : thing.ownerId);

/**
 * The decision for `actor` doing `permission` to `thing` (null or undefined when there is
 * no such thing). Pure, so its test covers every permission and actor.
 */
export function accessDecision(actor: Actor, permission: Permission, thing: Owned | null | undefined): AccessDecision {
  if (!thing) return 'not_found';
  const ownerId = ownerOf(thing);
  const rule: Rule = PERMISSIONS[permission];
  if (rule.admins && hasRole(actor.labels, ROLE.admins)) return 'allowed';
  if (actor.userId !== ownerId) return rule.public ? 'forbidden' : 'not_found';
  if (rule.creatorsOnly && !hasRole(actor.labels, ROLE.creators)) return 'creator_required';
  return 'allowed';
}

/** The thing when `accessDecision` allows, else its refusal thrown. */
export function requireAccess<Thing extends Owned>(actor: Actor, permission: Permission, thing: Thing | null | undefined): Thing {
  const decision = accessDecision(actor, permission, thing);
  if (decision === 'allowed' && thing) return thing;
  const subject = PERMISSIONS[permission].subject;
  if (decision === 'not_found') throw errors.notFound(subject);
  if (decision === 'creator_required') throw errors.creatorRequired();
  throw errors.forbidden({ message: `Only the ${subject.toLowerCase()} can do that.` });
}

/**
 * For a service that has only the caller's id: the actor without labels, enough for the rules
 * that look at ownership alone (a rule that needs a role then refuses).
 */
export const actorOf = (userId: string): Actor => ({ userId, labels: [] });
