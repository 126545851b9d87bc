import { CURRENCY_EXPONENTS, type Currency } from './format.js';
import { z } from './zod-config.js';

/** Plan prices in minor units: from 1.00 to 1000.00 in every currency the product prices in (all have two decimals). */
export const PLAN_PRICE_MIN_MINOR = 100;
export const PLAN_PRICE_MAX_MINOR = 100_000;
export const PLAN_NAME_MAX = 60;
export const PLAN_DESCRIPTION_MAX = 500;

/** The perks a plan can include, with the texts shown to the creator choosing them and to members reading the plan. */
export const PLAN_PERKS = {
  chat: {
    key: 'chat',
    name: 'Chat',
    creatorDescription: 'Members can send you direct messages and chat with you. Private content can be shared in the chat.',
    memberDescription: 'You can send the creator direct messages and chat with them. Private content can be shared in the chat.',
  },
} as const;
export type PlanPerkKey = keyof typeof PLAN_PERKS;

export const currencySchema = z.enum(Object.keys(CURRENCY_EXPONENTS) as [Currency, ...Currency[]], 'Choose a supported currency');

/** Perks stored before a perk existed read as "not included". */
export const planPerksSchema = z.object({ chat: z.boolean().default(false) });
export type PlanPerks = z.infer<typeof planPerksSchema>;

const planNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a plan name')
  .max(PLAN_NAME_MAX, `A plan name has at most ${PLAN_NAME_MAX} characters`);
const planDescriptionSchema = z.string().trim().max(PLAN_DESCRIPTION_MAX, `A description has at most ${PLAN_DESCRIPTION_MAX} characters`);
const planPriceSchema = z
  .number()
  .int('The price is a whole number of cents')
  .min(PLAN_PRICE_MIN_MINOR, `The price is at least ${PLAN_PRICE_MIN_MINOR} cents`)
  .max(PLAN_PRICE_MAX_MINOR, `The price is at most ${PLAN_PRICE_MAX_MINOR} cents`);

/** The lengths a plan may also be sold for at once, in billing periods ("months"): paid up front, renewing at the same length. */
export const BUNDLE_MONTHS = [3, 6, 12] as const;
export type BundleMonths = (typeof BUNDLE_MONTHS)[number];
/** A subscription's length in billing periods: one, or a bundle's. */
export type SubscriptionMonths = 1 | BundleMonths;
export const BUNDLE_DISCOUNT_MAX_PERCENT = 75;

export const bundleSchema = z.object({
  months: z.union(
    BUNDLE_MONTHS.map((months) => z.literal(months)) as [z.ZodLiteral<3>, z.ZodLiteral<6>, z.ZodLiteral<12>],
    'A bundle is 3, 6 or 12 months',
  ),
  discountPercent: z
    .number()
    .int('A whole percentage')
    .min(0, 'At least 0%')
    .max(BUNDLE_DISCOUNT_MAX_PERCENT, `At most ${BUNDLE_DISCOUNT_MAX_PERCENT}% off`),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** A plan's bundles, one per length, shortest first. */
const bundlesSchema = z
  .array(bundleSchema)
  .max(BUNDLE_MONTHS.length)
  .refine((bundles) => new Set(bundles.map((bundle) => bundle.months)).size === bundles.length, 'Each length once')
  .transform((bundles) => [...bundles].sort((a, b) => a.months - b.months));

/**
 * What `months` billing periods of a plan cost at once: the plan's price for each, less the
 * bundle's discount, rounded to the minor unit; one period is the plan's price. Null when the
 * plan sells no bundle of that length.
 */
export function periodsPrice(plan: { priceMinor: number; bundles: readonly Bundle[] }, months: number): number | null {
  if (months === 1) return plan.priceMinor;
  const bundle = plan.bundles.find((offered) => offered.months === months);
  return bundle ? Math.round((plan.priceMinor * months * (100 - bundle.discountPercent)) / 100) : null;
}

export const createPlanSchema = z.object({
  name: planNameSchema,
  description: planDescriptionSchema.default(''),
  priceMinor: planPriceSchema,
  currency: currencySchema,
  perks: planPerksSchema.default({ chat: false }),
  bundles: bundlesSchema.default([]),
});
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** Every field optional; the billing period is fixed and the active flag has its own actions. */
export const updatePlanSchema = z.object({
  name: planNameSchema.optional(),
  description: planDescriptionSchema.optional(),
  priceMinor: planPriceSchema.optional(),
  currency: currencySchema.optional(),
  perks: planPerksSchema.optional(),
  bundles: bundlesSchema.optional(),
});
export type UpdatePlanInput = z.input<typeof updatePlanSchema>;

export const planSchema = z.object({
  id: z.string(),
  creatorId: z.string(),
  name: z.string(),
  description: z.string(),
  priceMinor: z.number().int(),
  currency: currencySchema,
  /** Always SUBSCRIPTION_PERIOD_DAYS for now; sent so clients need not assume it. */
  billingPeriodDays: z.number().int(),
  perks: planPerksSchema,
  /** Longer lengths sold at once, each at a discount; shortest first. */
  bundles: z.array(bundleSchema),
  active: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof planSchema>;

/** What a locked post shows as the way in: the cheapest active plan that unlocks it. */
export const planOfferSchema = planSchema.pick({ id: true, name: true, priceMinor: true, currency: true });
export type PlanOffer = z.infer<typeof planOfferSchema>;
