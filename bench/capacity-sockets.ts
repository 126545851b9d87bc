/**
 * Open realtime sockets held at once: each a seeded viewer's signed-in app following its own
 * channel, opened through `baseUrl` (an instance or the balancer), then left idle as members'
 * open tabs are. Measures the time to open them, the memory they take on the instances and on
 * HAProxy, the CPU their heartbeats cost, and that every one is still open after the idle spell.
 */
import { REALTIME_PATH, type RealtimeServerMessage } from '@aurum/core';
import { WebSocket } from 'ws';
import { openAll } from './chat-pairs.js';
import { readMemory } from './compiled-server.js';
import { cpuSecondsByPid } from './server.js';

export interface Viewer {
  cookie: string;
  userId: string;
}

export interface SocketsRun {
  sockets: number;
  openedPerSecond: number;
  /** Resident growth per 1,000 sockets, all instances together, and of HAProxy. */
  instanceMiBPer1000: number;
  haproxyMiBPer1000: number;
  /** CPU while the sockets idle (heartbeats), in cores. */
  idleCores: number;
  stillOpen: number;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

function openSocket(baseUrl: string, origin: string, viewer: Viewer): Promise<WebSocket> {
  const socket = new WebSocket(baseUrl.replace('http', 'ws') + REALTIME_PATH, {
    headers: { origin, cookie: viewer.cookie },
    perMessageDeflate: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed with ${code}`)));
    socket.once('open', () => socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${viewer.userId}` })));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as RealtimeServerMessage;
      if (message.type === 'subscribed') {
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        socket.on('error', () => undefined);
        resolve(socket);
      } else if (message.type === 'error') reject(new Error(message.error.message));
    });
  });
}

const rssOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + readMemory(pid).rss, 0);

export async function holdSockets(options: {
  /** Where the sockets connect (an instance, or the balancer), and the product's public address they come from. */
  baseUrl: string;
  origin: string;
  viewers: readonly Viewer[];
  count: number;
  idleSeconds: number;
  pids: { instances: number[]; haproxy: number | null };
}): Promise<SocketsRun> {
  const { baseUrl, origin, viewers, count, pids } = options;
  const haproxy = pids.haproxy ? [pids.haproxy] : [];
  await settle();
  const before = { instances: rssOf(pids.instances), haproxy: rssOf(haproxy) };
  const started = performance.now();
  const sockets = await openAll(
    Array.from({ length: count }, (_unused, index) => () => openSocket(baseUrl, origin, viewers[index % viewers.length] as Viewer)),
  );
  const openedPerSecond = count / ((performance.now() - started) / 1000);
  await settle();
  const after = { instances: rssOf(pids.instances), haproxy: rssOf(haproxy) };
  const cpuBefore = cpuSecondsByPid([...pids.instances, ...haproxy]);
  await new Promise((resolve) => setTimeout(resolve, options.idleSeconds * 1000));
  const cpuAfter = cpuSecondsByPid([...pids.instances, ...haproxy]);
  const idleSeconds = [...cpuAfter].reduce((sum, [pid, seconds]) => sum + seconds - (cpuBefore.get(pid) ?? 0), 0);
  const stillOpen = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  for (const socket of sockets) socket.terminate();
  return {
    sockets: count,
    openedPerSecond,
    instanceMiBPer1000: ((after.instances - before.instances) / count) * 1000,
    haproxyMiBPer1000: haproxy.length ? ((after.haproxy - before.haproxy) / count) * 1000 : 0,
    idleCores: idleSeconds / options.idleSeconds,
    stillOpen,
  };
}
