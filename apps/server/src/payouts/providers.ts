import type { PayoutMethodType } from '@aurum/core';
import type { Config, PayoutSettings } from '../config/config.js';
import type { Database } from '../db/database.js';
import { DevPayoutProvider } from './dev-provider.js';
import { ManualPayoutProvider } from './manual-provider.js';
import { PayPalPayoutProvider } from './paypal-provider.js';
import type { PayoutProvider } from './provider.js';
import { StripeConnectPayoutProvider } from './stripe-connect.js';

/** The payout providers the operator turned on, in the order they were listed. */
export function createPayoutProviders(
  settings: PayoutSettings,
  stripe: Config['stripe'],
  deps: { db: Database; now: () => Date },
): PayoutProvider[] {
  return settings.providers.map((name) => {
    switch (name) {
      case 'development':
        return new DevPayoutProvider(deps);
      case 'stripe_connect': {
        // The configuration requires both when stripe_connect is listed.
        if (!stripe.secretKey || !stripe.connectWebhookSecret)
          throw new Error('Stripe Connect needs STRIPE_SECRET_KEY and STRIPE_CONNECT_WEBHOOK_SECRET');
        return new StripeConnectPayoutProvider({
          apiBase: stripe.apiBase,
          secretKey: stripe.secretKey,
          webhookSecret: stripe.connectWebhookSecret,
          now: deps.now,
        });
      }
      case 'manual':
        return new ManualPayoutProvider();
      case 'paypal':
        // The config refuses paypal without its keys; null here is a config built by hand.
        if (!settings.paypal) throw new Error('the paypal payout provider needs its PayPal settings');
        return new PayPalPayoutProvider(settings.paypal);
      default:
        throw new Error(`no adapter for the ${name} payout provider`);
    }
  });
}

/** Who pays a kind of payout method: the first provider turned on that pays it; null when none does. */
export function providerFor(providers: readonly PayoutProvider[], type: PayoutMethodType): PayoutProvider | null {
  return providers.find((provider) => provider.pays.includes(type)) ?? null;
}
