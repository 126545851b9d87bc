import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for reCAPTCHA v3 on loopback. `GET /recaptcha/api.js?render=<site key>`
 * serves a script with the `grecaptcha.ready` / `grecaptcha.execute` API that makes tokens in
 * the page (with the action and the page's host inside); `POST /recaptcha/api/siteverify`
 * checks the secret and the token as Google's endpoint does and answers in its shape, each
 * token once, with the score the test sets (`score`, or from another process
 * `PUT /stand-in/score` with the number as its body). Tests also mint tokens directly with `token()`.
 */
export class RecaptchaStandIn {
  /** The score siteverify gives every valid token from now on. */
  score = 0.9;
  /** When set, siteverify answers with this HTTP status instead (an outage). */
  failWith: number | null = null;
  readonly verified: { token: string; remoteip: string | null }[] = [];
  private readonly used = new Set<string>();
  private server: Server | null = null;
  private base = '';

  constructor(
    readonly siteKey = `site-${randomBytes(6).toString('hex')}`,
    readonly secretKey = `secret-${randomBytes(6).toString('hex')}`,
  ) {}

  get verifyUrl(): string {
    return `${this.base}/recaptcha/api/siteverify`;
  }

  get scriptUrl(): string {
    return `${this.base}/recaptcha/api.js`;
  }

  /** The server settings that point the app at this stand-in. */
  env(): Record<string, string> {
    return {
      RECAPTCHA_SITE_KEY: this.siteKey,
      RECAPTCHA_SECRET_KEY: this.secretKey,
      RECAPTCHA_VERIFY_URL: this.verifyUrl,
      RECAPTCHA_SCRIPT_URL: this.scriptUrl,
    };
  }

  /** A token as the script would make it on a page of `hostname` for `action`. */
  token(action: string, hostname: string, siteKey = this.siteKey): string {
    return mintToken({ siteKey, action, hostname, nonce: randomBytes(8).toString('hex') });
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: Error) => {
        response.writeHead(500).end(error.message);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.base);
    if (request.method === 'GET' && url.pathname === '/recaptcha/api.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(clientScript(url.searchParams.get('render') ?? ''));
      return;
    }
    if (request.method === 'PUT' && url.pathname === '/stand-in/score') {
      const score = Number(await readBody(request));
      if (!(score >= 0 && score <= 1)) {
        response.writeHead(400).end('score must be from 0 to 1');
        return;
      }
      this.score = score;
      response.writeHead(204).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/recaptcha/api/siteverify') {
      const form = new URLSearchParams(await readBody(request));
      const token = form.get('response') ?? '';
      this.verified.push({ token, remoteip: form.get('remoteip') });
      if (this.failWith) {
        response.writeHead(this.failWith).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.siteverify(form.get('secret'), token)));
      return;
    }
    response.writeHead(404).end();
  }

  private siteverify(secret: string | null, token: string) {
    if (secret !== this.secretKey) return { success: false, 'error-codes': ['invalid-input-secret'] };
    const claims = readToken(token);
    if (!claims || claims.siteKey !== this.siteKey) return { success: false, 'error-codes': ['invalid-input-response'] };
    if (this.used.has(token)) return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    this.used.add(token);
    return {
      success: true,
      score: this.score,
      action: claims.action,
      hostname: claims.hostname,
      challenge_ts: new Date().toISOString(),
    };
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

interface TokenClaims {
  siteKey: string;
  action: string;
  hostname: string;
  nonce: string;
}

const TOKEN_PREFIX = 'standin.';

function mintToken(claims: TokenClaims): string {
  return TOKEN_PREFIX + Buffer.from(JSON.stringify(claims)).toString('base64url');
}

function readToken(token: string): TokenClaims | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  try {
    return JSON.parse(Buffer.from(token.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return null;
  }
}

/** The browser side: grecaptcha.ready and grecaptcha.execute, making the same tokens as `mintToken`, and the badge Google shows. */
function clientScript(renderedKey: string): string {
  return `(() => {
  const renderedKey = ${JSON.stringify(renderedKey)};
  const badge = document.createElement('div');
  badge.className = 'grecaptcha-badge';
  badge.textContent = 'reCAPTCHA stand-in';
  badge.style.cssText = 'position:fixed;right:0;bottom:14px;width:256px;height:60px;background:#f9f9f9;color:#000';
  document.body.appendChild(badge);
  const toBase64Url = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  window.grecaptcha = {
    ready: (callback) => setTimeout(callback, 0),
    execute: async (siteKey, options) => {
      if (siteKey !== renderedKey) throw new Error('reCAPTCHA stand-in: execute with a site key that was not rendered');
      const nonce = Math.random().toString(16).slice(2);
      return ${JSON.stringify(TOKEN_PREFIX)} + toBase64Url(JSON.stringify({ siteKey, action: options.action, hostname: location.hostname, nonce }));
    },
  };
})();
`;
}
