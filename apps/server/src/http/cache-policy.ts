import type { FastifyInstance } from 'fastify';

/**
 * The API's answers are the viewer's (their data, an admin's lists of e-mail addresses): no cache
 * between the server and the browser may keep them, nor the browser itself, unless a route says
 * otherwise (media delivery sets what each derivative may have).
 */
export function registerApiCachePolicy(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });
}
