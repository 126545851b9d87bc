import { displayName, ROLE } from '@aurum/core';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { hasRoleSql } from '../access/access.js';
import type { Database, Executor } from '../db/database.js';
import { profiles, supportMessages, supportTickets, users } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';

const MAIL_JOB = 'support.message-mail';

export interface SupportMailDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The e-mail about a new message on a ticket, to the other side: support's answer goes to the
 * ticket's author; the author's message goes to the admins who answered the ticket before (and
 * are still active admins). A ticket nobody answered yet is found in the queue, not by mail.
 * Sent by a durable job queued in the message's transaction, so a message is never without
 * its mail, nor a mail without its message.
 */
export class SupportMail {
  constructor(private readonly deps: SupportMailDeps) {
    deps.jobs.register(MAIL_JOB, {
      payload: z.object({ messageId: z.string() }),
      run: ({ messageId }) => this.send(messageId),
    });
  }

  async queue(tx: Executor, messageId: string): Promise<void> {
    await this.deps.jobs.enqueue(MAIL_JOB, { messageId }, { id: `${MAIL_JOB}:${messageId}` }, tx);
  }

  wake(): void {
    this.deps.jobs.wake();
  }

  private async send(messageId: string): Promise<void> {
    const { db } = this.deps;
    const [message] = await db
      .select({
        ticketId: supportMessages.ticketId,
        fromSupport: supportMessages.fromSupport,
        body: supportMessages.body,
        subject: supportTickets.subject,
        authorId: supportTickets.authorId,
        authorEmail: users.email,
        authorDisabled: users.disabledAt,
        authorHandle: profiles.handle,
        authorPublicName: profiles.publicName,
      })
      .from(supportMessages)
      .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
      .innerJoin(users, eq(users.id, supportTickets.authorId))
      .leftJoin(profiles, eq(profiles.userId, supportTickets.authorId))
      .where(eq(supportMessages.id, messageId));
    if (!message) return;
    const subject = message.subject.replace(/\s+/g, ' ');
    if (message.fromSupport) {
      if (message.authorDisabled) return;
      await this.deliver([message.authorEmail], {
        subject: `Support answered: ${subject}`,
        paragraphs: [`Support answered your ticket “${subject}”:`, message.body],
        path: `/support/${encodeURIComponent(message.ticketId)}`,
      });
      return;
    }
    const answeredBy = await db
      .selectDistinct({ email: users.email })
      .from(supportMessages)
      .innerJoin(users, eq(users.id, supportMessages.writerId))
      .where(
        and(
          eq(supportMessages.ticketId, message.ticketId),
          eq(supportMessages.fromSupport, true),
          ne(supportMessages.id, messageId),
          isNull(users.disabledAt),
          hasRoleSql(users.labels, ROLE.admins),
        ),
      );
    const author = displayName({ publicName: message.authorPublicName, handle: message.authorHandle });
    await this.deliver(
      answeredBy.map((row) => row.email),
      {
        subject: `New message on a support ticket: ${subject}`,
        paragraphs: [`${author} wrote on the ticket “${subject}”:`, message.body],
        path: `/admin/support/${encodeURIComponent(message.ticketId)}`,
      },
    );
  }

  private async deliver(to: string[], mail: { subject: string; paragraphs: string[]; path: string }): Promise<void> {
    const actionUrl = new URL(mail.path, this.deps.publicUrl).toString();
    for (const address of to) {
      await this.deps.mailer.send(
        noticeMail({ to: address, subject: mail.subject, paragraphs: mail.paragraphs, actionUrl, appUrl: this.deps.publicUrl }),
      );
    }
  }
}
