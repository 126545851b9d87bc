import { publicProfileSchema } from './api-types.js';
import { planSchema } from './plans.js';
import { z } from './zod-config.js';

/** Everything the creator profile page shows besides the post grid (which pages separately). */
export const profilePageSchema = publicProfileSchema.extend({
  bio: z.string().nullable(),
  /** Same-origin image URLs; null when the user has none (the browser shows the default avatar). */
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  /** The creator's active plans, cheapest first; empty for members. */
  plans: z.array(planSchema),
  /** Whether the viewer follows this user. */
  following: z.boolean(),
  /** Whether the viewer blocked this user. */
  blocked: z.boolean(),
  /** Whether this creator takes tips now (their tip settings); false for members. */
  takesTips: z.boolean(),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;
