import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { signWebhookPayload, verifiedWebhookJson, webhookPayloadInvalid } from '../integrations/stripe/webhook-signature.js';
import type { CreateSessionInput, ProviderEvent, VerificationProvider } from './provider.js';

export const DEV_SIGNATURE_HEADER = 'aurum-dev-signature';
export const DEV_DECISIONS = ['approve', 'decline'] as const;
export type DevDecision = (typeof DEV_DECISIONS)[number];

const devEventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['verification.approved', 'verification.declined']),
  sessionId: z.string().min(1),
  created: z.number().int(),
});

/**
 * The built-in development provider: no real identity check. Its session page (served by
 * this app under /dev/verification) lets a tester approve or decline; the decision comes
 * back as a signed webhook through the same route and code path as a real provider's.
 */
export class DevVerificationProvider implements VerificationProvider {
  readonly name = 'dev';
  private readonly webhookSecret: string;

  constructor(private readonly deps: { publicUrl: string; sessionSecret: string; now: () => Date }) {
    // Derived, so nobody outside the server can sign a development decision.
    this.webhookSecret = createHmac('sha256', deps.sessionSecret).update('dev-verification-webhook').digest('hex');
  }

  async createSession(input: CreateSessionInput): Promise<{ providerSessionId: string; url: string }> {
    // The session id is the only key to its page, so it is random rather than guessable.
    const providerSessionId = `devvs_${randomBytes(16).toString('hex')}`;
    const url = `${this.deps.publicUrl}/dev/verification/${providerSessionId}?return=${encodeURIComponent(input.returnUrl)}`;
    return { providerSessionId, url };
  }

  parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): ProviderEvent | null {
    const json = verifiedWebhookJson({ header: headers[DEV_SIGNATURE_HEADER], rawBody, secret: this.webhookSecret, now: this.deps.now() });
    const event = devEventSchema.safeParse(json);
    if (!event.success) throw webhookPayloadInvalid();
    const approved = event.data.type === 'verification.approved';
    return {
      eventId: event.data.id,
      providerSessionId: event.data.sessionId,
      status: approved ? 'approved' : 'declined',
      reason: approved ? undefined : 'Declined in the development verification provider',
    };
  }

  /** The webhook the development provider sends when the tester presses Approve or Decline. */
  signedDecision(sessionId: string, decision: DevDecision): { headers: Record<string, string>; body: string } {
    const created = Math.floor(this.deps.now().getTime() / 1000);
    const body = JSON.stringify({
      id: `devevt_${randomBytes(12).toString('hex')}`,
      type: decision === 'approve' ? 'verification.approved' : 'verification.declined',
      sessionId,
      created,
    });
    return {
      headers: { 'content-type': 'application/json', [DEV_SIGNATURE_HEADER]: signWebhookPayload(this.webhookSecret, body, created) },
      body,
    };
  }
}
