import type { PayoutProvider, PayoutResult } from './provider.js';

/**
 * Manual bank transfer: nothing leaves Aurum. The payout waits in flight until an admin, who
 * exported the bank details and paid it from the platform's bank, marks it paid or failed.
 */
export class ManualPayoutProvider implements PayoutProvider {
  readonly name = 'manual';
  readonly pays = ['bank_account'] as const;
  readonly needsSealedBankDetails = true;

  async send(): Promise<PayoutResult> {
    return { status: 'in_flight', providerRef: null };
  }
}
