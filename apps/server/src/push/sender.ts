import { Agent, fetch } from 'undici';
import webpush from 'web-push';
import type { PushSettings } from '../config/config.js';
import { NotPublicAddressError, publicEndpointProblem, publicOnlyLookup } from './public-endpoint.js';

/** Where one browser takes push messages, and the keys they are encrypted to. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessageOptions {
  /** How long the push service keeps the message for an offline browser, in seconds. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with this topic replaces an undelivered older one at the push service. */
  topic?: string;
}

/**
 * What the push service made of a message (RFC 8030 section 5):
 * - delivered: 201 (or any 2xx);
 * - gone: 404 or 410, the subscription has expired or was withdrawn: forget it;
 * - retry: 429, 5xx or no answer: try again later (after `retryAfterMs` when the service said);
 * - rejected: any other 4xx (a payload too large, a bad request): trying again cannot help;
 * - not_public: the endpoint is no push service on the internet (it is, or its name now leads to,
 *   an address of this machine or a private network): nothing was sent, and it is forgotten.
 */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; reason: string }
  | { kind: 'rejected'; status: number; reason: string }
  | { kind: 'not_public'; reason: string };

export type PushTransport = (target: PushTarget, payload: string, options: PushMessageOptions) => Promise<PushOutcome>;

const SEND_TIMEOUT_MS = 10_000;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Sends push messages with the Web Push protocol: the `web-push` package encrypts the payload
 * (aes128gcm, RFC 8291) and signs the VAPID JWT (RFC 8292); the request itself goes out with
 * fetch, with a time limit, so the answer can be sorted into the outcomes above. With
 * `publicEndpointsOnly` (production) nothing is sent to an endpoint that is not a public https
 * host: its URL is checked, and the connection's own DNS lookup refuses private addresses, so a
 * name cannot be pointed at an internal service after it was stored.
 */
export function webPushTransport(settings: PushSettings): PushTransport {
  const vapidDetails = { subject: settings.vapidSubject, publicKey: settings.vapidPublicKey, privateKey: settings.vapidPrivateKey };
  const dispatcher = settings.publicEndpointsOnly ? new Agent({ connect: { lookup: publicOnlyLookup } }) : undefined;
  return async (target, payload, options) => {
    const problem = settings.publicEndpointsOnly ? publicEndpointProblem(target.endpoint) : null;
    if (problem) return { kind: 'not_public', reason: `the endpoint ${problem}` };
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(options.topic ? { topic: options.topic } : {}),
      },
    );
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body as Buffer) : null,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
        ...(dispatcher ? { dispatcher } : {}),
      });
    } catch (error) {
      const notPublic = causeOfType(error, NotPublicAddressError);
      if (notPublic) return { kind: 'not_public', reason: notPublic.message };
      return { kind: 'retry', status: null, retryAfterMs: null, reason: error instanceof Error ? error.message : String(error) };
    }
    const text = await response.text().catch(() => '');
    const reason = `${response.status} ${text.slice(0, 200)}`.trim();
    if (response.ok) return { kind: 'delivered' };
    if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
    if (response.status === 429 || response.status >= 500) {
      return { kind: 'retry', status: response.status, retryAfterMs: retryAfterMs(response.headers.get('retry-after')), reason };
    }
    return { kind: 'rejected', status: response.status, reason };
  };
}

/** The first error of type `type` in `error`'s chain of causes (fetch wraps a connection's error in its own). */
function causeOfType<T extends Error>(error: unknown, type: new (...args: never[]) => T): T | null {
  for (let current = error; current instanceof Error; current = current.cause) if (current instanceof type) return current;
  return null;
}
