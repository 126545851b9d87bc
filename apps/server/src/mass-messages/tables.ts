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
    /** The last recipient (by user id) whose batch was written: the next batch starts after them. */
    deliveredThrough: text('delivered_through'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    unsentAt: timestamp('unsent_at', { withTimezone: true }),
  },
  (t) => [
    check('mass_messages_price_check', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    check('mass_messages_status_check', sql`${t.status} in ('scheduled', 'sending', 'sent', 'unsent')`),
    index('mass_messages_creator_created_idx').on(t.creatorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** The media a mass message carries, from the creator's own uploads; each copy names them again (`message_media`). */
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
 * One recipient of a mass message, written when sending begins. Delivery takes them in batches
 * by user id: the message's cursor (`delivered_through`) moves past a batch in the transaction
 * that writes its copies, so a batch is delivered whole or not at all, and never twice. One who
 * blocked or left since gets no copy.
 */
export const massMessageRecipients = pgTable(
  'mass_message_recipients',
  {
    massMessageId: text('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    /** The pair's chat: the one they had when sending began, or the one delivery opens (this id). */
    chatId: text('chat_id').notNull(),
  },
  (t) => [
    // Also the order batches are taken in.
    primaryKey({ columns: [t.massMessageId, t.userId] }),
    index('mass_message_recipients_user_idx').on(t.userId),
  ],
);
