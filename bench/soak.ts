/**
 * The soak: mixed traffic for --minutes (30) on the compiled server with PostgreSQL and Redis,
 * as production runs it. Members read their feed, posts, profiles and Explore, like and unlike,
 * chat over sockets (each message timed until the creator's socket has it); creators upload
 * photos (tus, processed by the server's jobs) and post them; members subscribe with the
 * development payment provider and cancel. Requests go out on a clock (--rate per second, open
 * loop), so a slow answer shows as latency, never as less traffic.
 *
 *   npm run build && node --import tsx bench/soak.ts [--minutes 30] [--rate 40] [--scale 0.05]
 *     [--database-url postgres://postgres@127.0.0.1:5432/postgres] [--redis-url redis://127.0.0.1:6379] [--no-results]
 *
 * Per minute: requests, failures, p50 and p99 of every HTTP answer, chat delivery p99, and the
 * server's peak resident memory. The bars: after the first 5 minutes resident memory grows at most
 * 10% to the end (the peak of the last 5 minutes against that of minutes 6 to 10), no request
 * fails, and every later minute's p99 stays within 2x of the first 5 minutes'. Writes the table and bench/soak.svg (the curve) to RESULTS.md; exits 1 if a bar is missed.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateId, UPLOADS_PATH } from '@aurum/core';
import pg from 'pg';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import { jpegWithLocation } from '../apps/server/test/media-fixtures.js';
import { type Listener, openAll, openChatSocket, type Pair, seedChatPairs } from './chat-pairs.js';
import { ROOT, type RunningServer, readMemory, startCompiledServer } from './compiled-server.js';
import { replaceResultsSection } from './results.js';
import { type MinuteRow, soakChart } from './soak-chart.js';
import { argument, DEFAULT_SERVER_URL, ms, percentile, scratchDatabase, VIEWER_TOKEN_PREFIX } from './target.js';

const MINUTES = Number(argument('minutes') ?? 30);
const RATE = Number(argument('rate') ?? 40);
const SCALE = argument('scale') ?? '0.05';
const SERVER_URL = argument('database-url') ?? DEFAULT_SERVER_URL;
const REDIS_URL = argument('redis-url') ?? 'redis://127.0.0.1:6379';
/** Chats of a member and a creator, each side on its own socket. */
const CHAT_PAIRS = 25;
/** Seeded benchmark viewers with sessions (bench/seed.ts makes at least 20). */
const VIEWERS = 20;
const UPLOAD_EVERY_MS = 20_000;
const PAYMENT_EVERY_MS = 10_000;
/** A request or a chat delivery that takes longer fails. */
const GIVE_UP_MS = 15_000;
/** More requests in flight than this means the server has fallen behind the clock: a failure. */
const MOST_IN_FLIGHT = 400;
const BASELINE_MINUTES = Math.min(5, MINUTES);
const MEMORY_GROWTH_LIMIT = 0.1;
const MEMORY_SAMPLE_MS = 5_000;
const P99_LIMIT = 2;
const RESULTS_HEADING = '## Soak';
const CHART_FILE = 'soak.svg';

interface Answer {
  status: number;
  json(): unknown;
}

/** What each minute collects until it is closed. */
class Minute {
  readonly latencies: number[] = [];
  readonly deliveries: number[] = [];
  failures = 0;
  rssPeakMiB = 0;
}

class Soak {
  private minute = new Minute();
  private readonly baseline: number[] = [];
  readonly rows: MinuteRow[] = [];
  readonly failureSamples: string[] = [];
  inFlight = 0;

  constructor(private readonly server: RunningServer) {}

  /** One HTTP request as the app makes it, timed into the current minute; throws on anything but a success. */
  async request(cookie: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const started = performance.now();
    this.inFlight++;
    try {
      const json = body !== undefined && !(body instanceof Uint8Array);
      const response = await fetch(this.server.baseUrl + url, {
        method,
        headers: {
          origin: this.server.baseUrl,
          cookie,
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as Uint8Array),
        signal: AbortSignal.timeout(GIVE_UP_MS),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 160)}`);
      this.minute.latencies.push(performance.now() - started);
      return { status: response.status, json: () => JSON.parse(text) };
    } finally {
      this.inFlight--;
    }
  }

  async json<T>(cookie: string, method: string, url: string, body?: unknown): Promise<T> {
    return (await this.request(cookie, method, url, body)).json() as T;
  }

  delivered(ms: number): void {
    this.minute.deliveries.push(ms);
  }

  fail(error: unknown): void {
    this.minute.failures++;
    if (this.failureSamples.length < 10) this.failureSamples.push(error instanceof Error ? error.message : String(error));
  }

  /** Runs `work` without waiting for it; a failure is counted, never thrown. */
  fire(work: () => Promise<unknown>): void {
    if (this.inFlight >= MOST_IN_FLIGHT) this.fail(new Error(`more than ${MOST_IN_FLIGHT} requests in flight`));
    else work().catch((error: unknown) => this.fail(error));
  }

  /** Reads the server's resident memory into the current minute's peak. */
  sampleMemory(): number {
    const rss = readMemory(this.server.pid).rss;
    this.minute.rssPeakMiB = Math.max(this.minute.rssPeakMiB, rss);
    return rss;
  }

  closeMinute(): MinuteRow {
    this.sampleMemory();
    const { latencies, deliveries, failures, rssPeakMiB } = this.minute;
    this.minute = new Minute();
    const row: MinuteRow = {
      minute: this.rows.length + 1,
      requests: latencies.length,
      failures,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      chatP99: percentile(deliveries, 99),
      rssMiB: rssPeakMiB,
    };
    if (row.minute <= BASELINE_MINUTES) this.baseline.push(...latencies);
    this.rows.push(row);
    return row;
  }

  baselineP99(): number {
    return percentile(this.baseline, 99);
  }
}

interface Scene {
  viewers: string[];
  posts: string[];
  creators: string[];
  pairs: Pair[];
  creatorSockets: Listener[];
  memberSockets: Listener[];
  photo: Uint8Array;
}

const cookieOf = (token: string) => `${SESSION_COOKIE}=${token}`;
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** The reads and writes of members, one per tick of the clock, in a fixed rotation. */
function memberOperation(soak: Soak, scene: Scene, tick: number): () => Promise<unknown> {
  const viewer = scene.viewers[tick % scene.viewers.length] as string;
  const post = scene.posts[(tick * 7) % scene.posts.length] as string;
  const creator = scene.creators[(tick * 3) % scene.creators.length] as string;
  const pairIndex = tick % scene.pairs.length;
  const pair = scene.pairs[pairIndex] as Pair;
  const rotation: (() => Promise<unknown>)[] = [
    () => soak.request(viewer, 'GET', '/api/feed?limit=20'),
    () => soak.request(viewer, 'GET', `/api/posts/${post}`),
    () => sendAndDeliver(soak, scene, pairIndex, tick),
    () => soak.request(viewer, 'GET', `/api/users/${creator}/profile-page`),
    () => soak.request(viewer, 'GET', '/api/feed?limit=20'),
    async () => {
      await soak.request(viewer, 'PUT', `/api/posts/${post}/like`);
      await soak.request(viewer, 'DELETE', `/api/posts/${post}/like`);
    },
    () => soak.request(viewer, 'GET', `/api/users/${creator}/posts?limit=20`),
    () => sendAndDeliver(soak, scene, pairIndex, tick),
    () => soak.request(viewer, 'GET', '/api/creators?sort=popular&limit=20'),
    () => soak.request(cookieOf(pair.memberToken), 'GET', '/api/chats'),
    () => soak.request(viewer, 'GET', '/api/feed?limit=20'),
    () => soak.request(viewer, 'GET', `/api/creators?q=creator${tick % 50}&limit=20`),
    () => soak.request(viewer, 'GET', '/api/me'),
    () => soak.request(cookieOf(pair.memberToken), 'GET', `/api/chats/${pair.chatId}/messages?limit=30`),
    () => soak.request('', 'GET', '/'),
  ];
  return rotation[tick % rotation.length] as () => Promise<unknown>;
}

/** A member's chat message, timed from the POST until the creator's socket has it. */
async function sendAndDeliver(soak: Soak, scene: Scene, pairIndex: number, tick: number): Promise<void> {
  const pair = scene.pairs[pairIndex] as Pair;
  const id = generateId();
  const started = performance.now();
  const arrived = (scene.creatorSockets[pairIndex] as Listener).waitFor(id);
  await soak.request(cookieOf(pair.memberToken), 'POST', `/api/chats/${pair.chatId}/messages`, { id, text: `soak ${tick}` });
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`chat message ${id} not delivered in ${GIVE_UP_MS} ms`)), GIVE_UP_MS);
  });
  try {
    soak.delivered((await Promise.race([arrived, gaveUp])) - started);
  } finally {
    clearTimeout(timer);
  }
}

/** A creator uploads a photo as the app does (tus, whole in the creation request), waits for it to be processed and posts it. */
async function uploadAndPost(soak: Soak, scene: Scene, round: number): Promise<void> {
  const creator = cookieOf((scene.pairs[round % scene.pairs.length] as Pair).creatorToken);
  const upload = await soak.request(creator, 'POST', UPLOADS_PATH, scene.photo, {
    'tus-resumable': '1.0.0',
    'upload-length': String(scene.photo.length),
    'upload-metadata': `filename ${base64('soak.jpg')},filetype ${base64('image/jpeg')}`,
    'content-type': 'application/offset+octet-stream',
  });
  const { mediaId } = (await upload.json()) as { mediaId: string };
  for (let polls = 0; ; polls++) {
    const { status } = await soak.json<{ status: string }>(creator, 'GET', `/api/media/${mediaId}/status`);
    if (status === 'ready') break;
    if (status === 'failed' || polls > 60) throw new Error(`upload ${mediaId} ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await soak.request(creator, 'POST', '/api/posts', { text: `Soak photo ${round}`, mediaIds: [mediaId], access: ['public'] });
}

/** A member subscribes to another pair's creator with the development provider's test card, then turns renewal off. */
async function subscribeAndCancel(soak: Soak, scene: Scene, round: number, methods: Map<number, string>): Promise<void> {
  const memberIndex = round % scene.pairs.length;
  const member = cookieOf((scene.pairs[memberIndex] as Pair).memberToken);
  // Member i takes the plans of pairs i+1, i+2, ... in turn: never one it already holds (for 24 rounds of the pairs, 100 minutes).
  const planId = (scene.pairs[(memberIndex + 1 + Math.floor(round / scene.pairs.length)) % scene.pairs.length] as Pair).planId;
  let methodId = methods.get(memberIndex);
  if (!methodId) {
    const { token } = await soak.json<{ token: string }>(member, 'POST', '/api/payments/dev/tokens', {
      type: 'card',
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    methodId = (await soak.json<{ id: string }>(member, 'POST', '/api/payment-methods', { token, makeDefault: true })).id;
    methods.set(memberIndex, methodId);
  }
  const subscription = await soak.json<{ id: string }>(member, 'POST', '/api/subscriptions', {
    planId,
    paymentMethodId: methodId,
    idempotencyKey: `soak-${randomBytes(8).toString('hex')}-${round}`,
  });
  await soak.request(member, 'POST', `/api/subscriptions/${subscription.id}/cancel`);
}

/** Every `everyMs`, `work(round)` without waiting for it, until `until` (performance.now()). */
function every(soak: Soak, everyMs: number, until: number, work: (round: number) => Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    let round = 0;
    const timer = setInterval(() => {
      if (performance.now() >= until) {
        clearInterval(timer);
        resolve();
        return;
      }
      const current = round++;
      soak.fire(() => work(current));
    }, everyMs);
  });
}

async function prepare(server: RunningServer, databaseUrl: string): Promise<Scene> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pairs = await seedChatPairs(client, CHAT_PAIRS);
    const posts = await client.query<{ id: string }>(
      `select id from posts where 'public' = any(access) and deleted_at is null and publish_at <= now() order by publish_at desc limit 500`,
    );
    const creators = await client.query<{ creator_id: string }>('select distinct creator_id from posts limit 50');
    const open = (token: string, chatId: string) => () => openChatSocket(server, token, chatId);
    return {
      viewers: Array.from({ length: VIEWERS }, (_value, i) => cookieOf(`${VIEWER_TOKEN_PREFIX}${i + 1}`)),
      posts: posts.rows.map((row) => row.id),
      creators: creators.rows.map((row) => row.creator_id),
      pairs,
      memberSockets: await openAll(pairs.map((pair) => open(pair.memberToken, pair.chatId))),
      creatorSockets: await openAll(pairs.map((pair) => open(pair.creatorToken, pair.chatId))),
      photo: new Uint8Array(await jpegWithLocation(1280, 960)),
    };
  } finally {
    await client.end();
  }
}

interface Verdict {
  baselineRssMiB: number;
  finalRssMiB: number;
  growth: number;
  baselineP99: number;
  worstP99: number;
  failures: number;
  passed: boolean;
}

/** The highest minute peak of `rows` (of the last minute when the run was too short to have them). */
function peakOf(rows: MinuteRow[], all: MinuteRow[]): number {
  return Math.max(...(rows.length > 0 ? rows : all.slice(-1)).map((row) => row.rssMiB));
}

/**
 * Memory swings by some 20 MiB within a minute as the collector runs, so its growth compares the
 * peaks of two windows of BASELINE_MINUTES: the first after the warm-up, and the last.
 */
function verdictOf(soak: Soak): Verdict {
  const later = soak.rows.slice(BASELINE_MINUTES);
  const baselineRssMiB = peakOf(soak.rows.slice(BASELINE_MINUTES, 2 * BASELINE_MINUTES), soak.rows);
  const finalRssMiB = peakOf(soak.rows.slice(-BASELINE_MINUTES), soak.rows);
  const growth = finalRssMiB / baselineRssMiB - 1;
  const baselineP99 = soak.baselineP99();
  const worstP99 = Math.max(0, ...later.map((row) => row.p99));
  const failures = soak.rows.reduce((sum, row) => sum + row.failures, 0);
  const passed = growth <= MEMORY_GROWTH_LIMIT && failures === 0 && worstP99 <= P99_LIMIT * baselineP99;
  return { baselineRssMiB, finalRssMiB, growth, baselineP99, worstP99, failures, passed };
}

function table(rows: MinuteRow[]): string {
  const lines = [
    '| minute | requests | failed | p50 ms | p99 ms | chat delivery p99 ms | resident MiB (peak) |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of rows) {
    lines.push(
      `| ${row.minute} | ${row.requests} | ${row.failures} | ${ms(row.p50)} | ${ms(row.p99)} | ${ms(row.chatP99)} | ${row.rssMiB.toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

function verdictLines(verdict: Verdict): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  return [
    `- Resident memory: at most ${verdict.baselineRssMiB.toFixed(0)} MiB in the ${BASELINE_MINUTES} minutes after the first ${BASELINE_MINUTES}, at most ${verdict.finalRssMiB.toFixed(0)} MiB in the last ${BASELINE_MINUTES}: ${(verdict.growth * 100).toFixed(1)}% more (bar: ${MEMORY_GROWTH_LIMIT * 100}%): ${mark(verdict.growth <= MEMORY_GROWTH_LIMIT)}.`,
    `- p99: ${ms(verdict.baselineP99)} ms over the first ${BASELINE_MINUTES} minutes; the worst later minute ${ms(verdict.worstP99)} ms (bar: ${P99_LIMIT}x, ${ms(P99_LIMIT * verdict.baselineP99)} ms): ${mark(verdict.worstP99 <= P99_LIMIT * verdict.baselineP99)}.`,
    `- Failed requests: ${verdict.failures} (bar: none): ${mark(verdict.failures === 0)}.`,
  ];
}

async function main(): Promise<void> {
  const database = await scratchDatabase(SERVER_URL, 'soak');
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'aurum-bench-soak-'));
  let server: RunningServer | undefined;
  let exitCode = 0;
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/seed.ts'), '--scale', SCALE, '--database-url', SERVER_URL, '--database', database.name],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    server = await startCompiledServer({
      dataDir: scratch,
      env: { DATABASE_URL: database.url, REDIS_URL, PAYMENT_PROVIDER: 'dev' },
    });
    const scene = await prepare(server, database.url);
    const soak = new Soak(server);
    console.log(
      `soak: ${MINUTES} min at ${RATE} requests/s, ${scene.pairs.length * 2} chat sockets, an upload every ${UPLOAD_EVERY_MS / 1000} s, a payment every ${PAYMENT_EVERY_MS / 1000} s`,
    );

    const started = performance.now();
    const until = started + MINUTES * 60_000;
    const methods = new Map<number, string>();
    const side = [
      every(soak, UPLOAD_EVERY_MS, until, (round) => uploadAndPost(soak, scene, round)),
      every(soak, PAYMENT_EVERY_MS, until, (round) => subscribeAndCancel(soak, scene, round, methods)),
    ];
    let nextMinute = started + 60_000;
    let nextMemorySample = started + MEMORY_SAMPLE_MS;
    for (let tick = 0; ; tick++) {
      const due = started + (tick * 1000) / RATE;
      if (due >= until) break;
      if (due >= nextMemorySample) {
        soak.sampleMemory();
        nextMemorySample += MEMORY_SAMPLE_MS;
      }
      if (due >= nextMinute) {
        const row = soak.closeMinute();
        console.log(
          `minute ${row.minute}: ${row.requests} requests, ${row.failures} failed, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, chat p99 ${ms(row.chatP99)} ms, ${row.rssMiB.toFixed(0)} MiB`,
        );
        nextMinute += 60_000;
      }
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      soak.fire(memberOperation(soak, scene, tick));
    }
    await Promise.all(side);
    while (soak.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    soak.closeMinute();
    for (const socket of [...scene.memberSockets, ...scene.creatorSockets]) socket.socket.terminate();

    const verdict = verdictOf(soak);
    const text = [table(soak.rows), '', ...verdictLines(verdict)].join('\n');
    console.log(`\n${text}`);
    for (const sample of soak.failureSamples) console.log(`failed: ${sample}`);
    if (!verdict.passed) exitCode = 1;
    if (process.argv.includes('--no-results')) return;
    writeFileSync(
      path.join(ROOT, 'bench', CHART_FILE),
      soakChart(soak.rows, {
        memoryBar: verdict.baselineRssMiB * (1 + MEMORY_GROWTH_LIMIT),
        p99Bar: P99_LIMIT * verdict.baselineP99,
        baselineMinutes: BASELINE_MINUTES,
      }),
    );
    replaceResultsSection(
      RESULTS_HEADING,
      [
        RESULTS_HEADING,
        '',
        `\`node --import tsx bench/soak.ts --minutes ${MINUTES} --rate ${RATE} --scale ${SCALE}\` on ${os.cpus().length} vCPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}: the compiled server with PostgreSQL and Redis on the same machine, the load generator sharing the cores.`,
        `Each tick of the clock (${RATE} a second) is a member's request in a fixed rotation: the feed, a post, a profile and its posts, Explore and search, a like and its undo, the chat list and a conversation, the landing page, and chat messages timed until the creator's socket has them (${scene.pairs.length * 2} sockets). Beside them, a creator uploads a 1280x960 photo by tus and posts it every ${UPLOAD_EVERY_MS / 1000} s (the server's jobs make its sizes), and a member subscribes with the development provider and cancels every ${PAYMENT_EVERY_MS / 1000} s. Latency is each HTTP answer; resident memory is read from /proc every ${MEMORY_SAMPLE_MS / 1000} s, and each minute shows its peak. Memory swings by some 20 MiB within a minute as the collector runs, so its growth compares the peaks of two ${BASELINE_MINUTES}-minute windows, the first after the warm-up and the last, rather than two single readings.`,
        '',
        `![Resident memory and p99 per minute, with the bars](${CHART_FILE})`,
        '',
        text,
        '',
      ].join('\n'),
    );
    console.log(`\nWritten to bench/RESULTS.md and bench/${CHART_FILE}`);
  } finally {
    await server?.stop();
    await database.drop();
    await rm(scratch, { recursive: true, force: true });
    process.exitCode = exitCode;
  }
}

await main();
