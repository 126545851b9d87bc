import { bigint, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';

/**
 * An unfinished resumable upload, as the tus protocol sees it: its declared length, how many
 * bytes are kept, and the client's metadata (with the owner the server set). Kept in the
 * database, beside its chunks in the media store, so any instance takes any of its requests.
 */
export const resumableUploads = pgTable('resumable_uploads', {
  id: text('id').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
  metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull(),
  createdAt: createdAt(),
});

/** The bytes of one request of an upload, stored under `key` from byte `start` on; the chunks tile the upload. */
export const resumableUploadChunks = pgTable(
  'resumable_upload_chunks',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => resumableUploads.id, { onDelete: 'cascade' }),
    start: bigint('start', { mode: 'number' }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.start] })],
);
