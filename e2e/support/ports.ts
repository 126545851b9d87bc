/**
 * Loopback ports the browser journeys use: the app, and the stand-ins beside it.
 * `E2E_PORT_OFFSET` shifts them all, so two checkouts can run their journeys at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const APP_PORT = 5180 + offset;
/** The mail catcher's SMTP and HTTP sides. */
export const SMTP_PORT = 5125 + offset;
export const MAILBOX_PORT = 5126 + offset;
/** The reCAPTCHA stand-in: its script for the browser, siteverify for the app. */
export const RECAPTCHA_PORT = 5127 + offset;
/** The Sentry stand-in: where the app and the browser send error reports. */
export const SENTRY_PORT = 5128 + offset;
/** The OpenTelemetry collector stand-in: where the server exports, and relays the browser's exports to. */
export const OTLP_PORT = 5129 + offset;
/** By name, not address: browsers offer passkeys only to a domain (their relying party), never to an IP address. */
export const APP_URL = `http://localhost:${APP_PORT}`;
