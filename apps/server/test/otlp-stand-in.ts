import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/**
 * A local stand-in for an OpenTelemetry collector's OTLP/HTTP receiver on loopback:
 * `POST /v1/traces` and `POST /v1/metrics` with JSON bodies (gzip or plain), kept for the
 * tests. It can answer the next requests with an error status (and Retry-After) to test retries.
 * `GET /stand-in/spans` lists the spans received (the browser journeys read them from another process).
 */
export class OtlpStandIn {
  readonly traces: unknown[] = [];
  readonly metrics: unknown[] = [];
  readonly requests: { path: string; status: number; encoding: string | undefined; headers: IncomingMessage['headers'] }[] = [];
  /**
   * Statuses to answer the next requests to a path with, in order, before accepting again;
   * `matching` limits a failure to the exports it picks (say, the browser's, not the server's own).
   */
  failNext: { path: string; status: number; retryAfter?: string; matching?: (body: unknown) => boolean }[] = [];
  private server: Server | null = null;
  url = '';

  async start(port = 0): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.method === 'GET' && request.url === '/stand-in/spans') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.spans()));
        return;
      }
      this.receive(request)
        .then(({ status, headers }) => response.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{}'))
        .catch(() => response.writeHead(400).end('{}'));
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Every span received, flattened from resource and scope spans. */
  spans(): OtlpSpan[] {
    return (this.traces as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }[]).flatMap((body) =>
      body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)),
    );
  }

  /** The names of every metric received. */
  metricNames(): string[] {
    return (this.metrics as { resourceMetrics: { scopeMetrics: { metrics: { name: string }[] }[] }[] }[]).flatMap((body) =>
      body.resourceMetrics.flatMap((resource) => resource.scopeMetrics.flatMap((scope) => scope.metrics.map((metric) => metric.name))),
    );
  }

  private async receive(request: IncomingMessage): Promise<{ status: number; headers: Record<string, string> }> {
    const path = request.url ?? '';
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number) => {
      this.requests.push({ path, status, encoding: request.headers['content-encoding'], headers: request.headers });
      return status;
    };
    let body: Buffer = Buffer.concat(chunks);
    if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const failing = this.failNext.findIndex((failure) => failure.path === path && (failure.matching?.(parsed) ?? true));
    if (failing >= 0) {
      const [failure] = this.failNext.splice(failing, 1);
      return { status: answer(failure?.status ?? 503), headers: failure?.retryAfter ? { 'retry-after': failure.retryAfter } : {} };
    }
    if (path === '/v1/traces') this.traces.push(parsed);
    else if (path === '/v1/metrics') this.metrics.push(parsed);
    else return { status: answer(404), headers: {} };
    return { status: answer(200), headers: {} };
  }
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
