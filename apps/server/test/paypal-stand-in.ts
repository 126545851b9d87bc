import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A local stand-in for PayPal's Payouts API on loopback: OAuth client credentials with Basic
 * auth, Bearer tokens that expire, PayPal-Request-Id idempotency and sender_batch_id duplicates
 * refused with a link to the first batch, payout items whose fate the receiver address decides
 * (as test cards do), cancelling unclaimed items, and webhooks it signs and alone can verify
 * through verify-webhook-signature, as PayPal's are.
 *
 * Receiver addresses by how they start: `unclaimed` (no PayPal account), `returned`, `failed`,
 * `blocked`, `onhold` (under review: stays pending); any other is paid.
 */

export interface StandInPayoutItem {
  payout_item_id: string;
  transaction_id: string | null;
  transaction_status: 'PENDING' | 'SUCCESS' | 'UNCLAIMED' | 'RETURNED' | 'FAILED' | 'BLOCKED' | 'ONHOLD' | 'REFUNDED' | 'REVERSED';
  payout_batch_id: string;
  payout_item: {
    recipient_type: string;
    amount: { value: string; currency: string };
    receiver: string;
    sender_item_id: string;
    note?: string;
  };
  errors?: { name: string; message: string };
  time_processed: string | null;
}

export interface StandInBatch {
  batch_header: {
    payout_batch_id: string;
    batch_status: 'PENDING' | 'SUCCESS';
    time_created: string;
    sender_batch_header: { sender_batch_id: string; recipient_type?: string; email_subject?: string };
  };
  items: StandInPayoutItem[];
}

const FATES: [string, StandInPayoutItem['transaction_status'], StandInPayoutItem['errors']?][] = [
  ['unclaimed', 'UNCLAIMED', { name: 'RECEIVER_UNREGISTERED', message: 'Receiver is unregistered' }],
  ['returned', 'RETURNED', { name: 'RECEIVER_UNCONFIRMED', message: 'Receiver is unconfirmed' }],
  ['failed', 'FAILED', { name: 'RECEIVER_ACCOUNT_LOCKED', message: 'Receiver account is locked or inactive' }],
  ['blocked', 'BLOCKED'],
  ['onhold', 'ONHOLD'],
];
const EVENT_OF: Record<string, string> = {
  SUCCESS: 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED',
  UNCLAIMED: 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED',
  RETURNED: 'PAYMENT.PAYOUTS-ITEM.RETURNED',
  FAILED: 'PAYMENT.PAYOUTS-ITEM.FAILED',
  BLOCKED: 'PAYMENT.PAYOUTS-ITEM.BLOCKED',
  ONHOLD: 'PAYMENT.PAYOUTS-ITEM.HELD',
};
const TOKEN_TTL_SECONDS = 32_400;

const paypalId = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 13);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A request PayPal refuses before acting on it: not kept under its PayPal-Request-Id. */
class PayPalRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}
const refusal = (status: number, name: string, message: string, extra: Record<string, unknown> = {}) =>
  new PayPalRefusal(status, { name, message, debug_id: paypalId().toLowerCase(), ...extra });

export class PayPalStandIn {
  readonly batches = new Map<string, StandInBatch>();
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  /** The platform's PayPal balance, in minor units: a payout above it is refused with INSUFFICIENT_FUNDS. */
  balanceMinor = Number.MAX_SAFE_INTEGER;
  /** Where events go; none are sent without it. */
  webhookUrl: string | null = null;
  /** Events PayPal sends on its own after answering (an item cancelled), for tests to wait for. */
  readonly laterEvents: Promise<Response>[] = [];
  private readonly tokens = new Map<string, number>();
  private readonly byRequestId = new Map<string, { status: number; body: string }>();
  /** Transmissions it sent, by id: what verify-webhook-signature checks against. */
  private readonly transmissions = new Map<string, string>();
  private readonly signingKey = randomBytes(32);
  private failNextWith: { status: number; path: string } | null = null;
  private loseNextAnswer = false;
  private server: Server | null = null;
  private apiBase = '';

  constructor(private readonly options: { clientId: string; clientSecret: string; webhookId: string }) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error) => this.send(response, 500, { name: 'INTERNAL_SERVICE_ERROR', message: String(error) }));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.apiBase = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.apiBase;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The next call to `path` answers with this status and PayPal's error for it, as PayPal does when
   * it is down. Named, so a background check calling PayPal meanwhile does not take the failure.
   */
  failNext(status: number, path: string): void {
    this.failNextWith = { status, path };
  }

  /** The next payout is made, but its answer never arrives (the connection drops), as in a crash or a timeout. */
  loseNextPayoutAnswer(): void {
    this.loseNextAnswer = true;
  }

  /** Every token stops working, as when PayPal revokes them before their time. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  /** PayPal forgets its PayPal-Request-Ids (it keeps them for a while only); sender_batch_ids stay. */
  forgetRequestIds(): void {
    this.byRequestId.clear();
  }

  batchOf(senderBatchId: string): StandInBatch | undefined {
    return [...this.batches.values()].find((batch) => batch.batch_header.sender_batch_header.sender_batch_id === senderBatchId);
  }

  /**
   * PayPal processes the batch: each item takes the fate its receiver address gives it, and its
   * event goes to the webhook URL unless `deliver` is false (a webhook lost on the way).
   */
  async process(batchId: string, { deliver = true } = {}): Promise<Response[]> {
    const batch = this.batches.get(batchId);
    if (!batch) throw new Error(`the stand-in has no batch ${batchId}`);
    batch.batch_header.batch_status = 'SUCCESS';
    const delivered: Response[] = [];
    for (const item of batch.items) {
      const [, status, errors] = FATES.find(([prefix]) => item.payout_item.receiver.startsWith(prefix)) ?? [null, 'SUCCESS' as const];
      Object.assign(item, { transaction_status: status, transaction_id: paypalId(), time_processed: new Date().toISOString() });
      if (errors) item.errors = errors;
      if (deliver) delivered.push(await this.sendEvent(EVENT_OF[status] as string, item));
    }
    return delivered;
  }

  /** Delivers an event about `item`, signed; `signature` forges another signature header. */
  async sendEvent(eventType: string, item: StandInPayoutItem, overrides: { signature?: string } = {}): Promise<Response> {
    if (!this.webhookUrl) throw new Error('the stand-in has no webhook URL');
    const body = JSON.stringify({
      id: `WH-${paypalId()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'payouts_item',
      event_type: eventType,
      summary: `Payout item ${eventType.split('.').at(-1)?.toLowerCase()}`,
      resource: item,
      links: [{ href: `${this.apiBase}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
    });
    const transmissionId = randomBytes(16).toString('hex');
    const transmissionTime = new Date().toISOString();
    const signature = this.sign(transmissionId, transmissionTime, this.options.webhookId, body);
    this.transmissions.set(transmissionId, signature);
    return this.deliver(body, {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': overrides.signature ?? signature,
      'paypal-cert-url': `${this.apiBase}/v1/notifications/certs/CERT-stand-in`,
      'paypal-auth-algo': 'SHA256withRSA',
    });
  }

  /** Posts a body with these headers to the webhook URL, e.g. to send an event again unchanged. */
  deliver(body: string, headers: Record<string, string>): Promise<Response> {
    return fetch(this.webhookUrl as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'PayPal/AUHD-214.0-58843120', ...headers },
      body,
    });
  }

  private sign(transmissionId: string, time: string, webhookId: string, body: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${sha256(body)}`)
      .digest('base64');
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? '';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let body: unknown = null;
    if (raw !== '' && request.headers['content-type']?.startsWith('application/json')) body = JSON.parse(raw);
    this.requests.push({ method, path, headers: request.headers, body });

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const answer = this.token(request, raw);
      return this.send(response, answer.status, answer.body);
    }
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || (this.tokens.get(bearer) ?? 0) < Date.now()) {
      return this.send(response, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    if (this.failNextWith?.path === path) {
      const { status } = this.failNextWith;
      this.failNextWith = null;
      return this.send(response, status, { name: 'INTERNAL_SERVICE_ERROR', message: 'An internal service error has occurred.' });
    }
    const requestId = method === 'POST' ? request.headers['paypal-request-id'] : undefined;
    const earlier = typeof requestId === 'string' ? this.byRequestId.get(requestId) : undefined;
    if (earlier) {
      response.writeHead(earlier.status, { 'content-type': 'application/json' }).end(earlier.body);
      return;
    }
    let answer: { status: number; body: unknown };
    try {
      answer = this.route(method, path, body);
    } catch (error) {
      if (error instanceof PayPalRefusal) return this.send(response, error.status, error.body);
      throw error;
    }
    if (typeof requestId === 'string') this.byRequestId.set(requestId, { status: answer.status, body: JSON.stringify(answer.body) });
    if (path === '/v1/payments/payouts' && this.loseNextAnswer) {
      this.loseNextAnswer = false;
      response.destroy();
      return;
    }
    return this.send(response, answer.status, answer.body);
  }

  private token(request: IncomingMessage, raw: string): { status: number; body: unknown } {
    const basic = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64')}`;
    if (request.headers.authorization !== basic) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + TOKEN_TTL_SECONDS * 1000);
    return {
      status: 200,
      body: {
        scope: 'https://uri.paypal.com/services/payments/payouts https://uri.paypal.com/services/applications/webhooks',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: TOKEN_TTL_SECONDS,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString('hex')}`,
      },
    };
  }

  private route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payments/payouts') return { status: 201, body: this.createBatch(body) };
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return { status: 200, body: this.verify(body) };
    const batch = /^\/v1\/payments\/payouts\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && batch) {
      const found = this.batches.get(decodeURIComponent(batch));
      if (!found) throw refusal(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
      return { status: 200, body: found };
    }
    const itemPath = /^\/v1\/payments\/payouts-item\/([^/]+)(\/cancel)?$/.exec(path);
    const item = itemPath?.[1] ? this.item(decodeURIComponent(itemPath[1])) : undefined;
    if (itemPath && !item) throw refusal(404, 'INVALID_RESOURCE_ID', 'The requested resource ID was not found');
    if (item && method === 'GET' && !itemPath?.[2]) return { status: 200, body: item };
    if (item && method === 'POST' && itemPath?.[2]) return { status: 200, body: this.cancel(item) };
    throw refusal(404, 'NOT_FOUND', `No route for ${method} ${path}`);
  }

  private createBatch(body: unknown): { batch_header: StandInBatch['batch_header']; links: unknown[] } {
    const request = body as {
      sender_batch_header?: StandInBatch['batch_header']['sender_batch_header'];
      items?: StandInPayoutItem['payout_item'][];
    };
    const senderBatchId = request?.sender_batch_header?.sender_batch_id;
    if (!senderBatchId)
      throw refusal(400, 'VALIDATION_ERROR', 'Invalid request', { details: [{ field: 'sender_batch_id', issue: 'Required' }] });
    const items = request.items ?? [];
    if (items.length === 0) throw refusal(400, 'VALIDATION_ERROR', 'Invalid request', { details: [{ field: 'items', issue: 'Required' }] });
    items.forEach((item, index) => {
      if (!/^\d+\.\d{2}$/.test(item.amount?.value ?? '') || !/^[A-Z]{3}$/.test(item.amount?.currency ?? '')) {
        throw refusal(400, 'VALIDATION_ERROR', 'Invalid request', {
          details: [{ field: `items[${index}].amount`, issue: 'Invalid amount' }],
        });
      }
      if (!/^[^@\s]+@[^@\s]+$/.test(item.receiver ?? '')) {
        throw refusal(400, 'VALIDATION_ERROR', 'Invalid request', {
          details: [{ field: `items[${index}].receiver`, issue: 'Invalid email' }],
        });
      }
    });
    const earlier = this.batchOf(senderBatchId);
    if (earlier) {
      throw refusal(400, 'USER_BUSINESS_ERROR', 'User business error.', {
        details: [{ field: 'SENDER_BATCH_ID', location: 'body', issue: 'Batch with given sender_batch_id already exists' }],
        links: [{ href: `${this.apiBase}/v1/payments/payouts/${earlier.batch_header.payout_batch_id}`, rel: 'self', method: 'GET' }],
      });
    }
    const total = items.reduce((sum, item) => sum + Math.round(Number(item.amount.value) * 100), 0);
    if (total > this.balanceMinor) throw refusal(422, 'INSUFFICIENT_FUNDS', 'Sender does not have sufficient funds.');
    this.balanceMinor -= total;
    const id = paypalId();
    const header = {
      payout_batch_id: id,
      batch_status: 'PENDING' as const,
      time_created: new Date().toISOString(),
      sender_batch_header: request.sender_batch_header as StandInBatch['batch_header']['sender_batch_header'],
    };
    this.batches.set(id, {
      batch_header: header,
      items: items.map((item) => ({
        payout_item_id: paypalId(),
        transaction_id: null,
        transaction_status: 'PENDING',
        payout_batch_id: id,
        payout_item: item,
        time_processed: null,
      })),
    });
    return { batch_header: header, links: [{ href: `${this.apiBase}/v1/payments/payouts/${id}`, rel: 'self', method: 'GET' }] };
  }

  private item(id: string): StandInPayoutItem | undefined {
    for (const batch of this.batches.values()) {
      const found = batch.items.find((item) => item.payout_item_id === id);
      if (found) return found;
    }
    return undefined;
  }

  /** Only an unclaimed item can be cancelled; its money comes back, and PayPal tells of it. */
  private cancel(item: StandInPayoutItem): StandInPayoutItem {
    if (item.transaction_status === 'RETURNED') throw refusal(400, 'ITEM_ALREADY_CANCELLED', 'Item already cancelled.');
    if (item.transaction_status !== 'UNCLAIMED') throw refusal(400, 'ITEM_INCORRECT_STATUS', 'Item cannot be cancelled.');
    item.transaction_status = 'RETURNED';
    this.balanceMinor += Math.round(Number(item.payout_item.amount.value) * 100);
    // Told after the answer, as PayPal's events come on their own.
    if (this.webhookUrl) {
      const answered = new Promise<void>((resolve) => setImmediate(resolve));
      this.laterEvents.push(answered.then(() => this.sendEvent('PAYMENT.PAYOUTS-ITEM.CANCELED', { ...item })));
    }
    return item;
  }

  /** Checks a transmission the way PayPal does for its own: only it holds the signing key. */
  private verify(body: unknown): { verification_status: 'SUCCESS' | 'FAILURE' } {
    const request = body as Record<string, unknown>;
    for (const field of [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ]) {
      if (!request?.[field])
        throw refusal(400, 'VALIDATION_ERROR', 'Invalid request', { details: [{ field, issue: 'MISSING_REQUIRED_PARAMETER' }] });
    }
    const id = String(request.transmission_id);
    const expected = this.sign(id, String(request.transmission_time), String(request.webhook_id), JSON.stringify(request.webhook_event));
    const given = Buffer.from(String(request.transmission_sig));
    const matches =
      this.transmissions.has(id) &&
      request.webhook_id === this.options.webhookId &&
      given.length === Buffer.byteLength(expected) &&
      timingSafeEqual(given, Buffer.from(expected));
    return { verification_status: matches ? 'SUCCESS' : 'FAILURE' };
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': paypalId().toLowerCase() });
    response.end(JSON.stringify(body));
  }
}

/**
 * Run on its own to point a local server at it (PAYPAL_API_BASE): `node --import tsx
 * apps/server/test/paypal-stand-in.ts`, with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET,
 * PAYPAL_PAYOUTS_WEBHOOK_ID, PAYPAL_STAND_IN_WEBHOOK_URL and PAYPAL_STAND_IN_PORT (12112 unless set).
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = new PayPalStandIn({
    clientId: process.env.PAYPAL_CLIENT_ID ?? 'aurum-stand-in-client',
    clientSecret: process.env.PAYPAL_CLIENT_SECRET ?? 'aurum-stand-in-secret',
    webhookId: process.env.PAYPAL_PAYOUTS_WEBHOOK_ID ?? 'STANDINWEBHOOK',
  });
  standIn.webhookUrl = process.env.PAYPAL_STAND_IN_WEBHOOK_URL ?? null;
  const apiBase = await standIn.start(Number(process.env.PAYPAL_STAND_IN_PORT ?? 12112));
  console.log(`PayPal stand-in listening at ${apiBase}`);
}
