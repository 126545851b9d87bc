import type { DerivativeKind } from '@aurum/core';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { userReference } from '../users/tables.js';

/**
 * An uploaded file and its derivatives. Originals are served only to viewers the access
 * rules allow; the blurred derivatives and placeholder are what everyone else gets.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    ownerId: userReference('owner_id'),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    originalKey: text('original_key').notNull(),
    status: text('status').notNull(),
    failureReason: text('failure_reason'),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    placeholder: text('placeholder'),
    thumbKey: text('thumb_key'),
    blurKey: text('blur_key'),
    blurThumbKey: text('blur_thumb_key'),
    posterKey: text('poster_key'),
    playableKey: text('playable_key'),
    playableMime: text('playable_mime'),
    createdAt: createdAt(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** When the item was last taken out of a post: its unattached grace period counts from then, not from the upload. */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  // The owner's uploads, newest first: the vault, and the owner's storage use.
  (t) => [index('media_owner_created_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Where each derivative's storage key is kept on a media row (null until it is made). */
export const DERIVATIVE_KEY_COLUMNS = {
  thumb: 'thumbKey',
  blur: 'blurKey',
  blurThumb: 'blurThumbKey',
  poster: 'posterKey',
  playable: 'playableKey',
} as const satisfies Record<DerivativeKind, keyof typeof media.$inferSelect>;

/**
 * An unfinished upload's declared length, held against its owner's storage quota from the moment
 * it starts until it finishes, is given up or expires; with it, the number of open uploads a
 * member has. The tus upload's id.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: text('id').primaryKey(),
    ownerId: userReference('owner_id'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('upload_reservations_owner_idx').on(t.ownerId)],
);
