import type { ProviderAccount } from '@aurum/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.js';
import { payoutProviderAccounts } from '../db/schema.js';
import type { PayoutProvider, ProviderAccountState } from './provider.js';

export type ProviderAccountRow = typeof payoutProviderAccounts.$inferSelect;

/** Reading and keeping creators' accounts at the providers that pay only such accounts (Stripe Connect). */
export const providerAccounts = {
  async of(executor: Executor, creatorId: string, provider: string): Promise<ProviderAccountRow | undefined> {
    const [row] = await executor
      .select()
      .from(payoutProviderAccounts)
      .where(and(eq(payoutProviderAccounts.creatorId, creatorId), eq(payoutProviderAccounts.provider, provider)));
    return row;
  },

  /** Keeps the account the creator opened (or opened again) and its state. */
  async save(executor: Executor, creatorId: string, provider: string, state: ProviderAccountState, at: Date): Promise<void> {
    const values = { ...state, updatedAt: at };
    await executor
      .insert(payoutProviderAccounts)
      .values({ creatorId, provider, ...values })
      .onConflictDoUpdate({ target: [payoutProviderAccounts.creatorId, payoutProviderAccounts.provider], set: values });
  },

  /** A provider's word on an account it knows by its id; false when it is no creator's account here. */
  async update(executor: Executor, provider: string, state: ProviderAccountState, at: Date): Promise<boolean> {
    const updated = await executor
      .update(payoutProviderAccounts)
      .set({ ...state, updatedAt: at })
      .where(and(eq(payoutProviderAccounts.provider, provider), eq(payoutProviderAccounts.externalId, state.externalId)))
      .returning({ creatorId: payoutProviderAccounts.creatorId });
    return updated.length > 0;
  },
};

/** How the creator's account stands, as `/creator/payouts` shows it; null when the provider needs none. */
export function providerAccountOf(provider: PayoutProvider | null, row: ProviderAccountRow | null | undefined): ProviderAccount | null {
  if (!provider?.onboarding) return null;
  if (!row) return { provider: provider.name, state: 'not_started', needs: [] };
  const state = row.payoutsEnabled ? 'ready' : row.disabledReason && row.detailsSubmitted ? 'disabled' : 'incomplete';
  return { provider: provider.name, state, needs: provider.onboarding.describe(row.requirements, row.disabledReason) };
}
