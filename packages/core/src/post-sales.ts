import { contentPriceSchema } from './content-price.js';
import { entityIdSchema } from './posts.js';
import { idempotencyKeySchema } from './subscriptions.js';
import { z } from './zod-config.js';

/**
 * Buying a post sold on its own with a saved method, at the price the member was shown (a
 * changed price is refused rather than charged); the key is made once per attempt, so sending
 * it again answers the first outcome and never charges twice.
 */
export const postPurchaseRequestSchema = z
  .object({ paymentMethodId: entityIdSchema, idempotencyKey: idempotencyKeySchema, price: contentPriceSchema })
  .strict();
export type PostPurchaseRequest = z.infer<typeof postPurchaseRequestSchema>;
