import { z } from './zod-config.js';

/**
 * What the browser needs of the server's settings (`GET /api/client-config`), read once per
 * page load: each background service's public part, or null when it is off.
 */
export const clientConfigSchema = z.object({
  /** reCAPTCHA v3 for the bot check: the site key and the script to load. */
  recaptcha: z.object({ siteKey: z.string(), scriptUrl: z.string() }).nullable(),
  /** Sentry for the browser's unexpected errors: the DSN (public by design), environment and release. */
  errorReporting: z.object({ dsn: z.string(), environment: z.string(), release: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
