import { type Currency, formatMoney } from './format.js';
import { currencySchema } from './plans.js';
import { entityIdSchema } from './posts.js';
import { idempotencyKeySchema } from './subscriptions.js';
import { z } from './zod-config.js';

/** The smallest tip a creator may ask for, and the default minimum: 1.00. */
export const TIP_MIN_MINOR = 100;
/** The platform's largest tip: 500.00, as for a paid message. */
export const TIP_MAX_MINOR = 50_000;
/** The longest message a tip carries, in characters after trimming. */
export const TIP_MESSAGE_MAX_LENGTH = 300;

/** A creator's tips: whether they take them, in which currency, from what amount. */
export const tipSettingsSchema = z.object({
  enabled: z.boolean(),
  currency: currencySchema,
  minimumMinor: z
    .number()
    .int('The minimum is a whole number of cents')
    .min(TIP_MIN_MINOR, `The minimum is at least ${TIP_MIN_MINOR} cents`)
    .max(TIP_MAX_MINOR, `The minimum is at most ${TIP_MAX_MINOR} cents`),
});
export type TipSettings = z.infer<typeof tipSettingsSchema>;

/** What a creator who never changed their tip settings takes. */
export const DEFAULT_TIP_SETTINGS: TipSettings = { enabled: true, currency: 'USD', minimumMinor: TIP_MIN_MINOR };

/** Where a tip was given: on a post, on the creator's profile, or in the tipper's chat with the creator (where it shows as a message). */
export const TIP_PLACES = ['post', 'profile', 'chat'] as const;
export type TipPlace = (typeof TIP_PLACES)[number];

export const tipRequestSchema = z
  .object({
    amountMinor: z.number().int('The amount is a whole number of cents'),
    currency: currencySchema,
    paymentMethodId: entityIdSchema,
    /** Made by the client once per attempt: sending it again returns the first outcome and never charges twice. */
    idempotencyKey: idempotencyKeySchema,
    message: z
      .string()
      .trim()
      .max(TIP_MESSAGE_MAX_LENGTH, `The message is at most ${TIP_MESSAGE_MAX_LENGTH} characters`)
      .transform((text) => text || null)
      .nullish(),
    /** The post the tip is given on; none when it is given on the profile or in a chat. */
    postId: entityIdSchema.nullish(),
    /** The tipper's chat with the creator, when the tip is given there. */
    chatId: entityIdSchema.nullish(),
  })
  .strict()
  .refine((tip) => !(tip.postId && tip.chatId), { message: 'A tip is given on a post or in a chat, not both.', path: ['chatId'] });
export type TipRequest = z.infer<typeof tipRequestSchema>;

export const tipSchema = z.object({
  id: entityIdSchema,
  creatorId: entityIdSchema,
  place: z.enum(TIP_PLACES),
  postId: entityIdSchema.nullable(),
  amountMinor: z.number().int(),
  currency: currencySchema,
  message: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Tip = z.infer<typeof tipSchema>;

/** Where a tip request is given. */
export const tipPlaceOf = (request: Pick<TipRequest, 'postId' | 'chatId'>): TipPlace =>
  request.postId ? 'post' : request.chatId ? 'chat' : 'profile';

/** Why an amount cannot be tipped to a creator, or null when it can. */
export type TipAmountProblem = 'tips_disabled' | 'wrong_currency' | 'below_minimum' | 'above_maximum';

/** The one rule for a tip's amount: the creator takes tips, in their currency, from their minimum to the platform's maximum. */
export function tipAmountProblem(amount: { amountMinor: number; currency: Currency }, settings: TipSettings): TipAmountProblem | null {
  if (!settings.enabled) return 'tips_disabled';
  if (amount.currency !== settings.currency) return 'wrong_currency';
  if (amount.amountMinor < settings.minimumMinor) return 'below_minimum';
  if (amount.amountMinor > TIP_MAX_MINOR) return 'above_maximum';
  return null;
}

/** What a member is told about an amount the rule refuses, in the creator's terms. */
export function tipAmountMessage(problem: TipAmountProblem, settings: TipSettings): string {
  const money = (amountMinor: number) => formatMoney({ amountMinor, currency: settings.currency });
  switch (problem) {
    case 'tips_disabled':
      return 'This creator does not take tips.';
    case 'wrong_currency':
      return `This creator takes tips in ${settings.currency}.`;
    case 'below_minimum':
      return `The smallest tip this creator takes is ${money(settings.minimumMinor)}.`;
    case 'above_maximum':
      return `A tip is at most ${money(TIP_MAX_MINOR)}.`;
  }
}
