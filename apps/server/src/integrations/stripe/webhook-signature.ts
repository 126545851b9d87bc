import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../http/errors.js';

/**
 * Webhook signatures in Stripe's scheme, used by every provider that calls us back:
 * a header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, possibly with
 * several v1 values while a secret is being rolled. The timestamp bounds replays.
 */

export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'missing' | 'malformed' | 'no_match' | 'stale' };

const hmacHex = (secret: string, timestamp: number, payload: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');

/** The header value for a payload, as the sender computes it. */
export function signWebhookPayload(secret: string, payload: Buffer | string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmacHex(secret, timestampSeconds, payload)}`;
}

export function verifyWebhookSignature(options: {
  header: string | string[] | undefined;
  payload: Buffer;
  secret: string;
  now: Date;
  toleranceSeconds?: number;
}): SignatureCheck {
  const { header, payload, secret, now, toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS } = options;
  if (typeof header !== 'string' || header === '') return { ok: false, reason: 'missing' };
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const separator = item.indexOf('=');
    const [key, value] = [item.slice(0, separator).trim(), item.slice(separator + 1).trim()];
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'hex');
  // Compare with every v1 without stopping early, so timing reveals nothing about which matched.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(expected, Buffer.from(signature, 'hex')) || matched;
  if (!matched) return { ok: false, reason: 'no_match' };
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}

/** The JSON body of a webhook whose signature header checks out against `secret`. */
export function verifiedWebhookJson(options: {
  header: string | string[] | undefined;
  rawBody: Buffer;
  secret: string;
  now: Date;
}): unknown {
  const check = verifyWebhookSignature({ header: options.header, payload: options.rawBody, secret: options.secret, now: options.now });
  if (!check.ok) {
    throw new AppError(400, 'webhook_signature_invalid', `The webhook signature is not valid (${check.reason.replace('_', ' ')}).`);
  }
  try {
    return JSON.parse(options.rawBody.toString('utf8'));
  } catch {
    throw webhookPayloadInvalid();
  }
}

export const webhookPayloadInvalid = () =>
  new AppError(400, 'webhook_payload_invalid', 'The webhook body is not an event this endpoint understands.');
