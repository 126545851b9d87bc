import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const WEBHOOK_PREFIX = '/api/webhooks/';

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Whether a request comes from a page of this site, by its Origin (or, failing that, Referer) header. */
export function comesFromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
  return origin === publicOrigin || origin === `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard: a state-changing API request must come from a page of
 * this site, shown by its Origin (or, failing that, Referer) header. Browsers always send
 * one of them on such requests, and scripts on other sites cannot forge them.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    // Providers' servers call webhooks, not browsers: their signature is checked instead.
    if (request.url.startsWith(WEBHOOK_PREFIX)) return;
    if (!comesFromThisSite(request, publicOrigin)) throw errors.csrfOriginMismatch();
  });
}
