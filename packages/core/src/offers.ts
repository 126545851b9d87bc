import { PLAN_PRICE_MIN_MINOR, planSchema } from './plans.js';
import { entityIdSchema, pageCursorSchema } from './posts.js';
import { z } from './zod-config.js';

/**
 * Discounts: a creator's offer on a plan, a percentage or an amount off a member's first payment
 * (or first few), for new members, for members whose subscription ended, or for anyone with its
 * link; from a start to an optional end, with an optional limit. The price is shown before paying
 * and recorded on the charge.
 */

export const OFFER_AUDIENCES = ['new', 'returning', 'link'] as const;
export type OfferAudience = (typeof OFFER_AUDIENCES)[number];
export const OFFER_KINDS = ['percent', 'amount'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];
export const OFFER_PAYMENTS_MAX = 12;
export const OFFER_PERCENT_MAX = 90;

export const createOfferSchema = z
  .object({
    planId: entityIdSchema,
    audience: z.enum(OFFER_AUDIENCES),
    kind: z.enum(OFFER_KINDS),
    /** Percent off (1-90), or minor units off. */
    value: z.number().int('A whole number').min(1, 'At least 1'),
    /** How many payments it takes off: the first, or the first few. */
    payments: z.number().int().min(1, 'At least one payment').max(OFFER_PAYMENTS_MAX, `At most ${OFFER_PAYMENTS_MAX} payments`).default(1),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    maxRedemptions: z.number().int().min(1).max(100_000).nullable().default(null),
  })
  .strict()
  .refine((offer) => offer.kind !== 'percent' || offer.value <= OFFER_PERCENT_MAX, {
    message: `At most ${OFFER_PERCENT_MAX}% off`,
    path: ['value'],
  })
  .refine((offer) => !offer.startsAt || !offer.endsAt || offer.startsAt < offer.endsAt, {
    message: 'Ends after it starts',
    path: ['endsAt'],
  });
export type CreateOfferInput = z.input<typeof createOfferSchema>;

export const offerSchema = z.object({
  id: entityIdSchema,
  code: z.string(),
  plan: planSchema.pick({ id: true, name: true, priceMinor: true, currency: true }),
  audience: z.enum(OFFER_AUDIENCES),
  kind: z.enum(OFFER_KINDS),
  value: z.number().int(),
  payments: z.number().int(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Members who subscribed with it. */
  redemptions: z.number().int().min(0),
  disabledAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerPageSchema = z.object({ items: z.array(offerSchema), nextCursor: z.string().nullable() });
export type OfferPage = z.infer<typeof offerPageSchema>;
export const offersQuerySchema = z.object({
  cursor: pageCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** An offer a member may use now, as the subscribe page shows it. */
export const memberOfferSchema = offerSchema
  .pick({ id: true, code: true, audience: true, kind: true, value: true, payments: true, endsAt: true })
  .extend({ planId: entityIdSchema });
export type MemberOffer = z.infer<typeof memberOfferSchema>;
export const memberOffersQuerySchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9]{8,32}$/)
    .optional(),
});

/** What an offer takes off a payment: never below the smallest plan price. */
export function discountedAmount(listMinor: number, offer: Pick<Offer, 'kind' | 'value'>): number {
  const off = offer.kind === 'percent' ? Math.round((listMinor * offer.value) / 100) : offer.value;
  return Math.max(Math.min(listMinor, PLAN_PRICE_MIN_MINOR), listMinor - off);
}

/** Why a member may not use an offer now, or null. */
export type OfferProblem = 'not_started' | 'ended' | 'stopped' | 'used_up' | 'not_new' | 'not_returning' | 'link_only';

/**
 * The one rule for who may use an offer: within its dates, not stopped or used up, and for its
 * audience: new members never subscribed to the creator (a free trial counts), returning ones
 * did and are not now; a link offer only through its link. A current subscriber is refused
 * elsewhere (they cannot subscribe twice).
 */
export function offerProblem(
  offer: Pick<Offer, 'audience' | 'maxRedemptions' | 'redemptions'> & { startsAt: Date; endsAt: Date | null; disabled: boolean },
  member: { everSubscribed: boolean; subscribedNow: boolean; viaLink: boolean },
  now: Date,
): OfferProblem | null {
  if (offer.disabled) return 'stopped';
  if (offer.startsAt > now) return 'not_started';
  if (offer.endsAt && offer.endsAt <= now) return 'ended';
  if (offer.maxRedemptions !== null && offer.redemptions >= offer.maxRedemptions) return 'used_up';
  if (offer.audience === 'new' && member.everSubscribed) return 'not_new';
  if (offer.audience === 'returning' && (!member.everSubscribed || member.subscribedNow)) return 'not_returning';
  if (offer.audience === 'link' && !member.viaLink) return 'link_only';
  return null;
}

/** "50% off the first payment", "$2.00 off the first 3 payments". */
export function offerLabel(offer: Pick<Offer, 'kind' | 'value' | 'payments'>, money: (amountMinor: number) => string): string {
  const off = offer.kind === 'percent' ? `${offer.value}% off` : `${money(offer.value)} off`;
  return offer.payments === 1 ? `${off} the first payment` : `${off} the first ${offer.payments} payments`;
}
