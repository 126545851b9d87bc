import { currencySchema } from './plans.js';
import { z } from './zod-config.js';

/** The price of one piece of content sold on its own (a paid message, a paid post), in minor units: from 1.00 to 500.00. */
export const CONTENT_PRICE_MIN_MINOR = 100;
export const CONTENT_PRICE_MAX_MINOR = 50_000;

export const contentPriceSchema = z.object({
  amountMinor: z
    .number()
    .int('The price is a whole number of cents')
    .min(CONTENT_PRICE_MIN_MINOR, `The price is at least ${CONTENT_PRICE_MIN_MINOR} cents`)
    .max(CONTENT_PRICE_MAX_MINOR, `The price is at most ${CONTENT_PRICE_MAX_MINOR} cents`),
  currency: currencySchema,
});
export type ContentPrice = z.infer<typeof contentPriceSchema>;
