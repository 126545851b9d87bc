import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.js';
import { media } from '../media/tables.js';
import { userReference, users } from '../users/tables.js';

/**
 * A support ticket: its author's subject and the thread's state. `waiting_since` is when the
 * author's unanswered message came (the admin queue's order: oldest waiting first); the count
 * and time of the last message are kept here so lists read one row per ticket.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: text('id').primaryKey(),
    authorId: userReference('author_id'),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('open'),
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_tickets_author_idx').on(t.authorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin queue: open tickets, oldest waiting first; the other filters newest first.
    index('support_tickets_waiting_idx').on(t.waitingSince, t.id).where(sql`${t.status} = 'open'`),
    index('support_tickets_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('support_tickets_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_waiting_check', sql`(${t.status} = 'open') = (${t.waitingSince} is not null)`),
  ],
);

/** One message of a ticket's thread, from its author or from support (an admin), with an optional screenshot. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: text('id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** Who wrote it; an admin's account may go, their answer stays. */
    writerId: text('writer_id').references(() => users.id, { onDelete: 'set null' }),
    fromSupport: boolean('from_support').notNull(),
    body: text('body').notNull(),
    screenshotMediaId: text('screenshot_media_id').references(() => media.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    index('support_messages_screenshot_idx').on(t.screenshotMediaId),
  ],
);
