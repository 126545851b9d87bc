import type { FastifyInstance } from 'fastify';

/** Provider events are small; anything bigger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface RawBodyOptions {
  /** The content types taken (others: 415 `unsupported_media_type`); every type by default. */
  contentTypes?: string[];
  /** Larger bodies: 413 `payload_too_large`. */
  bodyLimit?: number;
}

/**
 * Registers routes in their own scope, where every body stays the raw Buffer it arrived as:
 * webhooks check a signature computed over those bytes (the JSON parser would change them),
 * the telemetry relay forwards them. Other routes keep their parsers.
 */
export async function registerRawBodyRoutes(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
  { contentTypes, bodyLimit = WEBHOOK_BODY_LIMIT }: RawBodyOptions = {},
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(contentTypes ?? '*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));
    await routes(scope);
  });
}
