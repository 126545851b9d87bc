import type { IncomingHttpHeaders } from 'node:http';
import type { DisputeFunds, DisputeStatus, PaymentsConfig } from '@aurum/core';

/** A payment method as the provider describes it after attaching the browser's token to a customer. */
export interface AttachedPaymentMethod {
  /** The provider's id for the method (Stripe `pm_...`); what later charges name. */
  providerRef: string;
  type: 'card' | 'paypal';
  brand: string | null;
  last4: string | null;
  email: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface ChargeRequest {
  /** Sent to the provider as its idempotency key: asking again with it returns the first payment, never a second one. */
  idempotencyKey: string;
  customerRef: string;
  methodRef: string;
  amountMinor: number;
  /** ISO 4217, upper case. */
  currency: string;
  description: string;
  /** True for renewals: the member is not present to confirm anything. */
  offSession: boolean;
  metadata: Record<string, string>;
}

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  /** Still being processed (a bank transfer, a pending 3-D Secure check): settled later by a webhook or the reconciler. */
  | { status: 'pending'; providerRef: string }
  | { status: 'failed'; providerRef: string | null; code: string; message: string };

/** Gives back all or part of a successful payment. */
export interface RefundRequest {
  /** Sent to the provider as its idempotency key: asking again with it returns the first refund, never a second one. */
  idempotencyKey: string;
  /** The provider's id for the payment (a settled charge's `providerRef`). */
  paymentRef: string;
  /** At most what is left of the payment after earlier refunds. */
  amountMinor: number;
  /** ISO 4217, upper case: the payment's. */
  currency: string;
  metadata: Record<string, string>;
}

/** A refund's outcome, shaped as a charge's: a refusal (already refunded, more than was paid) is `failed`. */
export type RefundResult = ChargeResult;

/**
 * A dispute of a payment as the provider reports it: its whole state in every notification, so
 * notifications repeated or out of order are read the same way.
 */
export interface DisputeReport {
  /** The provider's id for the dispute (Stripe `dp_...`). */
  providerRef: string;
  /** The provider's id for the disputed payment: our charge's `providerRef`. */
  paymentRef: string;
  amountMinor: number;
  /** ISO 4217, upper case: the payment's. */
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueBy: Date | null;
  /** Where an admin submits evidence; null where the provider has no such page. */
  evidenceUrl: string | null;
  /** What the provider took from the platform and gave back. */
  funds: DisputeFunds;
}

/** A provider's notification, read from a signed webhook: a payment's outcome or a dispute's state. */
export type PaymentEvent =
  /** `chargeId`: the idempotency key our charge was made with, echoed back as metadata. */
  | { type: 'charge'; eventId: string; chargeId: string; result: ChargeResult }
  | { type: 'dispute'; eventId: string; dispute: DisputeReport };

/**
 * A payment provider. Every call is safe to repeat: charges and refunds carry an idempotency
 * key, and customers and methods are looked up before they are created. Declines are results, not
 * errors; PaymentProviderError is for a provider that could not be reached or answered
 * something unexpected, where the outcome of a charge is unknown until asked again.
 */
export interface PaymentProvider {
  readonly name: 'dev' | 'stripe';
  /** What the browser needs to collect payment details. */
  clientConfig(): PaymentsConfig;
  /** The member's customer at the provider, created the first time. */
  createCustomer(input: { userId: string; email: string }): Promise<string>;
  /** Attaches the token the browser got for a card or PayPal account to the customer; 400-class problems throw PaymentMethodRejected. */
  attachPaymentMethod(input: { customerRef: string; token: string }): Promise<AttachedPaymentMethod>;
  detachPaymentMethod(input: { customerRef: string; methodRef: string }): Promise<void>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Checks the signature (400 webhook_signature_invalid when it fails) and reads the event; null for events about nothing we track. */
  parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): PaymentEvent | null;
}

/** The provider could not be reached or answered unexpectedly: the outcome is unknown, try again with the same key. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The provider refused the payment details themselves (an invalid or expired card, an unknown token). */
export class PaymentMethodRejected extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentMethodRejected';
  }
}
