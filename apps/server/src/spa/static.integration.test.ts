import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestServer, type TestServer } from '../../test/test-server.js';

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

  /** The headers every document keeps: scripts from this site only, never inline. */
  function expectStrictPolicy(response: RawResponse) {
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[;\s]/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp.match(/script-src[^;]*/g)?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp).toContain("default-src 'self'");
  }

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
