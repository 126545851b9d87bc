import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope, its payload parsed as JSON. */
export interface EnvelopeItem {
  type: string;
  payload: any;
}

/**
 * A local stand-in for Sentry's ingestion on loopback: `POST /api/<project>/envelope/` with
 * the project's public key (in `X-Sentry-Auth` or the `sentry_key` query parameter), bodies
 * in the envelope format (a header line, then per item a header line and its payload, sized
 * by `length` when given), gzip or plain. Anything else is refused as Sentry refuses it.
 * Another process reads what arrived with `GET /stand-in/items`.
 */
export class SentryStandIn {
  readonly items: EnvelopeItem[] = [];
  private server: Server | null = null;
  private base = '';
  private waiters: { type: string; resolve: (item: EnvelopeItem) => void }[] = [];

  constructor(
    readonly projectId = '42',
    readonly publicKey = 'standinpublickey',
  ) {}

  /** The DSN that points an SDK here. */
  get dsn(): string {
    return `${this.base.replace('://', `://${this.publicKey}@`)}/${this.projectId}`;
  }

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      // Browsers post reports from the app's origin, as to Sentry's ingestion, which allows any origin and header.
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', request.headers['access-control-request-headers'] ?? 'content-type');
      if (request.method === 'GET' && request.url === '/stand-in/items') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.items));
        return;
      }
      this.receive(request)
        .then((status) => response.writeHead(status, { 'content-type': 'application/json' }).end('{}'))
        .catch(() => response.writeHead(400).end('{"detail":"bad envelope"}'));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The next item of this type that arrives (or the first one not yet taken). */
  next(type: string, timeoutMs = 5000): Promise<EnvelopeItem> {
    const index = this.items.findIndex((item) => item.type === type);
    if (index >= 0) return Promise.resolve(this.items.splice(index, 1)[0] as EnvelopeItem);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        type,
        resolve: (item) => {
          clearTimeout(timer);
          resolve(item);
        },
      });
    });
  }

  private async receive(request: IncomingMessage): Promise<number> {
    const url = new URL(request.url ?? '/', this.base);
    if (request.method === 'OPTIONS') return 200;
    if (request.method !== 'POST' || url.pathname !== `/api/${this.projectId}/envelope/`) return 404;
    const auth = String(request.headers['x-sentry-auth'] ?? '');
    const key = url.searchParams.get('sentry_key') ?? /sentry_key=([^,\s]+)/.exec(auth)?.[1];
    if (key !== this.publicKey) return 401;
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: Buffer = Buffer.concat(chunks);
    if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    for (const item of parseEnvelope(body)) {
      const waiter = this.waiters.findIndex((w) => w.type === item.type);
      if (waiter >= 0) this.waiters.splice(waiter, 1)[0]?.resolve(item);
      else this.items.push(item);
    }
    return 200;
  }
}

function parseEnvelope(body: Buffer): EnvelopeItem[] {
  let offset = 0;
  const line = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end < 0 ? body.length : end);
    offset = end < 0 ? body.length : end + 1;
    return text;
  };
  JSON.parse(line().toString('utf8'));
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerText = line().toString('utf8');
    if (!headerText.trim()) continue;
    const header = JSON.parse(headerText) as { type: string; length?: number };
    let payload: Buffer;
    if (typeof header.length === 'number') {
      payload = body.subarray(offset, offset + header.length);
      offset += header.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ type: header.type, payload: JSON.parse(payload.toString('utf8')) });
  }
  return items;
}
