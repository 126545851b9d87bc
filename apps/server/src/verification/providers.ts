import type { Config } from '../config/config.js';
import { DevVerificationProvider } from './dev-provider.js';
import type { VerificationProvider } from './provider.js';
import { StripeIdentityProvider } from './stripe-provider.js';

/** The provider the configuration chose, or null when identity verification is off. */
export function createVerificationProvider(config: Config, now: () => Date): VerificationProvider | null {
  switch (config.verificationProvider) {
    case 'dev':
      return new DevVerificationProvider({ publicUrl: config.publicUrl, sessionSecret: config.sessionSecret, now });
    case 'stripe': {
      const { secretKey, identityWebhookSecret, apiBase } = config.stripe;
      // loadConfig refuses stripe without both secrets; this only narrows the types.
      if (!secretKey || !identityWebhookSecret)
        throw new Error('Stripe Identity needs STRIPE_SECRET_KEY and STRIPE_IDENTITY_WEBHOOK_SECRET');
      return new StripeIdentityProvider({ apiBase, secretKey, webhookSecret: identityWebhookSecret, now });
    }
    case null:
      return null;
  }
}
