import type { IncomingHttpHeaders } from 'node:http';
import { DISPUTE_STATUSES, disputeFunds, type PaymentsConfig } from '@aurum/core';
import { z } from 'zod';
import {
  eventObject,
  postToStripe,
  type StripeAnswer,
  type StripeError,
  stripeErrorOf,
  verifiedStripeEvent,
} from '../integrations/stripe/api.js';
import {
  type AttachedPaymentMethod,
  type ChargeRequest,
  type ChargeResult,
  type DisputeReport,
  type PaymentEvent,
  PaymentMethodRejected,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
  type RefundResult,
} from './provider.js';

const customerSchema = z.object({ id: z.string().min(1) });
const paymentMethodSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() }).nullish(),
  paypal: z.object({ payer_email: z.string().nullish() }).nullish(),
});
const paymentIntentSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
  last_payment_error: z.object({ code: z.string().nullish(), decline_code: z.string().nullish(), message: z.string().nullish() }).nullish(),
});
type PaymentIntent = z.infer<typeof paymentIntentSchema>;
const refundSchema = z.object({ id: z.string().min(1), status: z.string(), failure_reason: z.string().nullish() });
type Refund = z.infer<typeof refundSchema>;

/** A Dispute as its `charge.dispute.*` events carry it; the balance transactions say what Stripe took and gave back. */
const disputeSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().min(0),
  currency: z.string().length(3),
  payment_intent: z.string().nullish(),
  reason: z.string().nullish(),
  status: z.enum(DISPUTE_STATUSES),
  evidence_details: z.object({ due_by: z.number().int().nullish() }).nullish(),
  balance_transactions: z.array(z.object({ amount: z.number().int(), fee: z.number().int() })).default([]),
});
type Dispute = z.infer<typeof disputeSchema>;
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed']);

/** The PaymentIntent events that settle a charge; Stripe's other events change nothing here. */
const RESULT_BY_EVENT: Record<string, ChargeResult['status']> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.processing': 'pending',
  'payment_intent.payment_failed': 'failed',
};

/**
 * Answers in which Stripe refused the request itself (bad details, a decline, an unknown id):
 * nothing happened and asking again changes nothing. 401, 429 and 5xx are outages of ours or
 * theirs, and an idempotency_error is a bug in how we retry; neither says anything about the
 * card.
 */
const isRefusal = (answer: StripeAnswer, error: StripeError | undefined): error is StripeError =>
  [400, 402, 404].includes(answer.status) && (error?.type === 'card_error' || error?.type === 'invalid_request_error');

export interface StripePaymentsOptions {
  apiBase: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  now: () => Date;
}

/**
 * Stripe payments. The browser turns card or PayPal details into a PaymentMethod with
 * Stripe.js and the publishable key; we attach it to the member's Customer and charge it
 * with PaymentIntents confirmed at once. Late outcomes arrive as `payment_intent.*`
 * webhooks carrying our charge id in their metadata; disputes as `charge.dispute.*` naming
 * the PaymentIntent.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';

  constructor(private readonly options: StripePaymentsOptions) {}

  clientConfig(): PaymentsConfig {
    return { provider: 'stripe', publishableKey: this.options.publishableKey };
  }

  async createCustomer(input: { userId: string; email: string }): Promise<string> {
    const form = new URLSearchParams({ email: input.email, 'metadata[user_id]': input.userId });
    // Keyed by the user, so a retry after a lost answer returns the first customer instead of making a second.
    const answer = await this.post('/v1/customers', form, `customer-${input.userId}`);
    if (!answer.ok) throw this.unexpected('create a customer', answer);
    const customer = customerSchema.safeParse(answer.body);
    if (!customer.success) throw new PaymentProviderError('Stripe answered without a customer id');
    return customer.data.id;
  }

  async attachPaymentMethod(input: { customerRef: string; token: string }): Promise<AttachedPaymentMethod> {
    const answer = await this.post(
      `/v1/payment_methods/${encodeURIComponent(input.token)}/attach`,
      new URLSearchParams({ customer: input.customerRef }),
    );
    if (!answer.ok) {
      const error = stripeErrorOf(answer);
      if (isRefusal(answer, error)) {
        throw new PaymentMethodRejected(
          error.decline_code ?? error.code ?? error.type ?? 'payment_method_rejected',
          error.message ?? 'Stripe refused the payment details.',
        );
      }
      throw this.unexpected('attach the payment method', answer);
    }
    const method = paymentMethodSchema.safeParse(answer.body);
    if (!method.success) throw new PaymentProviderError('Stripe answered without a payment method');
    const { id, type, card, paypal } = method.data;
    if (type === 'card' && card) {
      return {
        providerRef: id,
        type: 'card',
        brand: card.brand,
        last4: card.last4,
        email: null,
        expMonth: card.exp_month,
        expYear: card.exp_year,
      };
    }
    if (type === 'paypal') {
      return {
        providerRef: id,
        type: 'paypal',
        brand: null,
        last4: null,
        email: paypal?.payer_email ?? null,
        expMonth: null,
        expYear: null,
      };
    }
    // Stripe.js can make methods we cannot show or charge; leave none of them on the customer.
    await this.detachPaymentMethod({ customerRef: input.customerRef, methodRef: id });
    throw new PaymentMethodRejected('payment_method_unsupported', `Payment methods of type ${type} are not accepted.`);
  }

  async detachPaymentMethod(input: { customerRef: string; methodRef: string }): Promise<void> {
    const answer = await this.post(`/v1/payment_methods/${encodeURIComponent(input.methodRef)}/detach`, new URLSearchParams());
    // An unknown or already detached method (404 resource_missing, 400 "not attached") is as good as detached.
    if (answer.ok || isRefusal(answer, stripeErrorOf(answer))) return;
    throw this.unexpected('detach the payment method', answer);
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const form = new URLSearchParams({
      amount: String(request.amountMinor),
      currency: request.currency.toLowerCase(),
      customer: request.customerRef,
      payment_method: request.methodRef,
      confirm: 'true',
      description: request.description,
      // Only methods that need no redirect: a renewal has nobody to send anywhere, so no return_url either.
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
    if (request.offSession) form.set('off_session', 'true');
    for (const [key, value] of Object.entries(request.metadata)) form.set(`metadata[${key}]`, value);
    // Set last so no caller metadata can replace it: webhooks find the charge by it.
    form.set('metadata[charge_id]', request.idempotencyKey);

    const answer = await this.post('/v1/payment_intents', form, request.idempotencyKey);
    if (answer.ok) {
      const intent = paymentIntentSchema.safeParse(answer.body);
      if (!intent.success) throw new PaymentProviderError('Stripe answered without a payment intent');
      return chargeResultOf(intent.data);
    }
    const error = stripeErrorOf(answer);
    // A failed confirmation is a 402 carrying the PaymentIntent it left in requires_payment_method.
    if (isRefusal(answer, error)) {
      return {
        status: 'failed',
        providerRef: error.payment_intent?.id ?? null,
        code: error.decline_code ?? error.code ?? error.type ?? 'payment_failed',
        message: error.message ?? 'The payment was declined.',
      };
    }
    throw this.unexpected('take the payment', answer);
  }

  /** A Refund of the PaymentIntent, in its currency; Stripe refuses more than is left of it (400 amount_too_large, charge_already_refunded). */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const form = new URLSearchParams({ payment_intent: request.paymentRef, amount: String(request.amountMinor) });
    for (const [key, value] of Object.entries(request.metadata)) form.set(`metadata[${key}]`, value);
    form.set('metadata[refund_id]', request.idempotencyKey);
    const answer = await this.post('/v1/refunds', form, request.idempotencyKey);
    if (answer.ok) {
      const refund = refundSchema.safeParse(answer.body);
      if (!refund.success) throw new PaymentProviderError('Stripe answered without a refund');
      return refundResultOf(refund.data);
    }
    const error = stripeErrorOf(answer);
    if (isRefusal(answer, error)) {
      return {
        status: 'failed',
        providerRef: null,
        code: error.code ?? error.type ?? 'refund_refused',
        message: error.message ?? 'Stripe refused the refund.',
      };
    }
    throw this.unexpected('refund the payment', answer);
  }

  parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): PaymentEvent | null {
    const event = verifiedStripeEvent(headers, rawBody, { secret: this.options.webhookSecret, now: this.options.now() });
    if (DISPUTE_EVENTS.has(event.type)) {
      const dispute = eventObject(event, disputeSchema);
      const paymentRef = dispute.payment_intent;
      // Disputes of payments not taken through a PaymentIntent were not ours.
      return paymentRef ? { type: 'dispute', eventId: event.id, dispute: disputeReportOf(dispute, paymentRef) } : null;
    }
    const status = RESULT_BY_EVENT[event.type];
    if (!status) return null;
    const intent = eventObject(event, paymentIntentSchema);
    // PaymentIntents made elsewhere on the account (the Dashboard, other apps) carry no charge id of ours.
    const chargeId = intent.metadata?.charge_id;
    if (!chargeId) return null;
    const result: ChargeResult = status === 'failed' ? declined(intent) : { status, providerRef: intent.id };
    return { type: 'charge', eventId: event.id, chargeId, result };
  }

  private async post(path: string, form: URLSearchParams, idempotencyKey?: string): Promise<StripeAnswer> {
    try {
      return await postToStripe(this.options, path, form, idempotencyKey);
    } catch (error) {
      throw new PaymentProviderError('Stripe could not be reached', { cause: error });
    }
  }

  private unexpected(action: string, answer: StripeAnswer): PaymentProviderError {
    const error = stripeErrorOf(answer);
    const what = [error?.type, error?.code].filter(Boolean).join('/') || 'no error type';
    return new PaymentProviderError(`Stripe did not ${action} (${answer.status} ${what}): ${error?.message ?? 'no error message'}`);
  }
}

/**
 * A Dispute as a provider-neutral report. Its fee is read from its balance transactions, which
 * are in the account's settlement currency: taken to be the payment's (one currency per account).
 */
function disputeReportOf(dispute: Dispute, paymentRef: string): DisputeReport {
  const dueBy = dispute.evidence_details?.due_by;
  return {
    providerRef: dispute.id,
    paymentRef,
    amountMinor: dispute.amount,
    currency: dispute.currency.toUpperCase(),
    reason: dispute.reason ?? 'general',
    status: dispute.status,
    evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
    evidenceUrl: `https://dashboard.stripe.com/disputes/${encodeURIComponent(dispute.id)}`,
    funds: disputeFunds(dispute.balance_transactions.map((move) => ({ amountMinor: move.amount, feeMinor: move.fee }))),
  };
}

/** What a confirmed PaymentIntent's status means for the charge. */
function chargeResultOf(intent: PaymentIntent): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id };
    case 'processing':
      return { status: 'pending', providerRef: intent.id };
    // requires_action: the bank wants the member to authenticate, which a server-confirmed charge cannot do.
    case 'requires_action':
    case 'requires_payment_method':
    case 'canceled':
      return declined(intent);
    default:
      throw new PaymentProviderError(`Stripe left the payment intent ${intent.id} in status ${intent.status}`);
  }
}

/** What a Refund's status means: `pending` and `requires_action` (a customer's bank details are needed) settle later. */
function refundResultOf(refund: Refund): RefundResult {
  switch (refund.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: refund.id };
    case 'pending':
    case 'requires_action':
      return { status: 'pending', providerRef: refund.id };
    case 'failed':
    case 'canceled':
      return {
        status: 'failed',
        providerRef: refund.id,
        code: refund.failure_reason ?? refund.status,
        message: 'The refund did not go through.',
      };
    default:
      throw new PaymentProviderError(`Stripe left the refund ${refund.id} in status ${refund.status}`);
  }
}

function declined(intent: PaymentIntent): ChargeResult {
  const error = intent.last_payment_error;
  const needsAuthentication = intent.status === 'requires_action';
  return {
    status: 'failed',
    providerRef: intent.id,
    code: error?.decline_code ?? error?.code ?? (needsAuthentication ? 'authentication_required' : intent.status),
    message:
      error?.message ?? (needsAuthentication ? 'The bank asked the member to confirm this payment.' : 'The payment did not go through.'),
  };
}
