import { randomBytes } from 'node:crypto';

/** What every part of the Stripe stand-in answers with: Stripe's ids, refusals and form reading. */

export const stripeId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A request Stripe refuses before acting on it: not kept for its idempotency key. */
export class StripeRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message));
  }
}
export const invalidRequest = (message: string, extra: Record<string, unknown> = {}) =>
  new StripeRefusal(400, { type: 'invalid_request_error', message, ...extra });
export const parameterMissing = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
/** An unknown id in the path is a 404; one named in a parameter is a 400. */
export const noSuch = (what: string, id: string, param?: string) =>
  new StripeRefusal(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    param,
  });
export const cardRefusal = (code: string, message: string, param: string) =>
  new StripeRefusal(402, { type: 'card_error', code, message, param });

/** The entries of a form hash such as `metadata[key]=value`, as Stripe reads them. */
export function formHash(form: URLSearchParams, name: string): Record<string, string> {
  const hash: Record<string, string> = {};
  for (const [key, value] of form) {
    const inner = key.startsWith(`${name}[`) && key.endsWith(']') ? key.slice(name.length + 1, -1) : null;
    if (inner && /^\w+$/.test(inner)) hash[inner] = value;
  }
  return hash;
}

export interface Answer {
  status: number;
  body: unknown;
}
