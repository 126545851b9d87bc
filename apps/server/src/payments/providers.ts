import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { DevPaymentProvider } from './dev-provider.js';
import type { PaymentProvider } from './provider.js';
import { StripePaymentProvider } from './stripe-provider.js';

/** The payment provider the configuration chose, or null when payments are off. */
export function createPaymentProvider(config: Config, deps: { db: Database; now: () => Date }): PaymentProvider | null {
  switch (config.paymentProvider) {
    case 'dev':
      return new DevPaymentProvider(deps);
    case 'stripe': {
      const { secretKey, publishableKey, paymentsWebhookSecret, apiBase } = config.stripe;
      // loadConfig refuses stripe without these; this only narrows the types.
      if (!secretKey || !publishableKey || !paymentsWebhookSecret)
        throw new Error('Stripe payments need STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_PAYMENTS_WEBHOOK_SECRET');
      return new StripePaymentProvider({ apiBase, secretKey, publishableKey, webhookSecret: paymentsWebhookSecret, now: deps.now });
    }
    case null:
      return null;
  }
}
