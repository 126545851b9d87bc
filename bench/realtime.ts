/**
 * Chat over the realtime websocket at scale: many open sockets on one instance and split over
 * two instances that share PostgreSQL and fan out through Redis. Measures the delivery latency
 * of a chat message from the sender's POST to its arrival on the partner's socket at a steady
 * rate (--rate per second, sent on a clock whatever the answers do), the most messages per
 * second with --concurrency sends in flight, and the server's resident memory per 1,000 idle sockets.
 *
 *   npm run build && node --import tsx bench/realtime.ts [--sockets 2000] [--messages 2000] [--concurrency 16] [--rate 50]
 *     [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379] [--no-results]
 *
 * Every socket is a member or a creator of a chat (one chat per pair, seeded in SQL with a plan
 * that includes chat, a valid subscription and a session each); the member sends, the creator's
 * socket receives. The floor beside it: the same socket count idle, and the send alone.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateId } from '@aurum/core';
import pg from 'pg';
import { type Listener, openAll, openChatSocket, type Pair, seedChatPairs, sendChatMessage } from './chat-pairs.js';
import { type RunningServer, readMemory, startCompiledServer } from './compiled-server.js';
import { replaceResultsSection } from './results.js';
import { argument, DEFAULT_SERVER_URL, ms, percentile, scratchDatabase } from './target.js';

const SOCKETS = Number(argument('sockets') ?? 2000);
const MESSAGES = Number(argument('messages') ?? 2000);
const CONCURRENCY = Number(argument('concurrency') ?? 16);
/** Messages per second for the latency phase: well below saturation, so it measures the path and not a queue. */
const RATE = Number(argument('rate') ?? 50);
const SERVER_URL = argument('database-url') ?? DEFAULT_SERVER_URL;
const REDIS_URL = argument('redis-url') ?? 'redis://127.0.0.1:6379';
const RESULTS_HEADING = '## Realtime chat';

interface RunResult {
  layout: string;
  sockets: number;
  latencies: number[];
  sendOnly: number[];
  perSecond: number;
  idleMiBPer1000: number[];
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 3000));

/** One layout: members' sockets on `senders`' instance, creators' on `receivers`'; messages go in over HTTP to the senders' instance. */
async function run(
  layout: string,
  pairs: Pair[],
  sendTo: RunningServer,
  memberSide: RunningServer,
  creatorSide: RunningServer,
): Promise<RunResult> {
  const servers = [...new Set([memberSide, creatorSide])];
  await settle();
  const before = servers.map((server) => readMemory(server.pid).rss);
  const members = await openAll(pairs.map((pair) => () => openChatSocket(memberSide, pair.memberToken, pair.chatId)));
  const creators = await openAll(pairs.map((pair) => () => openChatSocket(creatorSide, pair.creatorToken, pair.chatId)));
  await settle();
  const after = servers.map((server) => readMemory(server.pid).rss);
  const socketsPer = servers.map((server) => (server === memberSide ? pairs.length : 0) + (server === creatorSide ? pairs.length : 0));
  const idleMiBPer1000 = servers.map((_server, i) => (((after[i] as number) - (before[i] as number)) / (socketsPer[i] as number)) * 1000);

  for (let i = 0; i < 50; i++) await sendChatMessage(sendTo, pairs[i % pairs.length] as Pair, 'warm-up');
  /** Sends message `index` from its pair's member and resolves with the time until the creator's socket had it. */
  const deliver = async (index: number) => {
    const pairIndex = index % pairs.length;
    const id = generateId();
    const sentAt = performance.now();
    const arrived = (creators[pairIndex] as Listener).waitFor(id);
    await sendChatMessage(sendTo, pairs[pairIndex] as Pair, `message ${index}`, id);
    return (await arrived) - sentAt;
  };

  // Latency: one message every 1/RATE s, on a clock (open loop), so a slow answer does not slow the sending.
  const paced: Promise<number>[] = [];
  const pacedStart = performance.now();
  for (let index = 0; index < MESSAGES; index++) {
    const due = pacedStart + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    paced.push(deliver(index));
  }
  const latencies = await Promise.all(paced);

  // Throughput: CONCURRENCY sends in flight, each starting when one is delivered.
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < MESSAGES) await deliver(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // The floor: the same POSTs timed to their answer alone, no socket waiting for them.
  const sendOnly: number[] = [];
  for (let i = 0; i < 200; i++) {
    const pair = pairs[i % pairs.length] as Pair;
    const t0 = performance.now();
    await sendChatMessage(sendTo, pair, 'floor');
    sendOnly.push(performance.now() - t0);
  }
  for (const listener of [...members, ...creators]) listener.socket.terminate();
  return { layout, sockets: pairs.length * 2, latencies, sendOnly, perSecond: MESSAGES / seconds, idleMiBPer1000 };
}

function table(results: RunResult[]): string {
  const lines = [
    `| layout | sockets | delivery p50 ms at ${RATE}/s | delivery p99 ms at ${RATE}/s | most messages/s (${CONCURRENCY} in flight) | send answered p50 / p99 ms (1 at a time) | MiB per 1,000 idle sockets |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const result of results) {
    lines.push(
      `| ${result.layout} | ${result.sockets} | ${ms(percentile(result.latencies, 50))} | ${ms(percentile(result.latencies, 99))} | ${result.perSecond.toFixed(0)} | ${ms(percentile(result.sendOnly, 50))} / ${ms(percentile(result.sendOnly, 99))} | ${result.idleMiBPer1000.map((value) => value.toFixed(1)).join(' + ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const database = await scratchDatabase(SERVER_URL, 'realtime');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'aurum-bench-realtime-'));
  const secret = randomBytes(32).toString('hex');
  const env = { DATABASE_URL: database.url, REDIS_URL, SESSION_SECRET: secret };
  const servers: RunningServer[] = [];
  try {
    const first = await startCompiledServer({ dataDir: path.join(scratch, 'a'), env });
    servers.push(first);
    const second = await startCompiledServer({ dataDir: path.join(scratch, 'b'), env });
    servers.push(second);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const pairs = await seedChatPairs(client, Math.floor(SOCKETS / 2));
    await client.end();
    console.log(`seeded ${pairs.length} chats; ${SOCKETS} sockets, ${MESSAGES} messages, ${CONCURRENCY} at a time`);

    const results = [
      await run('one instance', pairs, first, first, first),
      await run('two instances (send to A, receive on B through Redis)', pairs, first, first, second),
    ];
    const text = table(results);
    console.log(`\n${text}`);
    if (process.argv.includes('--no-results')) return;
    const section = [
      RESULTS_HEADING,
      '',
      `\`node --import tsx bench/realtime.ts\` on ${os.cpus().length} vCPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, the compiled server with PostgreSQL and Redis on the same machine, ${new Date().toISOString().slice(0, 10)}. The load generator shares the cores.`,
      `${SOCKETS} sockets each following its chat. Delivery: ${MESSAGES} messages at ${RATE} per second, each a POST by the member timed until the creator's socket has it. Throughput: ${MESSAGES} messages with ${CONCURRENCY} in flight. "Send answered" is the POST alone, one at a time: the floor the delivery adds to. Memory: resident growth of each instance while its sockets were opened and idle, per 1,000 sockets.`,
      '',
      text,
      '',
    ].join('\n');
    replaceResultsSection(RESULTS_HEADING, section);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
