import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A raw HTTP/1.1 connection to the server: what a browser or a proxy reusing it would see. */
class RawConnection {
  private received = '';
  private closed = false;
  private readonly socket: Socket;

  constructor() {
    const { hostname, port } = new URL(server.baseUrl);
    this.socket = connect(Number(port), hostname);
    this.socket.on('data', (chunk) => {
      this.received += chunk.toString('latin1');
    });
    this.socket.on('error', () => {});
    this.socket.on('close', () => {
      this.closed = true;
    });
    onTestFinished(() => void this.socket.destroy());
  }

  send(text: string): void {
    this.socket.write(text);
  }

  /** Waits until `count` answers have arrived or the server closed the connection, at most `ms`. */
  async answers(count: number, ms = 10_000): Promise<{ statuses: string[]; text: string; closed: boolean }> {
    const deadline = Date.now() + ms;
    const statuses = () => [...this.received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1] ?? '');
    while (Date.now() < deadline && statuses().length < count && !this.closed) await new Promise((resolve) => setTimeout(resolve, 20));
    return { statuses: statuses(), text: this.received, closed: this.closed };
  }
}

const host = () => new URL(server.baseUrl).host;
const healthRequest = () => `GET /api/health/live HTTP/1.1\r\nhost: ${host()}\r\n\r\n`;

describe(`answers on a kept-alive connection (${TEST_DRIVER})`, () => {
  it('closes the connection after answering before the body arrived, so the next request is never read as its body', async () => {
    const client = new ApiClient(server);
    await client.signIn(`early-${Date.now()}@example.com`);
    const connection = new RawConnection();
    const body = 'x'.repeat(100_000);
    // The server refuses the media type from the headers; the client then stops sending the body and asks again.
    connection.send(
      `PUT /api/subscriptions/49/payment-method HTTP/1.1\r\nhost: ${host()}\r\norigin: ${server.baseUrl}\r\ncookie: ${client.cookie}\r\n` +
        `content-type: application/xml\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 1000)}`,
    );
    const early = await connection.answers(1);
    expect(early.statuses).toEqual(['415']);
    expect(early.text).toMatch(/^connection: close\r$/im);
    connection.send(healthRequest());
    const after = await connection.answers(2);
    // The client learns at once that its connection is gone, instead of waiting for an answer that never comes.
    expect(after.closed).toBe(true);
    expect(after.statuses).toEqual(['415']);
  });

  it('keeps the connection for the next request when the body was read whole, even for an error', async () => {
    const connection = new RawConnection();
    const body = JSON.stringify({ email: 'not-an-address' });
    connection.send(
      `POST /api/auth/code HTTP/1.1\r\nhost: ${host()}\r\norigin: ${server.baseUrl}\r\ncontent-type: application/json\r\n` +
        `content-length: ${body.length}\r\n\r\n${body}`,
    );
    expect((await connection.answers(1)).statuses).toEqual(['400']);
    connection.send(healthRequest());
    const after = await connection.answers(2);
    expect(after.statuses).toEqual(['400', '200']);
    expect(after.closed).toBe(false);
    expect(after.text).not.toMatch(/^connection: close\r$/im);
  });
});
