import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../http/errors.js';
import { type ByteRange, ObjectNotFoundError, RangeNotSatisfiableError, type StoredObject } from '../storage/index.js';
import { parseRangeHeader } from './byte-ranges.js';

/** Opens stored bytes, all of them or a range; throws ObjectNotFoundError or RangeNotSatisfiableError. */
export type OpenBytes = (range?: ByteRange) => Promise<StoredObject>;

/** Blurred images and profile pictures hold nothing to protect; caching them spares re-downloading grids. */
export const OPEN_IMAGE_CACHE = 'private, max-age=86400';
/** Everything else is fetched afresh each time, so a lapsed subscription stops working at once. */
export const PROTECTED_CACHE = 'private, no-store';

/**
 * Sends media bytes the caller has already decided the viewer may have, with HTTP Range
 * support for video and audio seeking: 206 with Content-Range for one range, 416 when it
 * starts past the end, the whole file for anything else. No validators are sent, so an
 * If-Range request always gets the whole file.
 */
export async function sendMediaBytes(request: FastifyRequest, reply: FastifyReply, open: OpenBytes, cacheControl: string) {
  const wanted = request.headers['if-range'] ? null : parseRangeHeader(request.headers.range);
  reply.header('accept-ranges', 'bytes');
  let object: StoredObject;
  try {
    let range: ByteRange | undefined = wanted && 'start' in wanted ? wanted : undefined;
    if (wanted && 'suffix' in wanted) {
      // The last N bytes: the size is needed first.
      const whole = await open();
      whole.stream.destroy();
      if (wanted.suffix === 0 || whole.size === 0) throw new RangeNotSatisfiableError(whole.size);
      range = { start: Math.max(0, whole.size - wanted.suffix) };
    }
    object = await open(range);
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw errors.notFound('Media');
    if (error instanceof RangeNotSatisfiableError) reply.header('content-range', `bytes */${error.size}`);
    throw error;
  }
  reply
    .header('cache-control', cacheControl)
    .header('content-type', object.contentType)
    // Shown in the page, never saved under a name of the uploader's choosing; nosniff and
    // Cross-Origin-Resource-Policy come with every response (http/security-headers.ts).
    .header('content-disposition', 'inline')
    .header('content-length', object.end - object.start + 1);
  if (wanted) reply.status(206).header('content-range', `bytes ${object.start}-${object.end}/${object.size}`);
  return reply.send(object.stream);
}
