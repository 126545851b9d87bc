/**
 * The HTTP floor of a hot path: the API's own answers, captured once per viewer and request,
 * sent back from memory by a bare `node:http` server in a child process (no routing, hooks,
 * session, database or serialization). Under the same load generator as the API, it measures
 * what the machine spends on an HTTP request and response of that size alone: beside the SQL
 * floor, the least any API answering those bytes over HTTP could cost.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type ChildServer, listening } from './child-server.js';

/** An answer's key: what tells one viewer's request from another's. */
export const answerKey = (method: string, url: string, cookie: string) => `${method} ${url} ${cookie}`;

/** Starts the floor's server with `answers` (by answerKey) and resolves once it listens. */
export function startHttpFloor(answers: Map<string, Buffer>): Promise<ChildServer> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve-http-floor'], { execArgv: ['--import', 'tsx'] });
  child.send(Object.fromEntries([...answers].map(([key, body]) => [key, body.toString('base64')])));
  return listening(child, 'the HTTP floor', () => child.kill());
}

function serveAnswers(encoded: Record<string, string>): void {
  const answers = new Map(Object.entries(encoded).map(([key, body]) => [key, Buffer.from(body, 'base64')]));
  const server = createServer((request, response) => {
    const body = answers.get(answerKey(request.method ?? 'GET', request.url ?? '/', request.headers.cookie ?? ''));
    // The request's body, if any, is read and dropped, as the API reads it.
    request.resume();
    request.on('end', () => {
      if (!body) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

if (process.argv.includes('--serve-http-floor')) {
  process.once('message', (message) => serveAnswers(message as Record<string, string>));
}
