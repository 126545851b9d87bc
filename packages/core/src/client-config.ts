import { PAYOUT_METHOD_TYPES } from './payouts.js';
import { z } from './zod-config.js';

/**
 * Where the browser sends its telemetry: this server, which relays it to the collector with
 * the collector's headers (`/v1/traces`, `/v1/metrics` beneath it).
 */
export const TELEMETRY_RELAY_PATH = '/api/telemetry';

/**
 * What the browser needs of the server's settings (`GET /api/client-config`), read once per
 * page load: each background service's public part, or null when it is off.
 */
export const clientConfigSchema = z.object({
  /** reCAPTCHA v3 for the bot check: the site key and the script to load. */
  recaptcha: z.object({ siteKey: z.string(), scriptUrl: z.string() }).nullable(),
  /** Sentry for the browser's unexpected errors: the DSN (public by design), environment and release. */
  errorReporting: z.object({ dsn: z.string(), environment: z.string(), release: z.string() }).nullable(),
  /** OpenTelemetry in the browser, exported through this server's relay (`TELEMETRY_RELAY_PATH`). */
  telemetry: z.object({ serviceName: z.string(), environment: z.string(), release: z.string() }).nullable(),
  /** PostHog session recording (production only), for users who turned it on: the project key and host. */
  sessionRecording: z.object({ projectKey: z.string(), host: z.string(), environment: z.string() }).nullable(),
  /** The kinds of payout method this server pays out to; a creator choosing another is told before they earn. */
  payoutMethodTypes: z.array(z.enum(PAYOUT_METHOD_TYPES)),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
