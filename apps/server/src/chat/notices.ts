import { displayName } from '@aurum/core';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { chatParticipants } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import { type ChatStatements, NOTICES_BATCH, type NoticeRow } from './statements.js';

/** How often the sweep looks; a notice goes out at most this much after the quiet spell. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const SWEEP_JOB = 'chat.unread-notices';
/** Notices one sweep sends at most: 60,000 an hour. */
const NOTICES_PER_SWEEP = 5000;

export interface ChatNoticesDeps {
  db: Database;
  now: () => Date;
  statements: ChatStatements;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
}

/**
 * E-mail about unread chat messages: when a chat has been quiet for 10 minutes and a reader
 * has messages there they have not read (and were not told of yet), they get one mail, at most
 * one per chat per hour, unless they turned it off in personal details. A durable sweep every
 * 5 minutes finds them in one statement; each notice is claimed before it is sent, so several
 * instances never send it twice.
 */
export class ChatNotices {
  constructor(private readonly deps: ChatNoticesDeps) {
    deps.jobs.every(SWEEP_JOB, SWEEP_EVERY_MS, { payload: z.object({}), run: async () => void (await this.sendDue()) });
  }

  /**
   * Sends the notices that are due now, a batch at a time, up to NOTICES_PER_SWEEP (a mass
   * message's thousands of recipients are told over a few sweeps, at the mail server's pace);
   * returns how many went out.
   */
  async sendDue(): Promise<number> {
    let sent = 0;
    for (let batches = 0; batches < NOTICES_PER_SWEEP / NOTICES_BATCH; batches++) {
      const { rows, sent: inBatch } = await this.sendBatch();
      sent += inBatch;
      if (rows < NOTICES_BATCH) break;
    }
    return sent;
  }

  private async sendBatch(): Promise<{ rows: number; sent: number }> {
    const now = this.deps.now();
    const rows = await this.deps.statements.noticesDue.run({ now: now.toISOString() });
    let sent = 0;
    for (const row of rows) {
      if (!(await this.claim(row, now))) continue;
      const name = displayName({ handle: row.partner_handle, publicName: row.partner_name });
      const count = row.unread === 1 ? 'a message' : `${row.unread} messages`;
      try {
        await this.deps.mailer.send(
          noticeMail({
            to: row.email,
            subject: `${name} sent you ${count} on Aurum`,
            paragraphs: [`${name} sent you ${count} you have not read yet.`, 'You can turn these e-mails off in your personal details.'],
            actionUrl: `${this.deps.publicUrl}/chat/${row.chat_id}`,
            appUrl: this.deps.publicUrl,
          }),
        );
        sent++;
      } catch (error) {
        // The claim stays: a mail server that is down must not turn into a flood once it is back.
        this.deps.logger.warn({ err: error, chatId: row.chat_id }, 'could not send an unread chat notice');
      }
    }
    return { rows: rows.length, sent };
  }

  /** Marks the notice as sent unless another instance just did. */
  private async claim(row: NoticeRow, now: Date): Promise<boolean> {
    const claimed = await this.deps.db
      .update(chatParticipants)
      .set({ notifiedAt: now })
      .where(
        sql`${chatParticipants.chatId} = ${row.chat_id} and ${chatParticipants.userId} = ${row.user_id}
          and ${chatParticipants.notifiedAt} is not distinct from ${row.notified_at}::timestamptz`,
      )
      .returning({ chatId: chatParticipants.chatId });
    return claimed.length > 0;
  }
}
