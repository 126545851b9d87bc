import type { IncomingHttpHeaders } from 'node:http';
import type { PayoutMethodType, PayoutProviderName } from '@aurum/core';

/**
 * Where a payout goes, as the creator's payout method shows it (full bank numbers are never
 * kept), and the creator's account at a provider that pays only such accounts (Stripe Connect)
 * when the payout was made.
 */
export type PayoutDestination = (
  | { type: 'paypal'; label: string; email: string }
  | { type: 'bank_account'; label: string; holderName: string; country: string; currency: string; last4: string }
) & { providerAccountId?: string };

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
  | {
      status: 'failed';
      providerRef: string | null;
      code: string;
      message: string;
      /** The money came back after it had arrived (PayPal: refunded or reversed): a paid payout fails too. */
      returned?: boolean;
    };

/** A creator's account at a provider, as the provider last said it is. */
export interface ProviderAccountState {
  externalId: string;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** What the provider still needs, in its own names. */
  requirements: string[];
  disabledReason: string | null;
}

/**
 * For a provider that pays only into an account the creator opens with it (Stripe Connect):
 * the creator goes through the provider's onboarding, and the provider tells when the account
 * can be paid.
 */
export interface PayoutOnboarding {
  /**
   * Where the creator opens (on first use) or finishes their account, coming back to
   * `returnUrl`, or to `refreshUrl` when the link expired. Answers the account as it stands.
   */
  link(
    creator: { id: string; email: string; country: string; existing: string | null },
    urls: { returnUrl: string; refreshUrl: string },
  ): Promise<{
    url: string;
    account: ProviderAccountState;
  }>;
  /** Asks the provider how the account stands now (the creator came back before its webhook). */
  read(externalId: string): Promise<ProviderAccountState>;
  /** What the provider still needs from the creator, and why it stopped the account, as sentences. */
  describe(requirements: readonly string[], disabledReason: string | null): string[];
}

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
  /** Present when the provider pays only accounts the creator opens with it. */
  readonly onboarding?: PayoutOnboarding;
  /**
   * A provider that calls back: reads a webhook from its raw body, or throws webhook_signature_invalid
   * or webhook_payload_invalid. Null for an event that changes no payout here.
   */
  parseWebhook?(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<PayoutProviderEvent | null>;
  /**
   * A provider that can be asked: where an in-flight payout stands now, for a webhook that never
   * came, and after an event of one of its payouts that leaves it in flight (it may have to act first).
   */
  check?(payout: InFlightPayout): Promise<PayoutResult>;
}

/** What a provider tells of its own accord: a payout's outcome, or how a creator's account at it stands. */
export type PayoutProviderEvent =
  | { type: 'payout_settled'; payoutId: string; result: PayoutResult }
  | { type: 'account_updated'; account: ProviderAccountState };

export interface InFlightPayout {
  /** The payout's id, which was its idempotency key. */
  id: string;
  /** What `send` answered with. */
  providerRef: string | null;
}

export class PayoutProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayoutProviderError';
  }
}
