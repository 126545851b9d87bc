import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { cardBrand, passesLuhn } from '@aurum/core';
import { StandInConnect } from './stripe-connect-stand-in.js';
import {
  type Answer,
  cardRefusal,
  formHash,
  invalidRequest,
  noSuch,
  nowSeconds,
  parameterMissing,
  StripeRefusal,
  stripeId,
} from './stripe-stand-in-protocol.js';

/**
 * A local stand-in for the parts of Stripe's API Aurum uses, on loopback: it checks the
 * Bearer key and the form body as Stripe does, answers with Stripe-shaped JSON, keeps
 * Stripe's idempotency rules, behaves like Stripe's documented test cards, and sends
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

export interface StandInCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  livemode: false;
  metadata: Record<string, string>;
}

export interface StandInPaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: { email: string | null; name: string | null };
  card: { brand: string; country: 'US'; exp_month: number; exp_year: number; funding: 'credit'; last4: string } | null;
  paypal: { payer_email: string | null; payer_id: string | null } | null;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Record<string, string>;
  type: 'card' | 'paypal';
}

export interface StandInPaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export interface StandInPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: string } | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: (StandInPaymentError & { payment_method: StandInPaymentMethod | null }) | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: Record<string, string> } | null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  created: number;
  currency: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
}

/** A movement of the account's balance a dispute made: the amount and fee taken, or given back. */
export interface StandInBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  fee: number;
  net: number;
  reporting_category: 'dispute' | 'dispute_reversal';
  type: 'adjustment';
}

/** A Dispute as Stripe's `charge.dispute.*` events carry it. */
export interface StandInDispute {
  id: string;
  object: 'dispute';
  amount: number;
  balance_transactions: StandInBalanceTransaction[];
  charge: string | null;
  created: number;
  currency: string;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: string;
}

export type DisputeEventType = 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed';
/** Stripe's fee for a dispute: 15.00 in the payment's currency. */
export const STAND_IN_DISPUTE_FEE = 1500;

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** Webhook overrides that forge what a test needs: a wrong secret, an old timestamp, a resent id. */
export interface EventOverrides {
  secret?: string;
  timestamp?: number;
  eventId?: string;
}

const STATUS_BY_EVENT = {
  'identity.verification_session.processing': 'processing',
  'identity.verification_session.verified': 'verified',
  'identity.verification_session.requires_input': 'requires_input',
  'identity.verification_session.canceled': 'canceled',
} as const;
export type IdentityEventType = keyof typeof STATUS_BY_EVENT;

const INTENT_STATUS_BY_EVENT = {
  'payment_intent.processing': 'processing',
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'requires_payment_method',
  'payment_intent.canceled': 'canceled',
} as const;
export type PaymentEventType = keyof typeof INTENT_STATUS_BY_EVENT;

const GENERIC_DECLINE: StandInPaymentError = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const EXPIRED_CARD: StandInPaymentError = { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' };
const AUTHENTICATION_REQUIRED: StandInPaymentError = {
  type: 'card_error',
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

/**
 * Stripe's documented test cards that do something other than succeed: refused when
 * attached to a customer, declined when charged, or asking for 3-D Secure (which only an
 * on-session payment can answer). Every other valid number succeeds, as 4242424242424242 does.
 */
export const STAND_IN_TEST_CARDS: Record<string, { attach?: StandInPaymentError; charge?: StandInPaymentError; authentication?: true }> = {
  '4000000000000002': { attach: GENERIC_DECLINE, charge: GENERIC_DECLINE },
  '4000000000000341': { charge: GENERIC_DECLINE },
  '4000000000009995': { charge: { ...GENERIC_DECLINE, decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { attach: EXPIRED_CARD, charge: EXPIRED_CARD },
  '4000002760003184': { authentication: true },
};

export class StripeStandIn {
  readonly sessions = new Map<string, StandInSession>();
  readonly customers = new Map<string, StandInCustomer>();
  readonly paymentMethods = new Map<string, StandInPaymentMethod>();
  readonly paymentIntents = new Map<string, StandInPaymentIntent>();
  readonly refunds = new Map<string, StandInRefund>();
  /** Per PaymentIntent: its dispute, once a test opened one. */
  readonly disputes = new Map<string, StandInDispute>();
  readonly requests: RecordedRequest[] = [];
  /** Stripe keeps the first answer to each idempotency key, with what was asked, and replays it. */
  private readonly idempotent = new Map<string, { request: string; status: number; body: string }>();
  private readonly cardNumbers = new Map<string, string>();
  /** Methods that were detached, which Stripe never lets anyone use again. */
  private readonly spentMethods = new Set<string>();
  private failNextWith: { status: number; message: string; path: string | undefined } | null = null;
  private server: Server | null = null;
  private baseUrl = '';
  /** Express accounts, their onboarding and transfers to them. */
  readonly connect: StandInConnect;
  /** Where `account.updated` and other events of connected accounts go (the platform's Connect endpoint). */
  connectWebhookUrl: string | null = null;

  constructor(
    private readonly options: {
      secretKey: string;
      webhookSecret: string;
      connectWebhookSecret?: string;
      /** Stamps webhook signatures: the receiving server's clock, when a test moves it. */
      clock?: () => Date;
    },
  ) {
    this.connect = new StandInConnect(
      () => this.baseUrl,
      async (type, object, account) => {
        if (!this.connectWebhookUrl) return null;
        return this.sendSignedEvent(this.connectWebhookUrl, type, object, {
          secret: this.options.connectWebhookSecret ?? this.options.webhookSecret,
          account,
        });
      },
    );
  }

  /** Listens on loopback (any free port unless one is given) and returns the API base URL. */
  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error) => this.send(response, 500, { error: { type: 'api_error', message: String(error) } }));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /**
   * The next API call (to `path` only, when given) answers with this error, as Stripe does when it is
   * down or refuses. A path keeps a background job calling Stripe meanwhile from taking the failure.
   */
  failNext(status: number, message: string, path?: string): void {
    this.failNextWith = { status, message, path };
  }

  /** Payments that took money, one per PaymentIntent however often it was asked for. */
  succeededPayments(): StandInPaymentIntent[] {
    return [...this.paymentIntents.values()].filter((intent) => intent.status === 'succeeded');
  }

  /**
   * What Stripe.js does in the browser: card details in, a PaymentMethod id (`pm_...`) out.
   * Throws Stripe's message for details Stripe would refuse (a bad number, a past expiry).
   */
  createTestPaymentMethod(
    number: string,
    expiry: { month: number; year: number } = { month: 12, year: new Date().getFullYear() + 3 },
  ): string {
    return this.createCard(number, String(expiry.month), String(expiry.year), '123').id;
  }

  /** A PayPal account as it is after the member approved it at PayPal. */
  createTestPayPalMethod(payerEmail: string): string {
    const method: StandInPaymentMethod = {
      ...this.newPaymentMethod('paypal'),
      billing_details: { email: payerEmail, name: null },
      paypal: { payer_email: payerEmail, payer_id: randomBytes(6).toString('hex').toUpperCase() },
    };
    this.paymentMethods.set(method.id, method);
    return method.id;
  }

  /**
   * Moves a session to the event's status and delivers the event to `webhookUrl`, signed
   * with the endpoint secret. `secret` and `timestamp` can be overridden to forge bad ones.
   */
  async sendEvent(
    webhookUrl: string,
    type: IdentityEventType | string,
    sessionId: string,
    overrides: EventOverrides & { lastError?: { code: string; reason: string } } = {},
  ): Promise<{ response: Response; eventId: string; body: string; signature: string }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`stand-in has no session ${sessionId}`);
    if (type in STATUS_BY_EVENT) session.status = STATUS_BY_EVENT[type as IdentityEventType];
    session.last_error = overrides.lastError ?? (session.status === 'verified' ? null : session.last_error);
    if (session.status === 'verified' || session.status === 'canceled') session.url = null;
    return this.sendSignedEvent(webhookUrl, type, session, overrides);
  }

  /**
   * Moves a PaymentIntent to the event's status (a bank transfer clearing, a late decline)
   * and delivers the `payment_intent.*` event. `metadata` replaces the intent's metadata in
   * the event only, e.g. to send one that Aurum did not create.
   */
  async sendPaymentEvent(
    webhookUrl: string,
    type: PaymentEventType | string,
    paymentIntentId: string,
    overrides: EventOverrides & { lastPaymentError?: StandInPaymentError; metadata?: Record<string, string> } = {},
  ): Promise<{ response: Response; eventId: string; body: string; signature: string }> {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`stand-in has no payment intent ${paymentIntentId}`);
    if (type in INTENT_STATUS_BY_EVENT) {
      const status = INTENT_STATUS_BY_EVENT[type as PaymentEventType];
      if (status === 'requires_payment_method') {
        const method = this.paymentMethods.get(intent.payment_method ?? '') ?? intent.last_payment_error?.payment_method ?? null;
        this.settle(intent, overrides.lastPaymentError ?? GENERIC_DECLINE, method);
      } else {
        intent.status = status;
        intent.amount_received = status === 'succeeded' ? intent.amount : 0;
        intent.last_payment_error = null;
      }
    }
    const object = overrides.metadata ? { ...intent, metadata: overrides.metadata } : intent;
    return this.sendSignedEvent(webhookUrl, type, object, overrides);
  }

  /**
   * The member's bank disputes the PaymentIntent's payment and Stripe tells us: the dispute
   * moves to `status` and, as Stripe does, its balance transactions show the amount and fee
   * taken once it is a chargeback (not an inquiry), and given back when won (the fee only with
   * `feeReturned`). `amount` disputes part of the payment.
   */
  async sendDisputeEvent(
    webhookUrl: string,
    type: DisputeEventType,
    paymentIntentId: string,
    change: EventOverrides & { status: string; amount?: number; feeReturned?: boolean },
  ): Promise<{ response: Response; eventId: string; body: string; signature: string; dispute: StandInDispute }> {
    const intent = this.paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`stand-in has no payment intent ${paymentIntentId}`);
    const now = Math.floor((this.options.clock?.() ?? new Date()).getTime() / 1000);
    const dispute = this.disputes.get(paymentIntentId) ?? {
      id: stripeId('dp'),
      object: 'dispute' as const,
      amount: change.amount ?? intent.amount,
      balance_transactions: [],
      charge: intent.latest_charge,
      created: now,
      currency: intent.currency,
      evidence_details: { due_by: now + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false as const,
      metadata: {},
      payment_intent: paymentIntentId,
      reason: 'fraudulent',
      status: change.status,
    };
    this.disputes.set(paymentIntentId, dispute);
    dispute.status = change.status;
    const move = (amount: number, fee: number, category: StandInBalanceTransaction['reporting_category']) =>
      dispute.balance_transactions.push({
        id: stripeId('txn'),
        object: 'balance_transaction',
        amount,
        currency: dispute.currency,
        fee,
        net: amount - fee,
        reporting_category: category,
        type: 'adjustment',
      });
    if (!change.status.startsWith('warning_') && dispute.balance_transactions.length === 0)
      move(-dispute.amount, STAND_IN_DISPUTE_FEE, 'dispute');
    if (change.status === 'won' && dispute.balance_transactions.length === 1)
      move(dispute.amount, change.feeReturned ? -STAND_IN_DISPUTE_FEE : 0, 'dispute_reversal');
    const sent = await this.sendSignedEvent(webhookUrl, type, structuredClone(dispute), change);
    return { ...sent, dispute };
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

  /** Sends an event; `account` marks one of a connected account, as Connect endpoints receive them. */
  private async sendSignedEvent(webhookUrl: string, type: string, object: unknown, overrides: EventOverrides & { account?: string }) {
    const eventId = overrides.eventId ?? stripeId('evt');
    const timestamp = overrides.timestamp ?? Math.floor((this.options.clock?.() ?? new Date()).getTime() / 1000);
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      ...(overrides.account ? { account: overrides.account } : {}),
      api_version: '2025-06-30.basil',
      created: timestamp,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = this.sign(body, timestamp, overrides.secret ?? this.options.webhookSecret);
    const response = await this.deliver(webhookUrl, body, signature);
    return { response, eventId, body, signature };
  }

  private sign(body: string, timestamp: number, secret: string): string {
    return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? '';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const raw = Buffer.concat(chunks).toString('utf8');
    const form = new URLSearchParams(raw);
    this.requests.push({ method, path, headers: request.headers, form });
    // Stripe's hosted pages are opened by the creator's browser, without the API key.
    if (await this.connect.hosted(request, response, form)) return;

    // Stripe takes the secret key as a Bearer token or as the Basic user name (curl -u sk_test_...:).
    const basic = `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`;
    if (request.headers.authorization !== `Bearer ${this.options.secretKey}` && request.headers.authorization !== basic) {
      return this.send(response, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' },
      });
    }
    if (this.failNextWith && (this.failNextWith.path ?? path) === path) {
      const { status, message } = this.failNextWith;
      this.failNextWith = null;
      return this.send(response, status, { error: { type: 'api_error', message } });
    }
    if (raw !== '' && !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return this.send(response, 400, { error: { type: 'invalid_request_error', message: 'Expected a form-encoded body' } });
    }

    const key = method === 'POST' ? request.headers['idempotency-key'] : undefined;
    const asked = JSON.stringify([method, path, [...form].sort(([a], [b]) => a.localeCompare(b))]);
    const earlier = typeof key === 'string' ? this.idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.request !== asked) {
        return this.send(response, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        });
      }
      response.writeHead(earlier.status, {
        'content-type': 'application/json',
        'request-id': stripeId('req'),
        'idempotent-replayed': 'true',
      });
      response.end(earlier.body);
      return;
    }
    let answer: Answer;
    try {
      answer = this.route(method, path, form);
    } catch (error) {
      if (error instanceof StripeRefusal) return this.send(response, error.status, { error: error.error });
      throw error;
    }
    // Saved as sent: a replay shows the object as it was then, as Stripe's does.
    if (typeof key === 'string') this.idempotent.set(key, { request: asked, status: answer.status, body: JSON.stringify(answer.body) });
    return this.send(response, answer.status, answer.body);
  }

  private route(method: string, path: string, form: URLSearchParams): Answer {
    const ok = (body: unknown): Answer => ({ status: 200, body });
    if (method === 'POST' && path === '/v1/identity/verification_sessions') return ok(this.createSession(form));
    if (method === 'POST' && path === '/v1/customers') return ok(this.createCustomer(form));
    if (method === 'POST' && path === '/v1/payment_methods') {
      if (form.get('type') !== 'card')
        throw invalidRequest('The stand-in makes only card payment methods over the API.', { param: 'type' });
      return ok(this.createCard(form.get('card[number]'), form.get('card[exp_month]'), form.get('card[exp_year]'), form.get('card[cvc]')));
    }
    const methodAction = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path);
    if (method === 'POST' && methodAction?.[1]) {
      const paymentMethod = this.paymentMethods.get(decodeURIComponent(methodAction[1]));
      if (!paymentMethod) throw noSuch('PaymentMethod', decodeURIComponent(methodAction[1]));
      return methodAction[2] === 'attach' ? this.attach(paymentMethod, form) : ok(this.detach(paymentMethod));
    }
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(form);
    const intentPath = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intentPath?.[1]) {
      const intent = this.paymentIntents.get(decodeURIComponent(intentPath[1]));
      if (!intent) throw noSuch('payment_intent', decodeURIComponent(intentPath[1]));
      return ok(intent);
    }
    if (method === 'POST' && path === '/v1/refunds') return ok(this.createRefund(form));
    const connect = this.connect.route(method, path, form);
    if (connect) return connect;
    throw new StripeRefusal(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` });
  }

  /** A refund of a succeeded PaymentIntent: by default all that is left of it, never more. */
  private createRefund(form: URLSearchParams): StandInRefund {
    const intentId = form.get('payment_intent');
    if (!intentId) throw parameterMissing('payment_intent');
    const intent = this.paymentIntents.get(intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
        param: 'payment_intent',
      });
    }
    const refunded = [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intentId && refund.status !== 'failed' && refund.status !== 'canceled')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) throw invalidRequest(`Charge ${intent.latest_charge} has already been refunded.`, { code: 'charge_already_refunded' });
    const amountText = form.get('amount');
    if (amountText !== null && (!/^\d+$/.test(amountText) || Number(amountText) < 1)) {
      throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const amount = amountText === null ? left : Number(amountText);
    if (amount > left) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: 'amount_too_large',
        param: 'amount',
      });
    }
    const refund: StandInRefund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: nowSeconds(),
      currency: intent.currency,
      failure_reason: null,
      metadata: formHash(form, 'metadata'),
      payment_intent: intentId,
      reason: form.get('reason'),
      status: 'succeeded',
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  private createSession(form: URLSearchParams): StandInSession {
    const type = form.get('type');
    if (type !== 'document' && type !== 'id_number')
      throw invalidRequest('Invalid type: must be one of document, id_number', { param: 'type' });
    const id = stripeId('vs');
    const document = Object.fromEntries(
      Object.entries(formHash(form, 'options[document]')).map(([name, value]) => [name, value === 'true']),
    );
    const session: StandInSession = {
      id,
      object: 'identity.verification_session',
      client_reference_id: form.get('client_reference_id'),
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      created: nowSeconds(),
      last_error: null,
      last_verification_report: null,
      livemode: false,
      metadata: formHash(form, 'metadata'),
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

  private createCustomer(form: URLSearchParams): StandInCustomer {
    const customer: StandInCustomer = {
      id: stripeId('cus'),
      object: 'customer',
      created: nowSeconds(),
      email: form.get('email'),
      livemode: false,
      metadata: formHash(form, 'metadata'),
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private newPaymentMethod(type: StandInPaymentMethod['type']): StandInPaymentMethod {
    const base = {
      billing_details: { email: null, name: null },
      card: null,
      paypal: null,
      created: nowSeconds(),
      customer: null,
      metadata: {},
    };
    return { id: stripeId('pm'), object: 'payment_method', livemode: false, type, ...base };
  }

  /** Checks card details the way Stripe does when a PaymentMethod is made from them. */
  private createCard(number: string | null, expMonth: string | null, expYear: string | null, cvc: string | null): StandInPaymentMethod {
    if (!number) throw parameterMissing('card[number]');
    if (!expMonth) throw parameterMissing('card[exp_month]');
    if (!expYear) throw parameterMissing('card[exp_year]');
    const digits = number.replace(/\s/g, '');
    if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
      throw cardRefusal('incorrect_number', 'Your card number is incorrect.', 'card[number]');
    const [month, year] = [Number(expMonth), Number(expYear)];
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      throw cardRefusal('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
    }
    const today = new Date();
    if (!Number.isInteger(year) || year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) {
      throw cardRefusal('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
    }
    if (cvc !== null && !/^\d{3,4}$/.test(cvc)) throw cardRefusal('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');
    const card = {
      brand: cardBrand(digits),
      country: 'US',
      exp_month: month,
      exp_year: year,
      funding: 'credit',
      last4: digits.slice(-4),
    } as const;
    const method: StandInPaymentMethod = { ...this.newPaymentMethod('card'), card };
    this.paymentMethods.set(method.id, method);
    this.cardNumbers.set(method.id, digits);
    return method;
  }

  private attach(method: StandInPaymentMethod, form: URLSearchParams): Answer {
    const customerId = form.get('customer');
    if (!customerId) throw parameterMissing('customer');
    if (!this.customers.has(customerId)) throw noSuch('customer', customerId, 'customer');
    this.refuseSpent(method);
    if (method.customer && method.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.');
    }
    // Stripe checks a card with its bank when attaching it; some test cards fail that check.
    const refusal = this.testCard(method)?.attach;
    if (refusal) return { status: 402, body: { error: { ...refusal, param: '' } } };
    method.customer = customerId;
    return { status: 200, body: method };
  }

  private detach(method: StandInPaymentMethod): StandInPaymentMethod {
    if (!method.customer)
      throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
    method.customer = null;
    this.spentMethods.add(method.id);
    return method;
  }

  private refuseSpent(method: StandInPaymentMethod): void {
    if (this.spentMethods.has(method.id)) {
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method' },
      );
    }
  }

  private testCard(method: StandInPaymentMethod) {
    return STAND_IN_TEST_CARDS[this.cardNumbers.get(method.id) ?? ''];
  }

  /** Creates a PaymentIntent and, with confirm=true, charges it at once as Stripe does. */
  private createPaymentIntent(form: URLSearchParams): Answer {
    const amountText = form.get('amount');
    if (!amountText) throw parameterMissing('amount');
    if (!/^\d+$/.test(amountText) || Number(amountText) < 1) {
      throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param: 'amount' });
    }
    const currency = form.get('currency')?.toLowerCase();
    if (!currency) throw parameterMissing('currency');
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidRequest(`Invalid currency: ${currency}.`, { code: 'parameter_invalid', param: 'currency' });
    const customerId = form.get('customer');
    if (customerId && !this.customers.has(customerId)) throw noSuch('customer', customerId, 'customer');
    const methodId = form.get('payment_method');
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    if (methodId && !method) throw noSuch('PaymentMethod', methodId, 'payment_method');
    if (method) {
      this.refuseSpent(method);
      if (method.customer && method.customer !== customerId) {
        throw invalidRequest(`The provided PaymentMethod belongs to a different Customer than the one on this PaymentIntent.`, {
          param: 'payment_method',
        });
      }
    }
    const confirm = form.get('confirm') === 'true';
    const offSession = form.get('off_session') === 'true';
    if (offSession && !confirm) throw invalidRequest('off_session can only be used when confirm=true.', { param: 'off_session' });
    if (confirm && !method) {
      throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method.", {
        code: 'payment_intent_unexpected_state',
      });
    }
    const automatic = formHash(form, 'automatic_payment_methods');
    const automaticEnabled = automatic.enabled === 'true';
    if (confirm && automaticEnabled && automatic.allow_redirects !== 'never' && !form.get('return_url')) {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard, because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      );
    }
    const id = stripeId('pi');
    const intent: StandInPaymentIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amountText),
      amount_received: 0,
      automatic_payment_methods: automaticEnabled ? { enabled: true, allow_redirects: automatic.allow_redirects ?? 'always' } : null,
      capture_method: 'automatic_async',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency,
      customer: customerId,
      description: form.get('description'),
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: formHash(form, 'metadata'),
      next_action: null,
      payment_method: methodId,
      payment_method_types: method ? [method.type] : ['card'],
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    };
    this.paymentIntents.set(id, intent);
    return method && confirm ? this.confirm(intent, method, offSession) : { status: 200, body: intent };
  }

  private confirm(intent: StandInPaymentIntent, method: StandInPaymentMethod, offSession: boolean): Answer {
    const card = this.testCard(method);
    if (card?.authentication && !offSession) {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: 'https://hooks.stripe.com/3d_secure_2/test' },
      };
      return { status: 200, body: intent };
    }
    const decline = card?.charge ?? (card?.authentication ? AUTHENTICATION_REQUIRED : undefined);
    intent.latest_charge = stripeId('ch');
    if (!decline) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      return { status: 200, body: intent };
    }
    this.settle(intent, decline, method);
    // A failed confirmation is an error answer that carries the intent it left behind.
    return {
      status: 402,
      body: {
        error: {
          ...decline,
          charge: intent.latest_charge,
          payment_intent: intent,
          payment_method: method,
          doc_url: 'https://docs.stripe.com/error-codes/card-declined',
        },
      },
    };
  }

  /** Leaves an intent as a decline does: needing another method, with the error that ended this attempt. */
  private settle(intent: StandInPaymentIntent, error: StandInPaymentError, method: StandInPaymentMethod | null): void {
    intent.status = 'requires_payment_method';
    intent.amount_received = 0;
    intent.payment_method = null;
    intent.last_payment_error = { ...error, payment_method: method };
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
    response.end(JSON.stringify(body));
  }
}

/**
 * Run on its own to point a local server at it (STRIPE_API_BASE): `node --import tsx
 * apps/server/test/stripe-stand-in.ts`, with STRIPE_SECRET_KEY, STRIPE_PAYMENTS_WEBHOOK_SECRET
 * and STRIPE_STAND_IN_PORT (12111 unless set); for Stripe Connect, STRIPE_CONNECT_WEBHOOK_SECRET
 * and STRIPE_CONNECT_WEBHOOK_URL (the server's `/api/webhooks/payouts/stripe_connect`).
 */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = new StripeStandIn({
    secretKey: process.env.STRIPE_SECRET_KEY ?? 'sk_test_aurum_stand_in_key',
    webhookSecret: process.env.STRIPE_PAYMENTS_WEBHOOK_SECRET ?? 'whsec_aurum_stand_in_secret',
    connectWebhookSecret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET,
  });
  standIn.connectWebhookUrl = process.env.STRIPE_CONNECT_WEBHOOK_URL ?? null;
  const apiBase = await standIn.start(Number(process.env.STRIPE_STAND_IN_PORT ?? 12111));
  console.log(`Stripe stand-in listening at ${apiBase}`);
}
