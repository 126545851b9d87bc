import { DAY_MS } from './constants.js';
import { planSchema } from './plans.js';
import { creatorSummarySchema, entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Free-trial links: a creator offers a plan free for some days through a link; a member claims it
 * with a saved payment method, and the subscription converts to paid when the trial ends unless
 * renewal was turned off. One trial per member per creator, ever.
 */

export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 30;
/** The member is reminded this long before the trial converts (at once, for a shorter trial). */
export const TRIAL_REMINDER_MS = 2 * DAY_MS;
export const TRIAL_CLAIMS_MAX = 100_000;

/** A link's code: what its address carries. */
export const trialCodeSchema = z.string().regex(/^[A-Za-z0-9]{8,32}$/, 'Not a trial link');

export const createTrialLinkSchema = z
  .object({
    planId: entityIdSchema,
    days: z
      .number()
      .int('Whole days')
      .min(TRIAL_DAYS_MIN, `At least ${TRIAL_DAYS_MIN} day`)
      .max(TRIAL_DAYS_MAX, `At most ${TRIAL_DAYS_MAX} days`),
    /** At most this many members may claim it; none: no limit. */
    maxClaims: z.number().int('A whole number').min(1, 'At least 1').max(TRIAL_CLAIMS_MAX).nullable().default(null),
    /** No claim after this time; none: it never expires. */
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .strict();
export type CreateTrialLinkInput = z.input<typeof createTrialLinkSchema>;

/** A creator's trial link, with how many claimed it and how many of those went on to pay. */
export const trialLinkSchema = z.object({
  id: entityIdSchema,
  code: trialCodeSchema,
  plan: planSchema.pick({ id: true, name: true, priceMinor: true, currency: true }),
  days: z.number().int(),
  maxClaims: z.number().int().nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  claims: z.number().int().min(0),
  conversions: z.number().int().min(0),
  createdAt: z.iso.datetime({ offset: true }),
});
export type TrialLink = z.infer<typeof trialLinkSchema>;
export const trialLinkPageSchema = z.object({ items: z.array(trialLinkSchema), nextCursor: z.string().nullable() });
export type TrialLinkPage = z.infer<typeof trialLinkPageSchema>;
export const TRIAL_LINKS_PAGE_SIZE = 20;
export const trialLinksQuerySchema = z.object({
  /** nextCursor of the previous page. */
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(TRIAL_LINKS_PAGE_SIZE),
});

/** Why a member cannot claim a link now. */
export const TRIAL_UNAVAILABLE_REASONS = ['expired', 'full', 'disabled', 'plan_unavailable', 'already_used', 'subscribed', 'own'] as const;
export type TrialUnavailableReason = (typeof TRIAL_UNAVAILABLE_REASONS)[number];

/** A trial link as a member sees it before claiming: whose, which plan, how long, and whether they may. */
export const trialOfferSchema = z.object({
  code: trialCodeSchema,
  creator: creatorSummarySchema,
  plan: planSchema.pick({ id: true, name: true, description: true, priceMinor: true, currency: true, perks: true }),
  days: z.number().int(),
  unavailable: z.enum(TRIAL_UNAVAILABLE_REASONS).nullable(),
});
export type TrialOffer = z.infer<typeof trialOfferSchema>;

export const claimTrialSchema = z.object({ paymentMethodId: entityIdSchema }).strict();

/** What a member is told about a link they cannot claim. */
export function trialUnavailableMessage(reason: TrialUnavailableReason): string {
  switch (reason) {
    case 'expired':
      return 'This free trial has ended.';
    case 'full':
      return 'Every free trial of this link has been claimed.';
    case 'disabled':
    case 'plan_unavailable':
      return 'This free trial is no longer offered.';
    case 'already_used':
      return 'You already had a free trial with this creator.';
    case 'subscribed':
      return 'You already subscribe to this creator.';
    case 'own':
      return 'This is your own free trial link.';
  }
}
