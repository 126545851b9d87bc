import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { media } from '../media/tables.js';
import { userReference } from '../users/tables.js';

/**
 * A creator's message to the fans on some lists: what it says and carries, who it goes to (list
 * references, resolved into recipients when sending begins) and how far delivery has come.
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: text('id').primaryKey(),
    creatorId: userReference('creator_id'),
    body: text('body').notNull(),
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    include: jsonb('include').$type<string[]>().notNull(),
    exclude: jsonb('exclude').$type<string[]>().notNull(),
    /** scheduled, sending (recipients resolved, copies being written), sent, unsent. */
    status: text('status').notNull(),
    /** Every copy carries this time, so it sits in order with the creator's other messages however long delivery takes. */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    recipientCount: integer('recipient_count'),
    deliveredCount: integer('delivered_count').notNull().default(0),
    /** Batches written so far: the next batch's number. */
    batches: integer('batches').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsentAt: timestamp('unsent_at', { withTimezone: true }),
  },
  (t) => [
    check('mass_messages_price_check', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    check('mass_messages_status_check', sql`${t.status} in ('scheduled', 'sending', 'sent', 'unsent')`),
    index('mass_messages_creator_created_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The media a mass message carries, from the creator's own uploads; every copy shows these (`db/message-media.ts`). */
export const massMessageMedia = pgTable(
  'mass_message_media',
  {
    massMessageId: text('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.massMessageId, t.position] }), index('mass_message_media_media_idx').on(t.mediaId)],
);

/**
 * The recipients a mass message has still to reach, resolved when sending begins: a row per batch
 * of user ids, in id order. A batch's row is deleted by the statement that writes its copies, so a
 * batch is delivered whole or not at all, and never twice; a message that is sent keeps no row.
 * Ids rather than references: one who left since is skipped, and nobody waits on these rows.
 */
export const massMessageBatches = pgTable(
  'mass_message_batches',
  {
    massMessageId: text('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    batch: integer('batch').notNull(),
    recipientIds: text('recipient_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.massMessageId, t.batch] })],
);
