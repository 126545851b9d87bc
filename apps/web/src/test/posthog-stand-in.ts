import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A request PostHog's SDK sent: its path and its body as text, whatever the SDK's compression. */
export interface PostHogRequest {
  path: string;
  body: string;
}

/**
 * A stand-in for PostHog's ingestion host on loopback, speaking enough of it for the SDK: the
 * remote config and `/flags` answer with session recording on for the project (as the project's
 * settings would), `/e/`
 * and `/s/` take events and recording snapshots, gzip (`compression=gzip-js`), base64 or plain.
 * Browsers reach it cross-origin, so it answers CORS.
 */
export class PostHogStandIn {
  readonly requests: PostHogRequest[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const cors = {
        'access-control-allow-origin': request.headers.origin ?? '*',
        'access-control-allow-credentials': 'true',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
      };
      if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
      void this.receive(request).then((answer) =>
        response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(answer)),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The bodies of the requests whose path starts with `prefix`. */
  bodiesTo(prefix: string): string[] {
    return this.requests.filter((request) => request.path.startsWith(prefix)).map((request) => request.body);
  }

  /**
   * Every recording event received, in order, with its data readable: the SDK gzips a snapshot's
   * data into a binary string (marked by `cv`), undone here.
   */
  snapshots(): { type: number; data: unknown }[] {
    return this.bodiesTo('/s').flatMap((body) =>
      (JSON.parse(body) as { properties: { $snapshot_data: { type: number; data: unknown; cv?: string }[] } }[]).flatMap((event) =>
        event.properties.$snapshot_data.map(({ type, data, cv }) => ({
          type,
          data: cv && typeof data === 'string' ? JSON.parse(gunzipSync(Buffer.from(data, 'latin1')).toString('utf8')) : data,
        })),
      ),
    );
  }

  private async receive(request: IncomingMessage): Promise<unknown> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const compression = url.searchParams.get('compression');
    let body = raw.toString('utf8');
    if (compression === 'gzip-js' || (raw[0] === 0x1f && raw[1] === 0x8b)) body = gunzipSync(raw).toString('utf8');
    else if (compression === 'base64') body = Buffer.from(decodeURIComponent(body.replace(/^data=/, '')), 'base64').toString('utf8');
    this.requests.push({ path: url.pathname, body });
    // The project's settings, as remote config (`/array/<key>/config`) and with the flags.
    if (url.pathname.startsWith('/flags') || url.pathname.startsWith('/array/')) {
      return { flags: {}, featureFlags: {}, sessionRecording: { endpoint: '/s/' }, supportedCompression: ['gzip-js'] };
    }
    return { status: 1 };
  }
}
