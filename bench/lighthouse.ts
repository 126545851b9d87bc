/**
 * First load in Lighthouse: builds the app, starts the compiled server (`node apps/server/dist/main.js`)
 * on a scratch data dir and a free port, seeds a creator with posts and a member who follows them,
 * signs the member in with the code from the dev outbox, then runs Lighthouse (mobile, default
 * simulated throttling) in Debian's Chromium on `/` signed out and on `/home` signed in, RUNS times
 * each, and reports the medians with the first-load JavaScript of bench/first-load.ts.
 *
 *   node --import tsx bench/lighthouse.ts [--runs 3] [--skip-build] [--write] [--reports DIR]
 *
 * `--write` puts the section into RESULTS.md (replacing an earlier one); `--reports` keeps each
 * run's full Lighthouse report (JSON) in DIR.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateId, ROLE, TERMS_VERSION } from '@aurum/core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { openDatabase, schema } from '../apps/server/src/db/database.js';
import { SESSION_COOKIE } from '../apps/server/src/sessions/sessions.js';
import { ROOT, type RunningServer, startCompiledServer } from './compiled-server.js';
import { firstLoads, firstLoadTable } from './first-load.js';
import { argument } from './target.js';

const RESULTS = path.join(ROOT, 'bench', 'RESULTS.md');
const RUNS = Number(argument('runs') ?? 3);
const REPORTS = argument('reports');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const MEMBER_EMAIL = 'member@lighthouse.aurum.test';
/** Enough posts that those the feed marks seen during one run leave a full first screen for the next. */
const POSTS = 40;
const SECTION_TITLE = '## First load in Lighthouse';

/** A creator with POSTS public text posts, and the member, registered, following them. */
export async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const now = Date.now();
  const creatorId = generateId(now - 2);
  const memberId = generateId(now - 1);
  const registered = { registrationCompletedAt: new Date(now), termsAcceptedAt: new Date(now), termsVersion: TERMS_VERSION };
  await db.insert(schema.users).values([
    { id: creatorId, email: 'creator@lighthouse.aurum.test', name: 'Harbour Light', labels: [ROLE.creators], emailVerified: true },
    { id: memberId, email: MEMBER_EMAIL, name: 'Loyal Fan', emailVerified: true },
  ]);
  await db.insert(schema.profiles).values([
    {
      userId: creatorId,
      handle: 'harbour_light',
      publicName: 'Harbour Light',
      avatarColor: 'hsl(40, 60%, 45%)',
      bio: 'Photos from the pier.',
    },
    { userId: memberId, handle: 'loyal_fan', publicName: 'Loyal Fan', avatarColor: 'hsl(200, 50%, 45%)' },
  ]);
  await db.insert(schema.userData).values([
    { userId: creatorId, ...registered, identityVerifiedAt: new Date(now) },
    { userId: memberId, ...registered },
  ]);
  await db.insert(schema.posts).values(
    Array.from({ length: POSTS }, (_, n) => ({
      id: generateId(now - 60_000 * (n + 1)),
      creatorId,
      text: `Evening ${POSTS - n} at the harbour: the boats come in, the light turns gold over the water and the gulls settle on the pier.`,
      access: ['public'],
      publishAt: new Date(now - 60_000 * (n + 1)),
    })),
  );
  await db.insert(schema.follows).values({ id: generateId(now), userId: memberId, creatorId });
  await database.close();
}

/** The compiled server with production settings and the development providers, on the seeded data dir. */
export function startServer(dataDir: string): Promise<RunningServer> {
  return startCompiledServer({ dataDir, env: { PAYMENT_PROVIDER: 'dev', VERIFICATION_PROVIDER: 'dev' } });
}

/** Signs the member in as a browser would: a code by e-mail (the dev outbox), then the session cookie. */
export async function signIn(server: RunningServer, dataDir: string): Promise<string> {
  const post = (url: string, body: unknown) =>
    fetch(`${server.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify(body),
    });
  const requested = await post('/api/auth/code', { email: MEMBER_EMAIL });
  if (!requested.ok) throw new Error(`requesting a code failed: ${requested.status} ${await requested.text()}`);
  const { challengeId } = (await requested.json()) as { challengeId: string };
  const outbox = path.join(dataDir, 'outbox');
  const mail = (await readdir(outbox)).find((file) => file.includes(MEMBER_EMAIL));
  if (!mail) throw new Error('no sign-in mail in the dev outbox');
  const code = /\b(\d{6})\b/.exec(await readFile(path.join(outbox, mail), 'utf8'))?.[1];
  const session = await post('/api/auth/session', { challengeId, code });
  const cookie = session.headers.getSetCookie().find((value) => value.startsWith(`${SESSION_COOKIE}=`));
  if (!session.ok || !cookie) throw new Error(`signing in failed: ${session.status} ${await session.text()}`);
  return cookie.split(';')[0] as string;
}

interface Figures {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
}

async function audit(url: string, port: number, headers: Record<string, string>, name: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: headers,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse failed on ${url}: ${runtimeError.message}`);
  if (REPORTS) await writeFile(path.join(REPORTS, `${name}.json`), JSON.stringify(result.lhr));
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function section(rows: { page: string; runs: Figures[] }[]): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const lines = rows.map(({ page, runs }) => {
    const m = (key: keyof Figures) => median(runs.map((run) => run[key]));
    return `| ${page} | ${m('performance')} | ${seconds(m('fcp'))} | ${seconds(m('lcp'))} | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${m('accessibility')} | ${runs.map((run) => run.performance).join(', ')} |`;
  });
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const [load1, load5] = loadavg();
  return [
    SECTION_TITLE,
    '',
    `### ${new Date().toISOString().slice(0, 10)}: median of ${RUNS} runs per page`,
    '',
    '`node --import tsx bench/lighthouse.ts --write` (how: [README.md](README.md#first-load-in-lighthouse)).',
    '',
    '| page | performance | FCP | LCP | TBT | CLS | accessibility | performance per run |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...lines,
    '',
    'JavaScript each page needs before its first render (`bench/first-load.ts`):',
    '',
    firstLoadTable(firstLoads()),
    '',
    `Machine: ${cpus().length} vCPU ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}; load average ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min) when the runs ended.`,
    `Settings: Lighthouse ${lighthouseVersion()} defaults (mobile: Moto G Power emulation, simulated throttling 150 ms RTT, 1.6 Mbps, 4x CPU slowdown),`,
    `performance and accessibility categories only; ${CHROME_PATH} (${chromiumVersion()}) with \`${CHROME_FLAGS.join(' ')}\`;`,
    'the compiled server with `NODE_ENV=production` on loopback, a fresh data dir (PGlite) with one creator, 40 public text posts',
    'and a member following them; `/home` signed in as that member through the session cookie (extraHeaders), on the emulated phone,',
    'for which the server renders the page.',
    '',
  ].join('\n');
}

function lighthouseVersion(): string {
  return JSON.parse(
    execFileSync(process.execPath, ['-p', 'JSON.stringify(require("lighthouse/package.json").version)'], { cwd: ROOT, encoding: 'utf8' }),
  );
}

function chromiumVersion(): string {
  return execFileSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).trim();
}

async function writeSection(text: string): Promise<void> {
  const results = await readFile(RESULTS, 'utf8');
  const start = results.indexOf(SECTION_TITLE);
  if (start < 0) return writeFile(RESULTS, `${results.trimEnd()}\n\n${text}`);
  const next = results.indexOf('\n## ', start + SECTION_TITLE.length);
  await writeFile(RESULTS, results.slice(0, start) + text + (next < 0 ? '' : results.slice(next)));
}

async function main(): Promise<void> {
  if (!process.argv.includes('--skip-build')) execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-lighthouse-'));
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await seed(dataDir);
    server = await startServer(dataDir);
    const cookie = await signIn(server, dataDir);
    chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
    const pages: { page: string; name: string; url: string; headers: Record<string, string> }[] = [
      { page: '`/` signed out', name: 'landing', url: `${server.baseUrl}/`, headers: {} },
      { page: '`/home` signed in', name: 'home', url: `${server.baseUrl}/home`, headers: { Cookie: cookie } },
    ];
    const rows: { page: string; runs: Figures[] }[] = [];
    for (const { page, name, url, headers } of pages) {
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const figures = await audit(url, chrome.port, headers, `${name}-${run}`);
        console.error(`${page} run ${run}: performance ${figures.performance}, LCP ${Math.round(figures.lcp)} ms`);
        runs.push(figures);
      }
      rows.push({ page, runs });
    }
    const text = section(rows);
    console.log(text);
    if (process.argv.includes('--write')) await writeSection(text);
  } finally {
    chrome?.kill();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
