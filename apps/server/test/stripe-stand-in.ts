import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API Aurum uses, on loopback: it checks the
 * Bearer key and the form body as Stripe does, answers with Stripe-shaped JSON, and sends
 * webhooks signed the way Stripe signs them (`Stripe-Signature: t=...,v1=...`).
 */

export interface StandInSession {
  id: string;
  object: 'identity.verification_session';
  client_reference_id: string | null;
  client_secret: string;
  created: number;
  last_error: { code: string; reason: string } | null;
  last_verification_report: string | null;
  livemode: false;
  metadata: Record<string, string>;
  options: { document?: Record<string, boolean> };
  redaction: null;
  return_url: string | null;
  status: 'requires_input' | 'processing' | 'verified' | 'canceled';
  type: string;
  url: string | null;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

const STATUS_BY_EVENT = {
  'identity.verification_session.processing': 'processing',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.canceled': 'canceled',
} as const;
export type IdentityEventType = keyof typeof STATUS_BY_EVENT;

const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly requests: RecordedRequest[] = [];
  private readonly byIdempotencyKey = new Map<string, StandInSession>();
  private failNextWith: { status: number; message: string } | null = null;
  private server: Server | null = null;

  constructor(private readonly options: { secretKey: string; webhookSecret: string }) {}

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error) => this.send(response, 500, { error: { type: 'api_error', message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next API call answers with this error, as Stripe does when it is down or refuses. */
  failNext(status: number, message: string): void {
    this.failNextWith = { status, message };
  }

  /**
   * Moves a session to the event's status and delivers the event to `webhookUrl`, signed
   * with the endpoint secret. `secret` and `timestamp` can be overridden to forge bad ones.
   */
  async sendEvent(
    webhookUrl: string,
    type: IdentityEventType | string,
    sessionId: string,
    overrides: { lastError?: { code: string; reason: string }; secret?: string; timestamp?: number; eventId?: string } = {},
  ): Promise<{ response: Response; eventId: string; body: string; signature: string }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`stand-in has no session ${sessionId}`);
    if (type in STATUS_BY_EVENT) session.status = STATUS_BY_EVENT[type as IdentityEventType];
    session.last_error = overrides.lastError ?? (session.status === 'verified' ? null : session.last_error);
    if (session.status === 'verified' || session.status === 'canceled') session.url = null;
    const eventId = overrides.eventId ?? stripeId('evt');
    const timestamp = overrides.timestamp ?? Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-06-30.basil',
      created: timestamp,
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = this.sign(body, timestamp, overrides.secret ?? this.options.webhookSecret);
    const response = await this.deliver(webhookUrl, body, signature);
    return { response, eventId, body, signature };
  }

  /** Delivers a body with a given signature header, e.g. to resend an event unchanged. */
  deliver(webhookUrl: string, body: string, signature: string): Promise<Response> {
    return fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signature,
      },
      body,
    });
  }

  private sign(body: string, timestamp: number, secret: string): string {
    return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method: request.method ?? '', path, headers: request.headers, form });

    if (request.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      return this.send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    }
    if (this.failNextWith) {
      const { status, message } = this.failNextWith;
      this.failNextWith = null;
      return this.send(response, status, { error: { type: 'api_error', message } });
    }
    if (request.method === 'POST' && path === '/v1/identity/verification_sessions') {
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return this.send(response, 400, { error: { type: 'invalid_request_error', message: 'Expected a form-encoded body' } });
      }
      const type = form.get('type');
      if (type !== 'document' && type !== 'id_number') {
        return this.send(response, 400, {
          error: { type: 'invalid_request_error', param: 'type', message: 'Invalid type: must be one of document, id_number' },
        });
      }
      const key = request.headers['idempotency-key'];
      const earlier = typeof key === 'string' ? this.byIdempotencyKey.get(key) : undefined;
      if (earlier) return this.send(response, 200, earlier);
      const session = this.createSession(form, type);
      if (typeof key === 'string') this.byIdempotencyKey.set(key, session);
      return this.send(response, 200, session);
    }
    return this.send(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
    });
  }

  private createSession(form: URLSearchParams, type: string): StandInSession {
    const id = stripeId('vs');
    const metadata: Record<string, string> = {};
    const document: Record<string, boolean> = {};
    for (const [name, value] of form) {
      const meta = /^metadata\[(\w+)\]$/.exec(name);
      if (meta?.[1]) metadata[meta[1]] = value;
      const option = /^options\[document\]\[(\w+)\]$/.exec(name);
      if (option?.[1]) document[option[1]] = value === 'true';
    }
    const session: StandInSession = {
      id,
      object: 'identity.verification_session',
      client_reference_id: form.get('client_reference_id'),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: Math.floor(Date.now() / 1000),
      last_error: null,
      last_verification_report: null,
      livemode: false,
      metadata,
      options: Object.keys(document).length > 0 ? { document } : {},
      redaction: null,
      return_url: form.get('return_url'),
      status: 'requires_input',
      type,
      url: `https://verify.stripe.com/start/test_${randomBytes(16).toString('hex')}`,
    };
    this.sessions.set(id, session);
    return session;
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
    response.end(JSON.stringify(body));
  }
}
