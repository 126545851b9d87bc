import type { IncomingHttpHeaders } from 'node:http';
import type { Currency } from '@aurum/core';
import { z } from 'zod';
import type { PayPalPayoutSettings } from '../config/config.js';
import { errors } from '../http/errors.js';
import { type PayPalAnswer, PayPalClient, PayPalUnavailable, paypalErrorOf } from '../integrations/paypal/api.js';
import {
  earlierBatchOf,
  itemResult,
  type PayPalItem,
  paypalAmount,
  paypalItemSchema,
  refusalOf,
  unclaimedResult,
} from './paypal-results.js';
import {
  type InFlightPayout,
  type PayoutProvider,
  PayoutProviderError,
  type PayoutProviderEvent,
  type PayoutRequest,
  type PayoutResult,
} from './provider.js';

const PAYOUTS = '/v1/payments/payouts';
const ITEMS = '/v1/payments/payouts-item';
const ITEM_EVENT_PREFIX = 'PAYMENT.PAYOUTS-ITEM.';
/** Cancelling is allowed only for an unclaimed item, so this event always means one was cancelled. */
const CANCELED_EVENT = 'PAYMENT.PAYOUTS-ITEM.CANCELED';
/** PayPal's answers to a cancel of an item that is no longer unclaimed (claimed meanwhile, or cancelled already). */
const NOT_CANCELLABLE = new Set(['ITEM_INCORRECT_STATUS', 'ITEM_ALREADY_CANCELLED', 'ITEM_CANCELLATION_FAILED']);

const batchSchema = z.object({
  batch_header: z.object({ payout_batch_id: z.string().min(1), batch_status: z.string() }),
  items: z.array(paypalItemSchema).nullish(),
});
const verificationSchema = z.object({ verification_status: z.string() });
const eventSchema = z.object({ id: z.string().min(1), event_type: z.string(), resource: z.unknown() });

/** The headers PayPal signs a webhook with, as verify-webhook-signature takes them. */
const SIGNATURE_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/**
 * PayPal Payouts: each payout is a batch of one item to the creator's PayPal address, keyed by
 * the payout's id twice (PayPal-Request-Id and sender_batch_id), so a repeat after a crash finds
 * the first batch and never makes a second. PayPal pays asynchronously: `send` answers in flight,
 * and the item's outcome comes by webhook, or by `check` when a webhook is missed.
 */
export class PayPalPayoutProvider implements PayoutProvider {
  readonly name = 'paypal';
  readonly pays = ['paypal'] as const;
  private readonly api: PayPalClient;

  constructor(private readonly settings: PayPalPayoutSettings) {
    this.api = new PayPalClient(settings);
  }

  async send(request: PayoutRequest): Promise<PayoutResult> {
    const { destination } = request;
    if (destination.type !== 'paypal') {
      return { status: 'failed', providerRef: null, code: 'payout_method_unsupported', message: 'PayPal pays only PayPal addresses.' };
    }
    const answer = await this.call('POST', PAYOUTS, {
      requestId: request.idempotencyKey,
      body: {
        sender_batch_header: { sender_batch_id: request.idempotencyKey, recipient_type: 'EMAIL', email_subject: 'You have a payout' },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: paypalAmount(request.amountMinor, request.currency as Currency), currency: request.currency },
            receiver: destination.email,
            sender_item_id: request.idempotencyKey,
            note: 'Your earnings',
          },
        ],
      },
    });
    if (answer.ok) return this.batchResult(answer, request.idempotencyKey);
    const error = paypalErrorOf(answer);
    const earlier = earlierBatchOf(error);
    if (earlier) return this.check({ id: request.idempotencyKey, providerRef: earlier });
    const refusal = refusalOf(answer.status, error);
    if (refusal) return { status: 'failed', providerRef: null, ...refusal };
    throw unexpected('take the payout', answer);
  }

  /** The batch's item now: settled, or still in flight; an unclaimed one is cancelled first. */
  async check(payout: InFlightPayout): Promise<PayoutResult> {
    if (!payout.providerRef) throw new PayoutProviderError(`payout ${payout.id} has no PayPal batch to ask about`);
    const answer = await this.call('GET', `${PAYOUTS}/${encodeURIComponent(payout.providerRef)}`);
    if (!answer.ok) throw unexpected('show the payout batch', answer);
    return this.batchResult(answer, payout.id);
  }

  async parseWebhook(headers: IncomingHttpHeaders, rawBody: Buffer): Promise<PayoutProviderEvent | null> {
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw errors.webhookPayloadInvalid();
    }
    await this.verify(headers, json);
    const event = eventSchema.safeParse(json);
    if (!event.success) throw errors.webhookPayloadInvalid();
    if (!event.data.event_type.startsWith(ITEM_EVENT_PREFIX)) return null;
    const item = paypalItemSchema.safeParse(event.data.resource);
    if (!item.success) throw errors.webhookPayloadInvalid();
    // Items sent from elsewhere on the account (the dashboard, other apps) carry no payout id of ours.
    const payoutId = item.data.payout_item?.sender_item_id;
    if (!payoutId) return null;
    if (event.data.event_type === CANCELED_EVENT) return { type: 'payout_settled', payoutId, result: unclaimedResult(item.data) };
    const result = itemResult(item.data);
    // Unclaimed: left in flight, so it is cancelled by `check` once the payout is known to be ours, never on the event's word alone.
    const settled = result === 'cancel' ? { status: 'in_flight' as const, providerRef: item.data.payout_batch_id } : result;
    return { type: 'payout_settled', payoutId, result: settled };
  }

  /** Asks PayPal whether it signed this webhook for our webhook id; only PayPal can answer (its signature is RSA over a CRC of the body). */
  private async verify(headers: IncomingHttpHeaders, event: unknown): Promise<void> {
    const signature: Record<string, string> = {};
    for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') {
        throw errors.webhookSignatureInvalid({ message: 'The webhook signature is not valid (missing).' });
      }
      signature[field] = value;
    }
    const answer = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      body: { ...signature, webhook_id: this.settings.webhookId, webhook_event: event },
    });
    const verification = verificationSchema.safeParse(answer.body);
    if (!answer.ok || !verification.success) throw unexpected('verify the webhook signature', answer);
    if (verification.data.verification_status !== 'SUCCESS') {
      throw errors.webhookSignatureInvalid({ message: 'The webhook signature is not valid (no match).' });
    }
  }

  private async batchResult(answer: PayPalAnswer, payoutId: string): Promise<PayoutResult> {
    const batch = batchSchema.safeParse(answer.body);
    if (!batch.success) throw new PayoutProviderError('PayPal answered without a payout batch');
    const { payout_batch_id: batchId, batch_status: batchStatus } = batch.data.batch_header;
    // The whole batch refused before any item was tried: nothing was sent.
    if (batchStatus === 'DENIED') {
      return {
        status: 'failed',
        providerRef: batchId,
        code: 'paypal_denied',
        message: 'PayPal declined the payout. Try again later, or contact support if it happens again.',
      };
    }
    const item = batch.data.items?.find((candidate) => candidate.payout_item?.sender_item_id === payoutId);
    return item ? this.settledResult(item) : { status: 'in_flight', providerRef: batchId };
  }

  private async settledResult(item: PayPalItem): Promise<PayoutResult> {
    const result = itemResult(item);
    if (result !== 'cancel') return result;
    const answer = await this.call('POST', `${ITEMS}/${encodeURIComponent(item.payout_item_id)}/cancel`);
    if (answer.ok) return unclaimedResult(item);
    if (!NOT_CANCELLABLE.has(paypalErrorOf(answer)?.name ?? '')) throw unexpected('cancel the unclaimed payout', answer);
    // Claimed or cancelled meanwhile: as the item stands now.
    const now = await this.call('GET', `${ITEMS}/${encodeURIComponent(item.payout_item_id)}`);
    const current = paypalItemSchema.safeParse(now.body);
    if (!now.ok || !current.success) throw unexpected('show the payout item', now);
    const settled = itemResult(current.data);
    return settled === 'cancel' ? { status: 'in_flight', providerRef: item.payout_batch_id } : settled;
  }

  private async call(method: 'GET' | 'POST', path: string, options?: { body?: unknown; requestId?: string }): Promise<PayPalAnswer> {
    try {
      return await this.api.request(method, path, options);
    } catch (error) {
      if (error instanceof PayPalUnavailable) throw new PayoutProviderError(error.message, { cause: error });
      throw error;
    }
  }
}

function unexpected(action: string, answer: PayPalAnswer): PayoutProviderError {
  const error = paypalErrorOf(answer);
  return new PayoutProviderError(
    `PayPal did not ${action} (${answer.status} ${error?.name ?? 'no error name'}): ${error?.message ?? 'no error message'}`,
  );
}
