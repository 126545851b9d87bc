import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { massMessages } from '../mass-messages/tables.js';
import { media } from '../media/tables.js';
import { charges } from '../payments/tables.js';
import { tips } from '../tips/tables.js';
import { userReference } from '../users/tables.js';

/** A chat between two users (spec: participantIds sorted): one per pair, `userLow` < `userHigh`. */
export const chats = pgTable(
  'chats',
  {
    id: text('id').primaryKey(),
    userLow: userReference('user_low'),
    userHigh: userReference('user_high'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chats_pair_unique').on(t.userLow, t.userHigh)],
);

/**
 * Each participant's side of a chat: who the partner is, when the chat last moved (the list's
 * order) and how far they have read (unread counts, read receipts).
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    partnerId: userReference('partner_id'),
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastReadMessageId: text('last_read_message_id'),
    /** When this participant was last e-mailed about unread messages here (at most hourly). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('chat_participants_activity_idx').on(t.activityAt),
    primaryKey({ columns: [t.chatId, t.userId] }),
    index('chat_participants_user_activity_idx').on(t.userId, t.activityAt.desc().nullsFirst(), t.chatId.desc().nullsFirst()),
  ],
);

/** A message in a chat; its id is chosen by the sender's device, so a retried send is stored once. */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: userReference('sender_id'),
    body: text('body').notNull(),
    /** Pay-per-view: what the recipient pays to see the media (minor units), or null when free. */
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    /** A member's tip given in the chat: the message is the tip's (its text the tip's message, its id the tip's id). */
    tipId: text('tip_id').references(() => tips.id, { onDelete: 'set null' }),
    /** A copy of a mass message: the one the recipient got (its id `massMessageCopyId`). */
    massMessageId: text('mass_message_id').references(() => massMessages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Removed by an admin: the message leaves both sides' history. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('messages_price_check', sql`(${t.priceMinor} is null) = (${t.currency} is null)`),
    uniqueIndex('messages_tip_unique').on(t.tipId),
    index('messages_mass_message_idx').on(t.massMessageId).where(sql`${t.massMessageId} is not null`),
    index('messages_chat_created_idx').on(t.chatId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Media a creator attached to a message, from their own uploads; only the chat's two participants can fetch it. */
export const messageMedia = pgTable(
  'message_media',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] }), index('message_media_media_idx').on(t.mediaId)],
);

/**
 * A paid message's media unlocked for the member who paid: written by the `paid_message`
 * charge's effect in the transaction that settles the charge, once per message and member.
 */
export const messageUnlocks = pgTable(
  'message_unlocks',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: userReference('user_id'),
    chargeId: text('charge_id')
      .notNull()
      .references(() => charges.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), uniqueIndex('message_unlocks_charge_unique').on(t.chargeId)],
);
