import { RECAPTCHA_PORT } from './ports.js';

/** The keys the app and the reCAPTCHA stand-in share in the journeys. */
export const RECAPTCHA_KEYS = { site: 'e2e-site-key', secret: 'e2e-secret-key' };

/** Sets the score the stand-in gives every token from now on (a person: 0.9; a bot: below 0.5). */
export async function setBotScore(score: number): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${RECAPTCHA_PORT}/stand-in/score`, { method: 'PUT', body: String(score) });
  if (!response.ok) throw new Error(`the reCAPTCHA stand-in refused the score: ${await response.text()}`);
}
