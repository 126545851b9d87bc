/**
 * Resident memory of the compiled server (`apps/server/dist/main.js`, run as production runs
 * it), on PGlite and on PostgreSQL: at the first start on an empty database, at the start on a
 * seeded one, after mixed requests of a signed-in member, and after some idle time.
 *
 *   npm run build && node --import tsx bench/memory.ts [--idle 300] [--requests 1000] [--scale 0.05]
 *     [--drivers pglite,postgres] [--database-url postgres://postgres@127.0.0.1:5432/postgres]
 *     [--node-flags "--max-semi-space-size=1"] [--no-results]
 *
 * Readings come from `/proc/<pid>/status` (Linux): VmRSS (resident now), VmHWM (the highest
 * resident so far), RssAnon (heap, wasm memory) and RssFile (mapped code and libraries).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TERMS_VERSION } from '@aurum/core';
import pg from 'pg';
import { type MemoryReading, ROOT, type RunningServer, readMemory, startCompiledServer } from './compiled-server.js';
import { argument, DEFAULT_SERVER_URL } from './target.js';

const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS_FILE = path.join(ROOT, 'bench/RESULTS.md');
const RESULTS_HEADING = '## Server memory';

const IDLE_S = Number(argument('idle') ?? 300);
const REQUESTS = Number(argument('requests') ?? 1000);
const SCALE = argument('scale') ?? '0.05';
const DRIVERS = (argument('drivers') ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];
const SERVER_URL = argument('database-url') ?? DEFAULT_SERVER_URL;
const NODE_FLAGS = (argument('node-flags') ?? '').split(' ').filter(Boolean);
/** Requests in flight at once during the mixed load. */
const CLIENTS = 4;
const MIB = 1024 * 1024;

type Reading = MemoryReading;

/** The compiled server as production runs it, answering once `/api/health/ready` says 200. */
function startServer(dataDir: string, databaseUrl: string | undefined): Promise<RunningServer> {
  return startCompiledServer({ dataDir, env: databaseUrl ? { DATABASE_URL: databaseUrl } : {}, nodeFlags: NODE_FLAGS });
}

/** A phone's browser: the server renders such a member's home page (the server render's module is then loaded). */
const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';

/** A signed-in member's phone browser: keeps the session cookie and sends the site's Origin on writes. */
class Member {
  cookie = '';
  constructor(private readonly server: RunningServer) {}

  async request(method: string, url: string, body?: unknown): Promise<unknown> {
    const response = await fetch(this.server.baseUrl + url, {
      method,
      headers: {
        'user-agent': PHONE_USER_AGENT,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.server.baseUrl }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 200)}`);
    const cookie = response.headers.get('set-cookie')?.split(';')[0];
    if (cookie) this.cookie = cookie;
    return response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
  }

  /** Signs in with the code the dev outbox keeps in DATA_DIR/outbox, then accepts the terms and picks a handle. */
  async signUp(email: string): Promise<void> {
    const { challengeId } = (await this.request('POST', '/api/auth/code', { email })) as { challengeId: string };
    const outbox = path.join(this.server.dataDir, 'outbox');
    const mails = await Promise.all((await readdir(outbox)).map((file) => readFile(path.join(outbox, file), 'utf8')));
    const code = mails.map((mail) => (mail.includes(`To: ${email}\n`) ? /code is (\d{6})/.exec(mail)?.[1] : undefined)).find(Boolean);
    if (!code) throw new Error(`no sign-in code for ${email} in ${outbox}`);
    await this.request('POST', '/api/auth/session', { challengeId, code });
    await this.request('POST', '/api/me/terms', { version: TERMS_VERSION });
    await this.request('POST', '/api/me/profile', { handle: 'memory_bench', publicName: 'Memory Bench' });
  }
}

/** What the mixed load asks for: followed creators and posts whose content the member sees. */
async function prepareMember(member: Member): Promise<{ creators: string[]; posts: string[] }> {
  const popular = (await member.request('GET', '/api/creators?sort=popular&limit=10')) as { items: { userId: string }[] };
  const creators = popular.items.map((creator) => creator.userId);
  for (const creator of creators) await member.request('PUT', `/api/creators/${creator}/follow`);
  const posts: string[] = [];
  for (const creator of creators) {
    const page = (await member.request('GET', `/api/users/${creator}/posts?limit=20`)) as { items: { id: string; locked: boolean }[] };
    posts.push(...page.items.filter((post) => !post.locked).map((post) => post.id));
  }
  if (creators.length === 0 || posts.length === 0) throw new Error('the seeded data has no creators or no posts to read');
  return { creators, posts };
}

/** `count` requests in a fixed mix, CLIENTS at a time; every one must succeed. */
async function mixedLoad(member: Member, count: number): Promise<void> {
  const { creators, posts } = await prepareMember(member);
  const assets = readdirSync(path.join(WEB_DIST, 'assets')).map((file) => `/assets/${file}`);
  const statics = ['/', '/home', '/explore', '/manifest.webmanifest', '/sw.js', '/favicon.svg'];
  const round = (n: number): [string, string][] => {
    const creator = creators[n % creators.length] as string;
    const post = posts[n % posts.length] as string;
    const explore = ['/api/creators?limit=20', '/api/creators?sort=popular&limit=20', `/api/creators?q=creator${n % 50}&limit=20`];
    return [
      ['GET', '/api/feed?limit=20'],
      ['GET', explore[n % explore.length] as string],
      ['GET', `/api/users/${creator}/profile-page`],
      ['GET', `/api/users/${creator}/posts?limit=20`],
      ['GET', `/api/posts/${post}`],
      ['PUT', `/api/posts/${post}/like`],
      ['DELETE', `/api/posts/${post}/like`],
      ['GET', assets[n % assets.length] as string],
      ['GET', statics[n % statics.length] as string],
      ['GET', '/api/health'],
    ];
  };
  const queue: [string, string][] = [];
  for (let n = 0; queue.length < count; n++) queue.push(...round(n));
  queue.length = count;
  let next = 0;
  const client = async () => {
    while (next < queue.length) {
      const [method, url] = queue[next++] as [string, string];
      await member.request(method, url);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

function runSeed(args: string[]): void {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/seed.ts'), '--scale', SCALE, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

interface Row {
  driver: string;
  moment: string;
  memory: Reading;
}

/** One driver: first start on an empty database, then start, load and idle on seeded data. */
async function measure(driver: 'pglite' | 'postgres', rows: Row[]): Promise<void> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'aurum-bench-memory-'));
  const database = `aurum_bench_memory_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  const note = (moment: string, server: RunningServer) => {
    const memory = readMemory(server.pid);
    rows.push({ driver, moment, memory });
    console.log(`${driver}, ${moment}: ${memory.rss.toFixed(0)} MiB resident, peak ${memory.peak.toFixed(0)} MiB`);
  };
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${admin.escapeIdentifier(database)}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  try {
    await mkdir(path.join(scratch, 'empty'));
    const empty = await startServer(path.join(scratch, 'empty'), databaseUrl);
    note('first start (empty database), ready', empty);
    await empty.stop();

    const seeded = path.join(scratch, 'seeded');
    runSeed(driver === 'postgres' ? ['--database-url', SERVER_URL, '--database', database] : ['--data-dir', seeded]);
    const server = await startServer(seeded, databaseUrl);
    try {
      note('start (seeded), ready', server);
      const member = new Member(server);
      await member.signUp('memory-bench@example.com');
      await mixedLoad(member, REQUESTS);
      note(`after ${REQUESTS} requests`, server);
      await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
      note(`after ${IDLE_S} s idle`, server);
    } finally {
      await server.stop();
    }
  } finally {
    if (driver === 'postgres') {
      await admin.query(`drop database if exists ${admin.escapeIdentifier(database)} with (force)`);
      await admin.end();
    }
    await rm(scratch, { recursive: true, force: true });
  }
}

function machine(postgresVersion: string | null): string {
  const cpus = os.cpus();
  return [
    `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    `${(os.totalmem() / MIB / 1024).toFixed(1)} GiB RAM`,
    `Linux ${os.release()}`,
    `Node ${process.versions.node}`,
    ...(postgresVersion ? [postgresVersion] : []),
  ].join(', ');
}

function table(rows: Row[]): string {
  const mib = (value: number) => value.toFixed(0);
  return [
    '| database | moment | resident (VmRSS) MiB | peak so far (VmHWM) MiB | anonymous MiB | file-backed MiB |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ driver, moment, memory }) =>
        `| ${driver === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${moment} | ${mib(memory.rss)} | ${mib(memory.peak)} | ${mib(memory.anon)} | ${mib(memory.file)} |`,
    ),
  ].join('\n');
}

/** Adds the run under RESULTS_HEADING (made at the end of the file the first time), newest first. */
function writeResults(section: string): void {
  const intro = `${RESULTS_HEADING}\n\nHow to run: [README.md](README.md#server-memory).\n\n`;
  let results = readFileSync(RESULTS_FILE, 'utf8');
  if (!results.includes(intro)) results = `${results.trimEnd()}\n\n${intro}`;
  const at = results.indexOf(intro) + intro.length;
  writeFileSync(RESULTS_FILE, `${results.slice(0, at)}${section}\n${results.slice(at)}`);
}

async function main(): Promise<void> {
  let postgresVersion: string | null = null;
  if (DRIVERS.includes('postgres')) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    postgresVersion = `PostgreSQL ${(await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version}`;
    await admin.end();
  }
  const rows: Row[] = [];
  for (const driver of DRIVERS) await measure(driver, rows);
  const settings = `${REQUESTS} requests (${CLIENTS} at a time), ${IDLE_S} s idle, seed scale ${SCALE}${NODE_FLAGS.length > 0 ? `, node ${NODE_FLAGS.join(' ')}` : ''}`;
  const section = [
    `### ${new Date().toISOString().slice(0, 10)}: ${settings}`,
    '',
    `\`node --import tsx bench/memory.ts${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(' ')}` : ''}\` on ${machine(postgresVersion)}.`,
    '',
    table(rows),
    '',
  ].join('\n');
  console.log(`\n${table(rows)}`);
  if (!process.argv.includes('--no-results')) {
    writeResults(section);
    console.log(`\nWritten to ${path.relative(ROOT, RESULTS_FILE)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
