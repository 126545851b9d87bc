import type { BotCheckAction, ClientConfig } from '@aurum/core';
import type { Logger } from 'pino';
import type { RecaptchaSettings } from '../config/config.js';
import { errors } from '../http/errors.js';
import { RecaptchaVerifier } from './recaptcha.js';

export interface BotCheckDeps {
  /** reCAPTCHA v3's settings; null turns the check off. */
  recaptcha: RecaptchaSettings | null;
  publicUrl: string;
  logger: Logger;
}

/**
 * The bot check on requests that cost us something for anyone who asks (a sign-in code is an
 * e-mail sent). Off unless reCAPTCHA keys are configured. Its answer never depends on the
 * account, so it tells nothing about whether an address is registered. When the provider
 * cannot be asked the request goes through, logged: the per-address and per-IP rate limits
 * still hold, and an outage at Google must not lock every member out.
 */
export class BotCheck {
  private readonly verifier: RecaptchaVerifier | null;

  constructor(private readonly deps: BotCheckDeps) {
    this.verifier = deps.recaptcha ? new RecaptchaVerifier(deps.recaptcha, new URL(deps.publicUrl).hostname) : null;
  }

  /** What the browser needs to run the check. */
  clientConfig(): ClientConfig['recaptcha'] {
    const { recaptcha } = this.deps;
    return recaptcha ? { siteKey: recaptcha.siteKey, scriptUrl: recaptcha.scriptUrl } : null;
  }

  /** Passes a person; refuses a missing token (400 `bot_check_required`) and a bot (403 `bot_check_failed`). */
  async requirePerson(token: string | undefined, action: BotCheckAction, ip: string): Promise<void> {
    if (!this.verifier) return;
    if (!token) throw errors.botCheckRequired();
    const result = await this.verifier.verify(token, action, ip);
    if (result.verdict === 'bot') {
      this.deps.logger.info({ action, ip, reason: result.reason, score: result.score }, 'bot check refused a request');
      throw errors.botCheckFailed();
    }
    if (result.verdict === 'unavailable') {
      this.deps.logger.warn({ action, ip, reason: result.reason }, 'bot check unavailable: request let through');
    }
  }
}
