import { displayName } from '@aurum/core';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/database.js';
import { type PreparedStatement, prepareStatement } from '../db/prepared.js';
import { chatParticipants, messages, profiles, userData, users } from '../db/schema.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';

/** Unread messages are mailed about once the chat has been quiet this long... */
export const CHAT_NOTICE_QUIET_MS = 10 * 60 * 1000;
/** ...and at most once per chat and reader in this time. */
export const CHAT_NOTICE_EVERY_MS = 60 * 60 * 1000;
/** How often the sweep looks; a notice goes out at most this much after the quiet spell. */
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** Chats that moved longer ago than this are not looked at again. */
const LOOK_BACK_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;
const SWEEP_JOB = 'chat.unread-notices';

interface NoticeRow {
  chat_id: string;
  user_id: string;
  email: string;
  notified_at: string | null;
  partner_handle: string | null;
  partner_name: string | null;
  unread: number;
}

export interface ChatNoticesDeps {
  db: Database;
  now: () => Date;
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
  private readonly due: PreparedStatement<NoticeRow>;

  constructor(private readonly deps: ChatNoticesDeps) {
    const now = sql`${sql.placeholder('now')}::timestamptz`;
    this.due = prepareStatement(
      deps.db,
      'chat_notices_due',
      sql`select cp.chat_id, cp.user_id, u.email, cp.notified_at, partner.handle as partner_handle,
          partner.public_name as partner_name, unread.count as unread
        from ${chatParticipants} as cp
        join ${users} as u on u.id = cp.user_id and u.disabled_at is null
        join ${userData} as d on d.user_id = cp.user_id and d.chat_email_notices
        join ${profiles} as partner on partner.user_id = cp.partner_id
        cross join lateral (select count(*)::int as count, max(m.created_at) as latest from ${messages} as m
          where m.chat_id = cp.chat_id and m.sender_id <> cp.user_id
            and (cp.last_read_at is null or (m.created_at, m.id) > (cp.last_read_at, cp.last_read_message_id))) as unread
        where cp.activity_at > ${now} - ${sql.raw(`interval '${LOOK_BACK_MS} milliseconds'`)}
          and cp.activity_at <= ${now} - ${sql.raw(`interval '${CHAT_NOTICE_QUIET_MS} milliseconds'`)}
          and unread.count > 0
          and (cp.notified_at is null
            or (cp.notified_at <= ${now} - ${sql.raw(`interval '${CHAT_NOTICE_EVERY_MS} milliseconds'`)} and unread.latest > cp.notified_at))
        limit ${BATCH}`,
    );
    deps.jobs.every(SWEEP_JOB, SWEEP_EVERY_MS, { payload: z.object({}), run: async () => void (await this.sendDue()) });
  }

  /** Sends the notices that are due now; returns how many went out. */
  async sendDue(): Promise<number> {
    const now = this.deps.now();
    const rows = await this.due.run({ now: now.toISOString() });
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
    return sent;
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
