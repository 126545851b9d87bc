import { type Currency, formatMoney, type PayoutMethod, type PayoutSchedule, type WithdrawBlock } from '@aurum/core';
import type { PayoutSettings } from '../config/config.js';
import { type AppError, errors } from '../http/errors.js';
import type { PayoutProvider } from './provider.js';
import type { CreatorPayoutSettingsRow } from './settings.js';

/** The rules of paying a creator, as pure functions: what blocks a payout, and what the creator is told. */

/** The smallest payout of a currency on this server. */
export function minimumPayout(settings: PayoutSettings, currency: Currency): number {
  return settings.minimumMinor[currency] ?? settings.minimumMinor.default;
}

export interface PayoutState {
  /** The available balance, in minor units. */
  available: number;
  minimum: number;
  settings: CreatorPayoutSettingsRow | undefined;
  method: PayoutMethod | null;
  /** The method keeps its bank details sealed, for a provider that pays from them. */
  detailsSealed: boolean;
  /** Who pays the method on this server; null when nobody does. */
  provider: PayoutProvider | null;
  /** The creator's account at that provider, when it pays only such accounts. */
  providerAccount: { payoutsEnabled: boolean } | null | undefined;
  at: Date;
}

/** Why the balance cannot be paid out now, the gravest first (an admin's hold before the amount); null when it can. */
export function withdrawBlock(state: PayoutState): WithdrawBlock | null {
  const { available, minimum, settings, method, detailsSealed, provider, providerAccount, at } = state;
  if (settings?.payoutsHeldAt) return 'held';
  if (!method) return 'no_method';
  if (!provider) return 'method_unsupported';
  if (provider.onboarding && !providerAccount?.payoutsEnabled) return 'provider_onboarding';
  if (provider.needsSealedBankDetails && method.type === 'bank_account' && !detailsSealed) return 'bank_details_missing';
  if (settings?.methodChangePauseUntil && settings.methodChangePauseUntil > at) return 'method_changed';
  if (available < 0) return 'negative';
  if (available < minimum) return 'below_minimum';
  return null;
}

/** The refusal a block answers a payout with. */
export function refusalOf(block: WithdrawBlock, state: Pick<PayoutState, 'minimum' | 'settings'> & { currency: Currency }): AppError {
  switch (block) {
    case 'held':
      return errors.payoutsHeld();
    case 'no_method':
      return errors.payoutMethodMissing();
    case 'method_unsupported':
      return errors.payoutMethodUnsupported();
    case 'provider_onboarding':
      return errors.payoutOnboardingNeeded();
    case 'bank_details_missing':
      return errors.payoutBankDetailsMissing();
    case 'method_changed': {
      const until = state.settings?.methodChangePauseUntil;
      return errors.payoutsPaused(
        until ? { message: `Your payout method changed, so payouts wait until ${until.toUTCString()} to make sure it was you.` } : {},
      );
    }
    case 'negative':
    case 'below_minimum':
      return errors.payoutBelowMinimum({
        message: `The smallest payout is ${formatMoney({ amountMinor: state.minimum, currency: state.currency })}; your available balance is below it.`,
      });
  }
}

/** The automatic schedule a creator chose; manual without settings. */
export function scheduleOf(settings: CreatorPayoutSettingsRow | undefined): PayoutSchedule {
  if (settings?.schedule === 'weekly' || settings?.schedule === 'monthly')
    return { kind: settings.schedule, day: settings.scheduleDay ?? 1 };
  return { kind: 'manual' };
}
