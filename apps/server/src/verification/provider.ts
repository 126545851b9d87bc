import type { IncomingHttpHeaders } from 'node:http';
import type { VerificationStatus } from '@aurum/core';

/** What a provider tells us about one of its sessions. */
export interface ProviderEvent {
  /** The provider's id for this notification; a repeated delivery carries the same id. */
  eventId: string;
  providerSessionId: string;
  status: VerificationStatus;
  reason?: string | undefined;
}

export interface CreateSessionInput {
  /** Our verification request id: the provider keeps it as metadata and as the idempotency key. */
  requestId: string;
  userId: string;
  /** What is checked; the product asks for `age`. */
  sessionType: string;
  /** Where the provider sends the user when they are done. */
  returnUrl: string;
}

/** An identity and age verification provider: starts sessions and reads its signed webhooks. */
export interface VerificationProvider {
  readonly name: string;
  createSession(input: CreateSessionInput): Promise<{ providerSessionId: string; url: string }>;
  /**
   * Checks the webhook's signature (400 webhook_signature_invalid when it fails) and reads
   * the event; null for events that change no session's status.
   */
  parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): ProviderEvent | null;
}

/** The provider could not be reached or refused the request; the message is for the logs. */
export class VerificationProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VerificationProviderError';
  }
}
