import type { IncomingHttpHeaders } from 'node:http';
import type { VerificationStatus } from '@aurum/core';
import { z } from 'zod';
import { eventObject, postToStripe, type StripeAnswer, stripeErrorOf, verifiedStripeEvent } from '../integrations/stripe/api.js';
import { type CreateSessionInput, type ProviderEvent, type VerificationProvider, VerificationProviderError } from './provider.js';

const sessionResponseSchema = z.object({ id: z.string().min(1), url: z.string().min(1) });

const sessionObjectSchema = z.object({
  id: z.string().min(1),
  last_error: z.object({ code: z.string().nullish(), reason: z.string().nullish() }).nullish(),
});

/** The session events that move a verification; Stripe's other events change nothing here. */
const STATUS_BY_EVENT: Record<string, VerificationStatus> = {
  'identity.verification_session.verified': 'approved',
  'identity.verification_session.processing': 'pending',
  'identity.verification_session.requires_input': 'declined',
  'identity.verification_session.canceled': 'expired',
};

export interface StripeIdentityOptions {
  apiBase: string;
  secretKey: string;
  webhookSecret: string;
  now: () => Date;
}

/**
 * Stripe Identity: a document check with a matching selfie. The user is sent to the
 * session's hosted `url`; results arrive as `identity.verification_session.*` webhooks
 * signed with the endpoint secret.
 */
export class StripeIdentityProvider implements VerificationProvider {
  readonly name = 'stripe';

  constructor(private readonly options: StripeIdentityOptions) {}

  async createSession(input: CreateSessionInput): Promise<{ providerSessionId: string; url: string }> {
    const form = new URLSearchParams({
      type: 'document',
      // A selfie matched to the document stops someone using another person's ID to pass the age check.
      'options[document][require_matching_selfie]': 'true',
      client_reference_id: input.userId,
      'metadata[user_id]': input.userId,
      'metadata[verification_request_id]': input.requestId,
      'metadata[session_type]': input.sessionType,
      return_url: input.returnUrl,
    });
    let answer: StripeAnswer;
    try {
      // A retried request with the same key returns the same session instead of a second one.
      answer = await postToStripe(this.options, '/v1/identity/verification_sessions', form, input.requestId);
    } catch (error) {
      throw new VerificationProviderError('Stripe could not be reached', { cause: error });
    }
    if (!answer.ok) {
      const message = stripeErrorOf(answer)?.message ?? 'no error message';
      throw new VerificationProviderError(`Stripe refused to create a verification session (${answer.status}): ${message}`);
    }
    const session = sessionResponseSchema.safeParse(answer.body);
    if (!session.success) throw new VerificationProviderError('Stripe answered without a session id and url');
    return { providerSessionId: session.data.id, url: session.data.url };
  }

  parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): ProviderEvent | null {
    const event = verifiedStripeEvent(headers, rawBody, { secret: this.options.webhookSecret, now: this.options.now() });
    const status = STATUS_BY_EVENT[event.type];
    if (!status) return null;
    const session = eventObject(event, sessionObjectSchema);
    const lastError = session.last_error;
    // requires_input without an error is a session still waiting for the user, not a failed check.
    if (status === 'declined' && !lastError) return { eventId: event.id, providerSessionId: session.id, status: 'pending' };
    return {
      eventId: event.id,
      providerSessionId: session.id,
      status,
      reason: status === 'declined' ? (lastError?.reason ?? lastError?.code ?? undefined) : undefined,
    };
  }
}
