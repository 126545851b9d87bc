import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LocalRate } from '../rate-limit/local-rate.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { archiveAssets } from './asset-archive.js';
import { HomeDocument, isPhone } from './home-document.js';

/** The landing page's prerendered document, which the web build writes beside index.html. */
export const LANDING_DOCUMENT = 'landing.html';
/** Where a signed-in visitor of the landing page goes (the app's guard sends on from there if registration is unfinished). */
export const SIGNED_IN_START = '/home';

/**
 * API answers a page of the app asks for first, for a visitor with a session: a Link header on
 * its document has the browser fetch them at once, beside the app's code, instead of once that
 * code has run (the web app's `fetch` of the same URL takes the preloaded answer).
 */
const SIGNED_IN_PRELOADS: Record<string, readonly string[]> = {
  // The feed's first page (features/home/api.ts).
  [SIGNED_IN_START]: ['/api/feed'],
};
const preloadLink = (urls: readonly string[]) => urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');

/** Where the build's content-hashed files are served. */
const ASSETS_PATH = '/assets/';

/** The landing document or one of its compressed twins. */
const isLandingDocument = (filePath: string) =>
  [LANDING_DOCUMENT, `${LANDING_DOCUMENT}.br`, `${LANDING_DOCUMENT}.gz`].includes(path.basename(filePath));

/**
 * The home page drawn on the server costs about ten feeds; past this many per session, the
 * member gets the app's shell instead, which draws the same page from the API in the browser.
 */
const HOME_RENDERS_PER_SESSION = { limit: 20, windowMs: 60_000 };

/** Whether the session may have its home page drawn now (and, if so, it is counted). */
function homeRenderGate({ sharedRates, now }: SpaOptions): (session: string) => Promise<boolean> {
  // The key names the session by a hash: a session's token is a secret, never written to Redis.
  const keyOf = (session: string) => `home-render:${createHash('sha256').update(session).digest('base64url').slice(0, 32)}`;
  if (sharedRates) {
    return async (session) => (await sharedRates.count(keyOf(session), HOME_RENDERS_PER_SESSION)).hits <= HOME_RENDERS_PER_SESSION.limit;
  }
  const local = new LocalRate(HOME_RENDERS_PER_SESSION);
  return async (session) => local.allow(session, now().getTime());
}

export interface SpaOptions {
  /** Where the hashed files of the builds served before are kept (`asset-archive.ts`). */
  archiveDir: string;
  /** The request's session token when it is a live session (an unknown or expired one is no session), else null. */
  liveSession: (request: FastifyRequest) => Promise<string | null>;
  now: () => Date;
  /** Counts the home pages drawn per session for every instance together (with Redis); null: each instance counts its own. */
  sharedRates: RateLimiter | null;
}

/**
 * Serves the built web app. Unknown non-API paths get index.html so the browser router
 * decides. `/` is the landing page: a visitor without a session gets landing.html, the page
 * already drawn (its markup and styles, prerendered at build time), which the app then takes
 * over; a visitor with one is redirected to the start of the signed-in app. The build leaves a
 * brotli and a gzip twin beside each text file, sent to browsers that accept them.
 * Content-hashed assets are cached for a year; everything else (the documents, the manifest,
 * the service worker) is revalidated on every use through its ETag.
 */
export async function registerSpa(app: FastifyInstance, distDir: string, options: SpaOptions): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; only the API is served (run npm run build)');
    return false;
  }
  await archiveAssets(distDir, options.archiveDir, options.now().getTime()).catch((error: unknown) => {
    app.log.warn({ err: error, archiveDir: options.archiveDir }, 'could not keep this build’s files for tabs of earlier releases');
  });
  const hasLanding = existsSync(path.join(distDir, LANDING_DOCUMENT));
  const homeDocument = HomeDocument.of(app, distDir);
  // Loaded once the server listens: requests never wait for it, and tests that only inject requests never load it.
  if (homeDocument) app.addHook('onListen', async () => homeDocument.prepare());
  const homeRenders = homeRenderGate(options);
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own cache-control below; the send module's default would add max-age=0 beside it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', cacheable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The same URL answers in several encodings, so caches must key on what was accepted; the
      // landing page's URL also answers differently with a session (a redirect), and a document
      // with preloads has them only with one, so on the cookie too.
      const bySession = isLandingDocument(filePath) || res.getHeader('link') !== undefined;
      res.setHeader('vary', bySession ? 'accept-encoding, cookie' : 'accept-encoding');
    },
  });
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if ((await options.liveSession(request)) !== null) {
      return reply.header('cache-control', 'no-store').header('vary', 'cookie').redirect(SIGNED_IN_START, 302);
    }
    return reply.sendFile(hasLanding ? LANDING_DOCUMENT : 'index.html');
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const candidate = path.join(distDir, path.normalize(urlPath));
    // The build's dot folders are for the server and the tools, never sent: the server render
    // (`.server/`) and the build manifest (`.vite/`, which lists source paths).
    const buildOnly = path
      .relative(distDir, candidate)
      .split(path.sep)
      .some((segment) => segment.startsWith('.'));
    if (candidate.startsWith(distDir) && !buildOnly && statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    if (urlPath.startsWith(ASSETS_PATH)) {
      // A file of an earlier build, for a tab opened before the deploy; never the shell in its place.
      const name = urlPath.slice(ASSETS_PATH.length);
      const archived = path.join(options.archiveDir, 'assets', name);
      if (name === path.basename(name) && statSync(archived, { throwIfNoEntry: false })?.isFile()) {
        return reply.sendFile(`assets/${name}`, options.archiveDir);
      }
      return reply.callNotFound();
    }
    const preloads = SIGNED_IN_PRELOADS[urlPath];
    const session = preloads === undefined ? null : await options.liveSession(request);
    const signedIn = session !== null;
    if (session !== null && urlPath === SIGNED_IN_START && homeDocument && isPhone(request.headers) && (await homeRenders(session))) {
      const html = await homeDocument.render(request);
      // The member's own page: never kept by a cache.
      if (html)
        return reply
          .header('cache-control', 'no-store')
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(html);
    }
    // On the raw response, where setHeaders above sees it and varies the document on the cookie.
    if (signedIn && preloads) reply.raw.setHeader('link', preloadLink(preloads));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
