import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { errors } from '../../http/errors.js';
import { verifiedWebhookJson } from './webhook-signature.js';

/**
 * The calls every Stripe adapter makes: a form-encoded POST (with an optional idempotency key)
 * or a GET, with the secret key and a time limit. Stripe signs its webhooks in the scheme of
 * `webhook-signature.ts`, in this header.
 */

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
const REQUEST_TIMEOUT_MS = 15_000;

export interface StripeAccess {
  apiBase: string;
  secretKey: string;
}

export interface StripeAnswer {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when it was not JSON. */
  body: unknown;
}

/** Stripe's error body: `type` says whose problem it is, `code` and `decline_code` which one. */
export const stripeErrorSchema = z.object({
  error: z.object({
    type: z.string().optional(),
    code: z.string().optional(),
    decline_code: z.string().optional(),
    message: z.string().optional(),
    /** A PaymentIntent whose confirmation failed, in the state the failure left it. */
    payment_intent: z.object({ id: z.string().min(1) }).optional(),
  }),
});
export type StripeError = z.infer<typeof stripeErrorSchema>['error'];

export const stripeErrorOf = (answer: StripeAnswer): StripeError | undefined => stripeErrorSchema.safeParse(answer.body).data?.error;

/** No answer came (network failure or time limit): whether Stripe acted on the request is unknown. */
export class StripeUnreachable extends Error {
  constructor(options: { cause: unknown }) {
    super('Stripe could not be reached', options);
    this.name = 'StripeUnreachable';
  }
}

/** POSTs `form` to `path`; a retry with the same idempotency key gets Stripe's first answer again. */
export function postToStripe(access: StripeAccess, path: string, form: URLSearchParams, idempotencyKey?: string): Promise<StripeAnswer> {
  return callStripe(access, path, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
    body: form,
  });
}

/** GETs the object at `path`, as it is now. */
export function getFromStripe(access: StripeAccess, path: string): Promise<StripeAnswer> {
  return callStripe(access, path, { method: 'GET', headers: {} });
}

async function callStripe(
  access: StripeAccess,
  path: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: URLSearchParams },
): Promise<StripeAnswer> {
  let response: Response;
  try {
    response = await fetch(`${access.apiBase}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${access.secretKey}`, ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new StripeUnreachable({ cause: error });
  }
  const body: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, body };
}

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string(),
  /** The connected account an event of a Connect endpoint is about. */
  account: z.string().nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEvent = z.infer<typeof eventSchema>;

/** The event a Stripe webhook delivers, once its signature checks out against the endpoint's secret. */
export function verifiedStripeEvent(headers: IncomingHttpHeaders, rawBody: Buffer, endpoint: { secret: string; now: Date }): StripeEvent {
  const event = eventSchema.safeParse(verifiedWebhookJson({ header: headers[STRIPE_SIGNATURE_HEADER], rawBody, ...endpoint }));
  if (!event.success) throw errors.webhookPayloadInvalid();
  return event.data;
}

/** The event's object read as `schema` says; webhook_payload_invalid when it is not one. */
export function eventObject<T>(event: StripeEvent, schema: z.ZodType<T>): T {
  const object = schema.safeParse(event.data.object);
  if (!object.success) throw errors.webhookPayloadInvalid();
  return object.data;
}
