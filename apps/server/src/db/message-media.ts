import { type SQL, sql } from 'drizzle-orm';
import { massMessageMedia, messageMedia } from './schema.js';

/**
 * A message's media links (`position`, `media_id`) as a subquery, `message` naming its row: its
 * own, or for a mass message's copy its mass message's, which every copy shares rather than
 * holding rows of its own (100,000 copies, one set of links).
 */
export const messageMediaLinks = (message: SQL) => sql`(select own.position, own.media_id from ${messageMedia} as own
    where own.message_id = ${message}.id
  union all select shared.position, shared.media_id from ${massMessageMedia} as shared
    where shared.mass_message_id = ${message}.mass_message_id)`;
