import {
  type AdminSupportThread,
  type AdminSupportTicket,
  type AdminSupportTicketsPage,
  type CreateSupportTicketInput,
  generateId,
  SUPPORT_THREAD_PAGE_SIZE,
  type SupportEvent,
  type SupportMessage,
  type SupportMessagesPage,
  type SupportQueueFilter,
  type SupportReplyInput,
  type SupportStatus,
  type SupportThread,
  type SupportTicket,
  type SupportTicketsPage,
  supportStatusAfter,
} from '@aurum/core';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database, Executor } from '../db/database.js';
import { media, supportMessages, supportTickets } from '../db/schema.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import { mediaItemForViewer } from '../media/media-items.js';
import { supportScreenshotUrl } from '../media/media-urls.js';
import type { SupportMail } from './mail.js';
import { type AdminTicketRow, type MessageRow, type SupportStatements, storedScreenshot, type TicketRow } from './statements.js';

export interface SupportServiceDeps {
  db: Database;
  now: () => Date;
  statements: SupportStatements;
  audit: AuditLog;
  /** E-mail to the other side of each new message, queued in the message's transaction. */
  mail: SupportMail;
  /** Tells the ticket's author, live, that support changed it (their open ticket page reads it again). */
  notifyAuthor: (authorId: string, ticketId: string) => void;
}

/** Who acts on a ticket: its author, or support (an admin, whose every change is audited). */
type Side = { kind: 'author'; userId: string } | { kind: 'support'; actor: AdminActor };

const AUDIT_ACTION_OF = {
  support_message: 'support.replied',
  close: 'support.closed',
  reopen: 'support.reopened',
} as const;

/**
 * Support tickets. A member or creator opens a ticket (subject, message, an optional screenshot
 * from their own uploads), reads its thread, writes again, closes and reopens it; admins read
 * the queue (open tickets, the one waiting longest first) and answer. Each message is e-mailed
 * to the other side by a durable job; each change an admin makes is audited in its transaction.
 *
 * The restricted words are not checked here: people must be able to quote what they report,
 * and only the ticket's author and admins ever read a ticket.
 */
export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  /** Opens a ticket with its first message; it waits in the queue from now. */
  async open(authorId: string, input: CreateSupportTicketInput & { subject: string; message: string }): Promise<SupportThread> {
    const now = this.deps.now();
    const ticketId = generateId(now.getTime());
    await this.deps.db.transaction(async (tx) => {
      if (input.screenshotMediaId) await this.checkScreenshot(tx, authorId, input.screenshotMediaId);
      await tx.insert(supportTickets).values({
        id: ticketId,
        authorId,
        subject: input.subject,
        status: 'open',
        waitingSince: now,
        messageCount: 1,
        lastMessageAt: now,
        createdAt: now,
      });
      await tx.insert(supportMessages).values({
        id: generateId(now.getTime()),
        ticketId,
        writerId: authorId,
        fromSupport: false,
        body: input.message,
        screenshotMediaId: input.screenshotMediaId ?? null,
        createdAt: now,
      });
    });
    return this.thread(authorId, ticketId, { limit: SUPPORT_THREAD_PAGE_SIZE });
  }

  /** The author's tickets, newest first. */
  async myTickets(authorId: string, page: PageRequest): Promise<SupportTicketsPage> {
    const rows = await this.deps.statements.mine.run({ author: authorId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toTicket), nextCursor };
  }

  /** One of the author's tickets with a page of its thread; anyone else's is not found. */
  async thread(authorId: string, ticketId: string, page: PageRequest): Promise<SupportThread> {
    const ticket = await this.ticketRow(ticketId, authorId);
    return { ticket: toTicket(ticket), messages: await this.messages('author', ticketId, page) };
  }

  /** The admin queue: open tickets oldest waiting first, or one status (or all) newest first. */
  async queue(query: PageRequest & { status: SupportQueueFilter }): Promise<AdminSupportTicketsPage> {
    if (query.status === 'open') {
      const rows = await this.deps.statements.queueWaiting.run(keysetStart(query, timeKey));
      const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.waiting_since ?? row.created_at, row.id]);
      return { items: items.map(toAdminTicket), nextCursor };
    }
    const rows = await this.deps.statements.queueNewest.run({
      status: query.status === 'all' ? null : query.status,
      ...keysetStart(query, timeKey),
    });
    const { items, nextCursor } = keysetPage(rows, query.limit, (row) => [row.created_at, row.id]);
    return { items: items.map(toAdminTicket), nextCursor };
  }

  /** Any ticket with a page of its thread, as admins see it (which admin wrote each answer). */
  async adminThread(ticketId: string, page: PageRequest): Promise<AdminSupportThread> {
    const ticket = await this.ticketRow(ticketId, null);
    return { ticket: toAdminTicket(ticket), messages: await this.messages('admin', ticketId, page) };
  }

  /** The author writes again: the ticket waits for support (again). */
  async reply(authorId: string, ticketId: string, input: SupportReplyInput & { message: string }) {
    return this.change(ticketId, { kind: 'author', userId: authorId }, 'author_message', input);
  }

  /** Support answers: the ticket waits for its author. */
  async answer(actor: AdminActor, ticketId: string, input: SupportReplyInput & { message: string }) {
    return this.change(ticketId, { kind: 'support', actor }, 'support_message', input);
  }

  async close(side: Side, ticketId: string): Promise<SupportTicket> {
    return (await this.change(ticketId, side, 'close')).ticket;
  }

  async reopen(side: Side, ticketId: string): Promise<SupportTicket> {
    return (await this.change(ticketId, side, 'reopen')).ticket;
  }

  /** The media behind a screenshot, for the ticket's author (or, with a null author, an admin); null for anyone else. */
  async screenshot(authorId: string | null, ticketId: string, messageId: string): Promise<{ mediaId: string; status: string } | null> {
    const [row] = await this.deps.statements.screenshot.run({ ticket: ticketId, message: messageId, author: authorId });
    return row ? { mediaId: row.media_id, status: row.status } : null;
  }

  /**
   * Moves a ticket, in one transaction with the ticket locked: the new status (core's
   * `supportStatusAfter`: nobody writes in a closed ticket), the message if there is one with
   * its mail job, and for support the audit row. A change that changes nothing records nothing.
   */
  private async change(
    ticketId: string,
    side: Side,
    event: SupportEvent,
    input?: SupportReplyInput & { message: string },
  ): Promise<{ ticket: SupportTicket; message: SupportMessage | null }> {
    const now = this.deps.now();
    const messageId = input ? generateId(now.getTime()) : null;
    await this.deps.db.transaction(async (tx) => {
      const [ticket] = await tx
        .select()
        .from(supportTickets)
        .where(and(eq(supportTickets.id, ticketId), side.kind === 'author' ? eq(supportTickets.authorId, side.userId) : undefined))
        .for('update');
      if (!ticket) throw errors.notFound('Ticket');
      const before = ticket.status as SupportStatus;
      const after = supportStatusAfter(before, event);
      if (after === null) throw errors.supportTicketClosed();
      if (after === before && !input) return;
      const writerId = side.kind === 'author' ? side.userId : side.actor.adminId;
      if (input && messageId) {
        if (input.screenshotMediaId) await this.checkScreenshot(tx, writerId, input.screenshotMediaId);
        await tx.insert(supportMessages).values({
          id: messageId,
          ticketId,
          writerId,
          fromSupport: side.kind === 'support',
          body: input.message,
          screenshotMediaId: input.screenshotMediaId ?? null,
          createdAt: now,
        });
        await this.deps.mail.queue(tx, messageId);
      }
      await tx
        .update(supportTickets)
        .set({
          status: after,
          // The wait starts with the author's first unanswered message and lasts until support answers or it is closed.
          waitingSince: after === 'open' ? (before === 'open' ? ticket.waitingSince : now) : null,
          closedAt: after === 'closed' ? (ticket.closedAt ?? now) : null,
          ...(input ? { messageCount: sql`${supportTickets.messageCount} + 1`, lastMessageAt: now } : {}),
        })
        .where(eq(supportTickets.id, ticketId));
      if (side.kind === 'support' && event !== 'author_message') {
        await this.deps.audit.record(tx, side.actor, {
          action: AUDIT_ACTION_OF[event],
          targetType: 'support_ticket',
          targetId: ticketId,
          before: { status: before },
          after: { status: after, ...(messageId ? { messageId } : {}) },
        });
      }
    });
    if (messageId) this.deps.mail.wake();
    const row = await this.ticketRow(ticketId, null);
    if (side.kind === 'support') this.deps.notifyAuthor(row.author_id, ticketId);
    const message = messageId ? await this.messageAt(side.kind === 'author' ? 'author' : 'admin', ticketId, messageId, now) : null;
    return { ticket: toTicket(row), message };
  }

  /** A screenshot is one of the writer's own uploads, a picture that did not fail; held until the message is stored, so the purge waits. */
  private async checkScreenshot(tx: Executor, writerId: string, mediaId: string): Promise<void> {
    const [row] = await tx
      .select({ kind: media.kind, status: media.status })
      .from(media)
      .where(and(eq(media.id, mediaId), eq(media.ownerId, writerId)))
      .for('share');
    if (!row) throw errors.mediaNotFound();
    if (row.kind !== 'image') throw errors.mediaNotImage({ message: 'A screenshot must be a picture.' });
    if (row.status === 'failed') throw errors.mediaUnusable();
  }

  private async ticketRow(ticketId: string, authorId: string | null): Promise<AdminTicketRow> {
    const [row] = await this.deps.statements.oneTicket.run({ ticket: ticketId, author: authorId });
    if (!row) throw errors.notFound('Ticket');
    return row;
  }

  private async messages(side: 'author' | 'admin', ticketId: string, page: PageRequest): Promise<SupportMessagesPage> {
    const rows = await this.deps.statements.thread.run({ ticket: ticketId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [row.created_at, row.id]);
    return { items: items.map((row) => toMessage(side, ticketId, row)), nextCursor };
  }

  /** A message just written, read through the thread's statement from the moment it was written on. */
  private async messageAt(side: 'author' | 'admin', ticketId: string, messageId: string, at: Date): Promise<SupportMessage | null> {
    const rows = await this.deps.statements.thread.run({ ticket: ticketId, cursorKey: at.toISOString(), cursorId: '', limit: 20 });
    const row = rows.find((candidate) => candidate.id === messageId);
    return row ? toMessage(side, ticketId, row) : null;
  }
}

function toTicket(row: TicketRow): SupportTicket {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status as SupportStatus,
    messageCount: row.message_count,
    createdAt: row.created_at,
    lastMessageAt: row.last_message_at,
    waitingSince: row.waiting_since,
    closedAt: row.closed_at,
  };
}

function toAdminTicket(row: AdminTicketRow): AdminSupportTicket {
  return {
    ...toTicket(row),
    author: { userId: row.author_id, email: row.author_email, handle: row.author_handle, publicName: row.author_public_name },
  };
}

/** A message as one side sees it: the author is not told which admin answered. */
function toMessage(side: 'author' | 'admin', ticketId: string, row: MessageRow): SupportMessage {
  const stored = storedScreenshot(row);
  return {
    id: row.id,
    fromSupport: row.from_support,
    body: row.body,
    createdAt: row.created_at,
    screenshot: stored ? mediaItemForViewer(stored, (kind) => supportScreenshotUrl(side, ticketId, row.id, kind, stored.mediaId)) : null,
    ...(side === 'admin' && row.writer_id
      ? { writer: { userId: row.writer_id, handle: row.writer_handle, publicName: row.writer_public_name } }
      : {}),
  };
}
