import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { DAY_MS } from '@aurum/core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { follow, signUp, uniqueHandle } from '../../test/content-fixtures.js';
import { ApiClient, CAN_SHARE_REDIS, instancesSharingRedis, startTestServer, type TestServer } from '../../test/test-server.js';
import { ARCHIVED_ASSETS_KEPT_MS } from './asset-archive.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that leaves the body as sent: fetch would decode it and hide the encoding. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What a build leaves: text files with their brotli and gzip twins, a hashed asset, the service worker. */
async function writeBuiltApp(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><head><title>Aurum</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`,
    'assets/index-Ab12Cd34.js': `export const greeting = ${JSON.stringify('hello '.repeat(400))};`,
    'sw.js': `self.addEventListener('install', () => {}); // ${'x'.repeat(2000)}`,
    'manifest.webmanifest': JSON.stringify({ name: 'Aurum', description: 'd'.repeat(2000) }),
  };
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
  }
  for (const name of ['index.html', 'assets/index-Ab12Cd34.js']) {
    await writeFile(
      path.join(dir, `${name}.br`),
      brotliCompressSync(files[name] as string, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(files[name] as string));
  }
  return files;
}

/** The headers every document keeps: scripts from this site only, never inline. */
function expectStrictPolicy(response: RawResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toMatch(/script-src 'self'[;\s]/);
  expect(csp).toContain("script-src-attr 'none'");
  expect(csp.match(/script-src[^;]*/g)?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(csp).toContain("default-src 'self'");
}

describe('web app delivery: compression and caching', () => {
  let server: TestServer;
  let distDir: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'aurum-dist-'));
    files = await writeBuiltApp(distDir);
    server = await startTestServer({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('sends the build-time brotli twin, else the gzip one, else the file itself', async () => {
    const asset = `${server.baseUrl}/assets/index-Ab12Cd34.js`;
    const original = files['assets/index-Ab12Cd34.js'];

    const brotli = await rawGet(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    // The very bytes the build wrote, not a fresh compression per request.
    expect(brotli.body.equals(await readFile(path.join(distDir, 'assets/index-Ab12Cd34.js.br')))).toBe(true);
    expect(brotliDecompressSync(brotli.body).toString()).toBe(original);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await rawGet(asset, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.equals(await readFile(path.join(distDir, 'assets/index-Ab12Cd34.js.gz')))).toBe(true);

    const plain = await rawGet(asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(original);
  });

  it('caches hashed assets for a year and makes the shell, manifest and service worker revalidate', async () => {
    const asset = await rawGet(`${server.baseUrl}/assets/index-Ab12Cd34.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/home', '/sw.js', '/manifest.webmanifest']) {
      const response = await rawGet(server.baseUrl + url, { 'accept-encoding': 'br' });
      expect(response.status, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.etag, url).toBeTruthy();
    }
  });

  it('answers a repeated request with 304 through the ETag of the encoding sent', async () => {
    const first = await rawGet(`${server.baseUrl}/index.html`, { 'accept-encoding': 'br' });
    const again = await rawGet(`${server.baseUrl}/index.html`, {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await rawGet(`${server.baseUrl}/index.html`, { 'accept-encoding': 'gzip' });
    expect(otherEncoding.headers.etag).not.toBe(first.headers.etag);
  });

  it('compresses files without a build-time twin on the fly', async () => {
    const worker = await rawGet(`${server.baseUrl}/sw.js`, { 'accept-encoding': 'br' });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(worker.body).toString()).toBe(files['sw.js']);
  });

  it('compresses JSON answers above 1 KiB and leaves small ones as they are', async () => {
    const document = await rawGet(`${server.baseUrl}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(document.body).toString())).toHaveProperty('openapi');

    const health = await rawGet(`${server.baseUrl}/api/health/live`, { 'accept-encoding': 'gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});

describe('the landing page: drawn for visitors without a session, a redirect for the signed in', () => {
  const landing = `<!doctype html><html><head><title>Aurum</title></head><body><div id="root" data-prerendered><h1>Your work is worth gold.</h1>${'<p>Creators and members.</p>'.repeat(60)}</div></body></html>`;
  let server: TestServer;
  let distDir: string;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'aurum-dist-'));
    await writeBuiltApp(distDir);
    await writeFile(path.join(distDir, 'landing.html'), landing);
    await writeFile(path.join(distDir, 'landing.html.br'), brotliCompressSync(landing));
    await writeFile(path.join(distDir, 'landing.html.gz'), gzipSync(landing));
    server = await startTestServer({ WEB_DIST_DIR: distDir });
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('sends the prerendered page to a visitor without a session, or with an unknown one, revalidated on every use', async () => {
    for (const headers of [{}, { cookie: 'aurum_session=not-a-session' }] as Record<string, string>[]) {
      const response = await rawGet(`${server.baseUrl}/`, { 'accept-encoding': 'br', ...headers });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.body).toString()).toBe(landing);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeTruthy();
      expect(String(response.headers.vary).split(/,\s*/).sort()).toEqual(['accept-encoding', 'cookie']);
      expectStrictPolicy(response);
    }
  });

  it('redirects a visitor with a live session to the signed-in start, uncached, and drawn again once signed out', async () => {
    const member = new ApiClient(server);
    expect((await member.signIn('landing-visitor@aurum.test')).status).toBe(200);
    const signedIn = await rawGet(`${server.baseUrl}/`, { cookie: member.cookie as string });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.location).toBe('/home');
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    expectStrictPolicy(signedIn);

    const cookie = member.cookie as string;
    expect((await member.delete('/api/auth/session')).status).toBeLessThan(300);
    const signedOut = await rawGet(`${server.baseUrl}/`, { cookie });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.toString()).toBe(landing);
  });

  it("has the browser fetch the home page's feed with its document, for a visitor with a session only", async () => {
    const member = new ApiClient(server);
    expect((await member.signIn('home-visitor@aurum.test')).status).toBe(200);
    const signedIn = await rawGet(`${server.baseUrl}/home`, { cookie: member.cookie as string });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.toString()).toContain('<div id="root"></div>');
    expect(signedIn.headers.link).toBe('</api/feed>; rel=preload; as=fetch; crossorigin=anonymous');
    expect(String(signedIn.headers.vary).split(/,\s*/).sort()).toEqual(['accept-encoding', 'cookie']);
    expect((await member.get('/api/feed')).status).toBe(200);

    for (const headers of [{}, { cookie: 'aurum_session=not-a-session' }] as Record<string, string>[]) {
      const signedOut = await rawGet(`${server.baseUrl}/home`, headers);
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.link).toBeUndefined();
      expect(signedOut.headers.vary).toBe('accept-encoding');
    }
    const otherPage = await rawGet(`${server.baseUrl}/explore`, { cookie: member.cookie as string });
    expect(otherPage.headers.link).toBeUndefined();
  });

  it('keeps the shell for every other path of the app, whoever asks', async () => {
    const response = await rawGet(`${server.baseUrl}/auth/login`);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toContain('<div id="root"></div>');
    expect(response.body.toString()).not.toContain('data-prerendered');
  });
});

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
/**
 * The web build's server render (`.server/home.mjs`, tested with the web app) as a stand-in that
 * writes down what it was handed, so the server's part is what is tested here: which answers,
 * for whom, and what happens when the render declines or fails.
 */
const RENDERER = `export async function renderHomeDocument(template, answers) {
    if (answers.me.publicName === 'Render Failure') throw new Error('the render failed');
    if (!answers.me.registrationCompletedAt) return null;
    return template.replace('<!--page-->', () => '<main>' + JSON.stringify(answers) + '</main>' + 'x'.repeat(2000));
  }`;

/** A build with the server render beside it. */
async function writeRenderingApp(distDir: string): Promise<void> {
  await writeBuiltApp(distDir);
  await mkdir(path.join(distDir, '.server'));
  await mkdir(path.join(distDir, '.vite'));
  await writeFile(path.join(distDir, '.vite/manifest.json'), '{"src/main.tsx":{"file":"assets/index.js"}}');
  await writeFile(path.join(distDir, '.server/home.mjs'), RENDERER);
  await writeFile(path.join(distDir, '.server/home.html'), '<!doctype html><html><body><div id="root"><!--page--></div></body></html>');
}

/** Whether the member's home page came drawn by the server. */
async function homeDrawn(server: TestServer, client: ApiClient): Promise<boolean> {
  const body = (await rawGet(`${server.baseUrl}/home`, { 'user-agent': PHONE, cookie: client.cookie as string })).body.toString();
  return body.includes('<main>');
}

describe("a signed-in member's home page on a phone: drawn on the server from the API's own answers", () => {
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
  let server: TestServer;
  let distDir: string;
  let member: ApiClient;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'aurum-dist-'));
    await writeRenderingApp(distDir);
    server = await startTestServer({ WEB_DIST_DIR: distDir });
    const creator = await signUp(server, 'ssrcreator', { creator: true });
    expect((await creator.client.post('/api/posts', { text: 'Golden hour at the pier', access: ['public'] })).status).toBe(201);
    member = new ApiClient(server);
    await member.register('ssr-member@aurum.test', uniqueHandle('ssrmember'), 'Phone Reader');
    await follow(server, (await member.get('/api/me')).body.id, creator.id);
  });
  afterAll(async () => {
    await server.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const homeOf = (headers: Record<string, string>) => rawGet(`${server.baseUrl}/home`, { 'user-agent': PHONE, ...headers });
  const renderedAnswers = (body: string) => JSON.parse(/<main>(.*)<\/main>/.exec(body)?.[1] ?? 'null');

  it('renders the page from what GET /api/me and GET /api/feed answer the member, never kept by a cache', async () => {
    const response = await homeOf({ cookie: member.cookie as string, 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers.vary).split(/,\s*/).sort()).toEqual(['accept-encoding', 'cookie']);
    expect(response.headers.link).toBeUndefined();
    expectStrictPolicy(response);
    // Compressed as it goes out, like any answer.
    expect(response.headers['content-encoding']).toBe('br');
    const answers = renderedAnswers(brotliDecompressSync(response.body).toString());
    expect(answers).toEqual({ me: (await member.get('/api/me')).body, feed: (await member.get('/api/feed')).body });
    expect(answers.feed.items.map((item: { text: string }) => item.text)).toContain('Golden hour at the pier');
  });

  it('leaves wide screens, visitors without a live session and members the app sends elsewhere to the app', async () => {
    const shell = (response: RawResponse) => {
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body.toString()).toContain('<div id="root"></div>');
    };
    const desktop = await homeOf({ cookie: member.cookie as string, 'user-agent': DESKTOP });
    shell(desktop);
    expect(desktop.headers.link).toBe('</api/feed>; rel=preload; as=fetch; crossorigin=anonymous');
    // Chromium on a phone says so in a client hint, whatever its user agent.
    const hinted = await homeOf({ cookie: member.cookie as string, 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' });
    expect(renderedAnswers(hinted.body.toString())?.me.publicName).toBe('Phone Reader');

    for (const headers of [{}, { cookie: 'aurum_session=not-a-session' }] as Record<string, string>[]) shell(await homeOf(headers));
    const unfinished = new ApiClient(server);
    expect((await unfinished.signIn('ssr-unfinished@aurum.test')).status).toBe(200);
    shell(await homeOf({ cookie: unfinished.cookie as string }));
  });

  it('draws at most 20 home pages a minute per session, then leaves the page to the app until the minute has passed', async () => {
    const reloader = new ApiClient(server);
    await reloader.register('ssr-reloader@aurum.test', uniqueHandle('ssrreload'), 'Reloader');
    const resumeClock = server.freezeClock();
    onTestFinished(resumeClock);
    const drawn = (client: ApiClient) => homeDrawn(server, client);
    const answers: boolean[] = [];
    for (let i = 0; i < 21; i++) answers.push(await drawn(reloader));
    expect(answers).toEqual([...Array.from({ length: 20 }, () => true), false]);
    // Each session has its own count.
    expect(await drawn(member)).toBe(true);
    server.advanceClock(60_000);
    expect(await drawn(reloader)).toBe(true);
  });

  it('falls back to the app when the render fails, and never sends the server render itself', async () => {
    const failing = new ApiClient(server);
    await failing.register('ssr-failure@aurum.test', uniqueHandle('ssrfail'), 'Render Failure');
    const response = await homeOf({ cookie: failing.cookie as string });
    expect(response.status).toBe(200);
    expect(response.body.toString()).toContain('<div id="root"></div>');
    for (const file of ['/.server/home.mjs', '/.server/home.html', '/.server/../.server/home.mjs', '/%2eserver/home.mjs']) {
      const answer = await rawGet(server.baseUrl + file);
      expect(answer.body.toString(), file).not.toContain('renderHomeDocument');
      expect(answer.body.toString(), file).not.toContain('<!--page-->');
    }
    // Nor the build's manifest, which names the source files.
    for (const file of ['/.vite/manifest.json', '/%2evite/manifest.json', '/assets/../.vite/manifest.json']) {
      expect((await rawGet(server.baseUrl + file)).body.toString(), file).not.toContain('src/main.tsx');
    }
  });
});

describe('a deploy keeps the files of the builds served before', () => {
  let workDir: string;
  let server: TestServer;
  const dataDir = () => path.join(workDir, 'data');
  /** A build with one page of its own beside the shared files. */
  async function build(name: string, page: string): Promise<string> {
    const dir = path.join(workDir, name);
    await writeBuiltApp(dir);
    await writeFile(path.join(dir, 'assets', page), `export const page = ${JSON.stringify(page)};`);
    return dir;
  }
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'aurum-deploys-'));
    const earlier = await startTestServer({ WEB_DIST_DIR: await build('earlier', 'page-Old11111.js'), DATA_DIR: dataDir() });
    await earlier.close();
    // A file no build has used for longer than the archive keeps one.
    const gone = path.join(dataDir(), 'web-assets', 'assets', 'page-Gone0000.js');
    await writeFile(gone, 'export {};');
    const longAgo = new Date(Date.now() - ARCHIVED_ASSETS_KEPT_MS - DAY_MS);
    await utimes(gone, longAgo, longAgo);
    server = await startTestServer({ WEB_DIST_DIR: await build('later', 'page-New22222.js'), DATA_DIR: dataDir() });
  });
  afterAll(async () => {
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it('serves an earlier build’s page to a tab opened before the deploy, cached like any hashed file', async () => {
    for (const page of ['page-Old11111.js', 'page-New22222.js']) {
      const response = await rawGet(`${server.baseUrl}/assets/${page}`);
      expect(response.status, page).toBe(200);
      expect(response.body.toString()).toBe(`export const page = ${JSON.stringify(page)};`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers 404, never the app’s shell, for a file no kept build has, and forgets files unused for 30 days', async () => {
    for (const page of ['page-Gone0000.js', 'page-Never000.js']) {
      const response = await rawGet(`${server.baseUrl}/assets/${page}`);
      expect(response.status, page).toBe(404);
      expect(response.body.toString()).not.toContain('<title>Aurum</title>');
    }
    expect(await readdir(path.join(dataDir(), 'web-assets', 'assets'))).not.toContain('page-Gone0000.js');
  });
});

describe.runIf(CAN_SHARE_REDIS)('home pages drawn on the server, counted across instances sharing Redis', () => {
  const distDir = path.join(tmpdir(), `aurum-dist-shared-${process.pid}`);
  // Registered before the instances' own hooks, so the build is there when they start.
  beforeAll(async () => {
    await rm(distDir, { recursive: true, force: true });
    await writeRenderingApp(distDir);
  });
  const instances = instancesSharingRedis({ WEB_DIST_DIR: distDir });
  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  it('draws at most 20 a minute per session whichever instance is asked', async () => {
    const reloader = new ApiClient(instances.first);
    await reloader.register('ssr-cluster@aurum.test', uniqueHandle('ssrcluster'), 'Cluster Reader');
    const answers: boolean[] = [];
    for (let i = 0; i < 20; i++) answers.push(await homeDrawn(i % 2 === 0 ? instances.first : instances.second, reloader));
    expect(answers).toEqual(Array.from({ length: 20 }, () => true));
    expect(await homeDrawn(instances.first, reloader)).toBe(false);
    expect(await homeDrawn(instances.second, reloader)).toBe(false);
  });
});
