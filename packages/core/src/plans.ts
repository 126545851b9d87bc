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

export const createPlanSchema = z.object({
  name: planNameSchema,
  description: planDescriptionSchema.default(''),
  priceMinor: planPriceSchema,
  currency: currencySchema,
  perks: planPerksSchema.default({ chat: false }),
});
export type CreatePlanInput = z.input<typeof createPlanSchema>;

/** Every field optional; the billing period is fixed and the active flag has its own actions. */
export const updatePlanSchema = z.object({
  name: planNameSchema.optional(),
  description: planDescriptionSchema.optional(),
  priceMinor: planPriceSchema.optional(),
  currency: currencySchema.optional(),
  perks: planPerksSchema.optional(),
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
  active: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Plan = z.infer<typeof planSchema>;

/** What a locked post shows as the way in: the cheapest active plan that unlocks it. */
export const planOfferSchema = planSchema.pick({ id: true, name: true, priceMinor: true, currency: true });
export type PlanOffer = z.infer<typeof planOfferSchema>;
