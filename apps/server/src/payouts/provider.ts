import type { PayoutMethodType, PayoutProviderName } from '@aurum/core';

/** Where a payout goes, as the creator's payout method shows it (full bank numbers are never kept). */
export type PayoutDestination =
  | { type: 'paypal'; label: string; email: string }
  | { type: 'bank_account'; label: string; holderName: string; country: string; currency: string; last4: string };

export interface PayoutRequest {
  /** Sent as the provider's idempotency key: asking again with it returns the first payout, never a second one. */
  idempotencyKey: string;
  creatorId: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  destination: PayoutDestination;
}

export type PayoutResult =
  /** The money reached the creator's account. */
  | { status: 'paid'; providerRef: string }
  /** The provider took the payout; its outcome comes later (a webhook, a poll, an admin's mark). */
  | { status: 'in_flight'; providerRef: string | null }
  /** Refused; nothing was sent. */
  | { status: 'failed'; providerRef: string | null; code: string; message: string };

/**
 * A payout provider. `send` is safe to repeat with the same key; a refusal is a result, and
 * PayoutProviderError is for a provider that could not be reached or answered something
 * unexpected, where whether money moved is unknown until asked again with the same key.
 */
export interface PayoutProvider {
  readonly name: PayoutProviderName;
  /** The kinds of payout method it pays. */
  readonly pays: readonly PayoutMethodType[];
  /** Pays bank accounts from their sealed full details (an admin's transfer), so a method without them cannot be paid. */
  readonly needsSealedBankDetails?: boolean;
  send(request: PayoutRequest): Promise<PayoutResult>;
}

export class PayoutProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutProviderError';
  }
}
