import type { BotCheckAction } from '@aurum/core';
import { z } from 'zod';
import type { RecaptchaSettings } from '../config/config.js';

/** How long a verification may take before the check counts as unavailable. */
const VERIFY_TIMEOUT_MS = 5_000;

/** Google's siteverify answer (https://developers.google.com/recaptcha/docs/v3), the fields we decide on. */
const siteverifyAnswer = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * What a token says about whoever sent it: a person, a bot (or a token that is not valid for
 * this site and action), or nothing because the provider could not be asked.
 */
export type BotVerdict =
  | { verdict: 'person'; score: number }
  | { verdict: 'bot'; reason: string; score?: number | undefined }
  | { verdict: 'unavailable'; reason: string };

/**
 * reCAPTCHA v3 verification through its siteverify endpoint (a form POST with the secret, the
 * token and the client's address). A token counts as a person's when Google accepted it, it
 * was made for the expected action on this site's host, and its score reaches the minimum.
 */
export class RecaptchaVerifier {
  constructor(
    private readonly settings: Pick<RecaptchaSettings, 'secretKey' | 'minScore' | 'verifyUrl'>,
    /** The host the app is served on: tokens made on another site are refused. */
    private readonly expectedHostname: string,
  ) {}

  async verify(token: string, action: BotCheckAction, ip: string): Promise<BotVerdict> {
    let answer: z.infer<typeof siteverifyAnswer>;
    try {
      const response = await fetch(this.settings.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: this.settings.secretKey, response: token, remoteip: ip }),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!response.ok) return { verdict: 'unavailable', reason: `siteverify answered ${response.status}` };
      const parsed = siteverifyAnswer.safeParse(await response.json());
      if (!parsed.success) return { verdict: 'unavailable', reason: 'siteverify answered in an unknown shape' };
      answer = parsed.data;
    } catch (error) {
      return { verdict: 'unavailable', reason: `siteverify could not be reached: ${(error as Error).message}` };
    }
    if (!answer.success) return { verdict: 'bot', reason: `token refused (${(answer['error-codes'] ?? []).join(', ') || 'no reason'})` };
    if (answer.action !== action) return { verdict: 'bot', reason: `token made for action ${answer.action ?? 'none'}` };
    if (answer.hostname !== this.expectedHostname) return { verdict: 'bot', reason: `token made on ${answer.hostname ?? 'no host'}` };
    const score = answer.score ?? 0;
    if (score < this.settings.minScore) return { verdict: 'bot', reason: 'score below the minimum', score };
    return { verdict: 'person', score };
  }
}
