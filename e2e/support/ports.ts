/** Loopback ports the browser journeys use: the app, and the mail catcher's SMTP and HTTP sides. */
export const APP_PORT = 5180;
export const SMTP_PORT = 5125;
export const MAILBOX_PORT = 5126;
/** The reCAPTCHA stand-in: its script for the browser, siteverify for the app. */
export const RECAPTCHA_PORT = 5127;
/** The Sentry stand-in: where the app and the browser send error reports. */
export const SENTRY_PORT = 5128;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
