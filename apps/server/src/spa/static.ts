import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Unknown non-API paths get index.html so the browser router
 * decides. The build leaves a brotli and a gzip twin beside each text file, sent to browsers
 * that accept them. Content-hashed assets are cached for a year; everything else (index.html,
 * the manifest, the service worker) is revalidated on every use through its ETag.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; only the API is served (run npm run build)');
    return false;
  }
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
      // The same URL answers in several encodings, so caches must key on what was accepted.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/')) return reply.callNotFound();
    const candidate = path.join(distDir, path.normalize(urlPath));
    if (candidate.startsWith(distDir) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(path.relative(distDir, candidate));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
