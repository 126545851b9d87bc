import type { FastifyInstance } from 'fastify';

/** Provider events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Registers webhook routes in their own scope, where every body stays the raw Buffer the
 * signature was computed over (the JSON parser would change the bytes). Other routes keep
 * their parsers.
 */
export async function registerRawBodyRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => void | Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    await routes(scope);
  });
}
