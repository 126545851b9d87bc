import { z } from 'zod';

/**
 * PayPal's REST API as every PayPal adapter calls it: an OAuth access token from the app's client
 * id and secret (client credentials), kept until shortly before it expires, then JSON requests
 * with it, each under a time limit. No SDK: PayPal's Node Payouts SDK is archived and its current
 * server SDK has no Payouts, and these few calls need none.
 */

const REQUEST_TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires, so none runs out on its way. */
const TOKEN_RENEW_BEFORE_MS = 5 * 60_000;

export interface PayPalAccess {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

export interface PayPalAnswer {
  ok: boolean;
  status: number;
  /** The parsed JSON body, or null when it was not JSON. */
  body: unknown;
}

/** PayPal's error body: `name` says which error, `details` which field, `links` where an earlier resource is. */
const paypalErrorSchema = z.object({
  name: z.string(),
  message: z.string().optional(),
  details: z.array(z.object({ field: z.string().optional(), issue: z.string().optional() })).optional(),
  links: z.array(z.object({ href: z.string(), rel: z.string().optional() })).optional(),
});
export type PayPalError = z.infer<typeof paypalErrorSchema>;

export const paypalErrorOf = (answer: PayPalAnswer): PayPalError | undefined => paypalErrorSchema.safeParse(answer.body).data;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

/** No usable answer: no connection, the time limit, or the app's credentials refused. Whether PayPal acted is unknown. */
export class PayPalUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PayPalUnavailable';
  }
}

export class PayPalClient {
  private token: { value: string; renewAt: number } | null = null;
  /** The token request under way, shared by the calls that wait for it. */
  private tokenRequest: Promise<string> | null = null;

  constructor(private readonly access: PayPalAccess) {}

  /** A call with the app's token; `requestId` (PayPal-Request-Id) makes a POST answer the same on a repeat. */
  async request(method: 'GET' | 'POST', path: string, options: { body?: unknown; requestId?: string } = {}): Promise<PayPalAnswer> {
    const answer = await this.call(method, path, options, await this.accessToken());
    if (answer.status !== 401) return answer;
    // A token PayPal stopped taking before its time: once more with a new one.
    this.token = null;
    return this.call(method, path, options, await this.accessToken());
  }

  private async call(
    method: string,
    path: string,
    { body, requestId }: { body?: unknown; requestId?: string },
    token: string,
  ): Promise<PayPalAnswer> {
    return this.fetchJson(path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.requestToken().finally(() => {
      this.tokenRequest = null;
    });
    return this.tokenRequest;
  }

  private async requestToken(): Promise<string> {
    const basic = Buffer.from(`${this.access.clientId}:${this.access.clientSecret}`).toString('base64');
    const answer = await this.fetchJson('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const token = tokenSchema.safeParse(answer.body);
    if (!answer.ok || !token.success)
      throw new PayPalUnavailable(`PayPal gave no access token (${answer.status}): check the client id and secret`);
    this.token = {
      value: token.data.access_token,
      renewAt: Date.now() + Math.max(0, token.data.expires_in * 1000 - TOKEN_RENEW_BEFORE_MS),
    };
    return this.token.value;
  }

  private async fetchJson(path: string, init: RequestInit): Promise<PayPalAnswer> {
    let response: Response;
    try {
      response = await fetch(`${this.access.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (error) {
      throw new PayPalUnavailable('PayPal could not be reached', { cause: error });
    }
    const body: unknown = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, body };
  }
}
