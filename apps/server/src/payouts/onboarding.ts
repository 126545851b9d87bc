import type { PayoutMethod } from '@aurum/core';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { users } from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { PayoutMethodsService } from './methods.js';
import { type PayoutOnboarding, type PayoutProvider, PayoutProviderError } from './provider.js';
import { providerAccounts } from './provider-accounts.js';
import { providerFor } from './providers.js';

export interface PayoutOnboardingDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  methods: PayoutMethodsService;
  providers: readonly PayoutProvider[];
  publicUrl: string;
}

/** Where the provider's onboarding sends the creator back: done (or left), or the link expired. */
export const ONBOARDING_RETURN = { done: 'return', expired: 'refresh' } as const;

type OnboardingProvider = PayoutProvider & { onboarding: PayoutOnboarding };
const needsAccount = (provider: PayoutProvider | null): provider is OnboardingProvider => Boolean(provider?.onboarding);

/**
 * The creator's side of a provider that pays only accounts the creator opens with it (Stripe
 * Connect): the link to its onboarding, and the account's state read again when they come back
 * (its webhooks are `PayoutProviderEvents`').
 */
export class PayoutOnboardingService {
  constructor(private readonly deps: PayoutOnboardingDeps) {}

  /** Opens the creator's account at the provider of their active method on first use, and answers the link to finish it. */
  async link(creatorId: string): Promise<{ url: string }> {
    const { db } = this.deps;
    const { provider, method } = await this.onboardingOf(creatorId);
    const [existing, [user]] = await Promise.all([
      providerAccounts.of(db, creatorId, provider.name),
      db.select({ email: users.email }).from(users).where(eq(users.id, creatorId)),
    ]);
    // Stripe Connect, the one such provider, pays bank accounts and opens the account in their country.
    if (!user || method.type !== 'bank_account') throw errors.payoutOnboardingNotNeeded();
    const pageUrl = `${this.deps.publicUrl}/creator/payouts?onboarding=`;
    // An account the creator disconnected from the platform cannot be linked again: they open a new one.
    const reusable = existing && existing.disabledReason !== 'platform_disconnected' ? existing.externalId : null;
    const { url, account } = await this.asked(() =>
      provider.onboarding.link(
        { id: creatorId, email: user.email, country: method.details.country, existing: reusable },
        { returnUrl: `${pageUrl}${ONBOARDING_RETURN.done}`, refreshUrl: `${pageUrl}${ONBOARDING_RETURN.expired}` },
      ),
    );
    await providerAccounts.save(db, creatorId, provider.name, account, this.deps.now());
    return { url };
  }

  /** Reads the account again from the provider: the creator came back from its onboarding before its webhook did. */
  async refresh(creatorId: string): Promise<void> {
    const { db } = this.deps;
    const { provider } = await this.onboardingOf(creatorId);
    const existing = await providerAccounts.of(db, creatorId, provider.name);
    if (!existing) return;
    const account = await this.asked(() => provider.onboarding.read(existing.externalId));
    await providerAccounts.save(db, creatorId, provider.name, account, this.deps.now());
  }

  /** The creator's active method and the provider that pays it, when that provider needs an account. */
  private async onboardingOf(creatorId: string): Promise<{ provider: OnboardingProvider; method: PayoutMethod }> {
    const method = (await this.deps.methods.active(this.deps.db, creatorId))?.method;
    if (!method) throw errors.payoutMethodMissing();
    const provider = providerFor(this.deps.providers, method.type);
    if (!needsAccount(provider)) throw errors.payoutOnboardingNotNeeded();
    return { provider, method };
  }

  private async asked<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof PayoutProviderError)) throw error;
      this.deps.logger.warn({ err: error }, 'payout provider did not answer about a creator account');
      throw errors.payoutProviderUnavailable();
    }
  }
}
