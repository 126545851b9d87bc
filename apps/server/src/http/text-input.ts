import type { FastifyInstance } from 'fastify';
import { errors } from './errors.js';

/** Where the first string holding a NUL character is in `value` (`''` for the value itself), or null when none does. */
export function nulCharacterPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Raw bodies (webhooks, uploads) are bytes, not text fields.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulCharacterPath(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text no database column can hold is refused at the edge, for every route: a NUL character in
 * a path parameter, the query or a JSON body (PostgreSQL's text refuses it) answers 400
 * `validation_failed` naming where it was, before any route's validation or work. Invalid
 * percent-encoding (bytes that are not UTF-8) is refused by the router itself with 400.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulCharacterPath(value);
      if (path === null) continue;
      const where = path ? `${part}.${path}` : part;
      throw errors.validationFailed({
        message: `${where}: Text may not contain NUL characters`,
        details: [{ path: where, message: 'Text may not contain NUL characters' }],
      });
    }
  });
}
