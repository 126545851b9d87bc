/**
 * The floor of the capacity bench's sockets and uploads: a bare Node server in a child process
 * that speaks just enough of the same protocols (no session, database, limits or media). A tus
 * creation answers 201 with a location; a PATCH writes its body to a file on disk and answers 200;
 * a websocket's subscribe is answered `subscribed`. What the machine spends holding a socket or
 * taking in a file, beside what the product spends.
 */
import { fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { UPLOADS_PATH } from '@aurum/core';
import { WebSocketServer } from 'ws';
import { type ChildServer, listening } from './child-server.js';

export function startCapacityFloor(): Promise<ChildServer> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve-capacity-floor'], { execArgv: ['--import', 'tsx'] });
  return listening(child, 'the capacity floor', () => child.kill('SIGTERM'));
}

async function serve(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'aurum-capacity-floor-'));
  let uploads = 0;
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      response.writeHead(201, { location: `${UPLOADS_PATH}/${++uploads}` }).end();
      return;
    }
    const file = path.join(folder, path.basename(request.url ?? 'upload'));
    pipeline(request, createWriteStream(file)).then(
      () => response.writeHead(200).end(),
      () => response.writeHead(500).end(),
    );
  });
  const sockets = new WebSocketServer({ server, perMessageDeflate: false });
  sockets.on('connection', (socket) => {
    socket.on('message', () => socket.send(JSON.stringify({ type: 'subscribed' })));
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
  process.once('SIGTERM', () => {
    void rm(folder, { recursive: true, force: true }).finally(() => process.exit(0));
  });
}

if (process.argv.includes('--serve-capacity-floor')) await serve();
