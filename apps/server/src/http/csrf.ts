import type { FastifyInstance } from 'fastify';
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
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) {
      throw errors.csrfOriginMismatch();
    }
  });
}
