import {
  actionsFor,
  type CreateReportInput,
  createReportSchema,
  findRestrictedWords,
  generateId,
  MODERATION_NOTICE_EVENT,
  type ModerationAction,
  type ModerationActionInput,
  type ModerationNoticeKind,
  type ModerationNoticesPage,
  REPORT_OUTCOME_TEXT,
  type RealtimeChannel,
  type Report,
  type ReportedContent,
  type ReportedTargetsPage,
  type ReportReason,
  type ReportsPage,
  type ReportTargetKind,
  ROLE,
  userChannel,
} from '@aurum/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { hasRoleSql } from '../access/access.js';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database, Executor } from '../db/database.js';
import { chatParticipants, messages, moderationNotices, posts, reports, restrictedWords, subscriptions, users } from '../db/schema.js';
import { grantsAccessSql } from '../db/subscription-access.js';
import { errors } from '../http/errors.js';
import { keysetPage, keysetStart, type PageRequest, timeKey } from '../http/page-cursor.js';
import type { TextCheck } from '../http/text-check.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import { mediaItemForViewer } from '../media/media-items.js';
import { moderationMediaUrl } from '../media/media-urls.js';
import { postAccessLevelSql, visiblePostSql } from '../posts/access-sql.js';
import type { AuthorRow, ModerationStatements, ReportRow } from './statements.js';

/**
 * One moderation decision, as the audit log records it: who did what to which target, the
 * target's state before and after, and why. `ModerationService.act` hands it to `audit` inside
 * the transaction that made the change.
 */
export interface ModerationRecord {
  adminId: string;
  action: ModerationAction;
  target: { kind: ReportTargetKind; id: string; userId: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string;
  resolvedReportIds: string[];
  at: Date;
}

export interface ModerationServiceDeps {
  db: Database;
  now: () => Date;
  statements: ModerationStatements;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Tells a user's open tabs that something changed for them (realtime, their own channel). */
  publish: (channel: RealtimeChannel, event: string) => void;
  /** A banned or suspended account: cached sessions read afresh, open tabs told. */
  accountChanged: (userId: string) => void;
  /** Ends every session of a banned account. */
  endSessions: (userId: string) => Promise<void>;
  /** A removed post releases its media, as the creator's own deletion does. */
  postRemoved?: { inTransaction(postId: string, tx: Executor): Promise<void>; afterCommit(postId: string): void };
  /** Records each decision in the audit log, inside its transaction. */
  audit?: (record: ModerationRecord, tx: Executor) => Promise<void>;
  /** Records edits of the restricted words, inside their transaction. */
  auditLog?: Pick<AuditLog, 'record'>;
}

/** A report as the admin's user detail lists it. */
export type AboutReport = Report & { reporterHandle: string | null };

/** How long an instance trusts its copy of the restricted words; an edit on this instance applies at once. */
const RESTRICTED_WORDS_TTL_MS = 10_000;
/** The reports an admin's view of one target lists, newest first. */
const TARGET_REPORTS_SHOWN = 200;

/** What a user is told in the app (a moderation notice, announced on their channel) and by e-mail. */
export interface MemberNotice {
  userId: string;
  kind: ModerationNoticeKind;
  message: string;
  reason: string | null;
  mailSubject: string;
  /** The post it is about: the notice links it, and so does the mail. */
  postId?: string;
}
type Told = MemberNotice;

/** How a removal notice names a post: its opening words, or its day when it has no text. */
function namePost(post: { text: string; publishAt: Date }): string {
  const words = post.text.trim().replace(/\s+/g, ' ');
  if (!words) return `your post of ${post.publishAt.toISOString().slice(0, 10)}`;
  return `your post “${words.length > 60 ? `${words.slice(0, 60).trimEnd()}…` : words}”`;
}

/** The first sentence of a reporter's notice. */
const REPORTED_WHAT: Readonly<Record<ReportTargetKind, string>> = {
  post: 'You reported a post.',
  message: 'You reported a chat message.',
  user: 'You reported an account.',
};

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/**
 * Reports and moderation. Members report a post, a user or a chat message (one open report per
 * reporter and target); admins read the queue grouped by target, look at the content as it is
 * stored, and decide once for every open report on it: dismiss, remove the content, suspend the
 * creator or ban the user. Each decision is one method, one transaction, one `ModerationRecord`;
 * whoever it concerns is told in the app (moderation notices, announced on their channel) and
 * by e-mail. The restricted words are checked on text before other domains store it (`checkText`).
 */
export class ModerationService {
  private words: { list: string[]; at: number } | null = null;

  constructor(private readonly deps: ModerationServiceDeps) {}

  /**
   * Files a report. The target must be something the reporter can see (a post they can meet, an
   * active user, a message in one of their chats) and not their own; a second open report on
   * the same target is 409 already_reported.
   */
  async report(reporterId: string, raw: CreateReportInput): Promise<Report> {
    const input = createReportSchema.parse(raw);
    const targetUserId = await this.targetOwner(reporterId, input.targetKind, input.targetId);
    if (targetUserId === reporterId) throw errors.cannotReportSelf();
    const now = this.deps.now();
    const id = generateId(now.getTime());
    const [inserted] = await this.deps.db
      .insert(reports)
      .values({
        id,
        reporterId,
        targetKind: input.targetKind,
        targetId: input.targetId,
        targetUserId,
        reason: input.reason,
        text: input.text,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!inserted) throw errors.alreadyReported();
    return {
      id,
      targetKind: input.targetKind,
      targetId: input.targetId,
      reason: input.reason,
      text: input.text,
      status: 'open',
      outcome: null,
      createdAt: now.toISOString(),
      resolvedAt: null,
    };
  }

  /** Who a target belongs to, when the reporter may see it; else 404. */
  private async targetOwner(reporterId: string, kind: ReportTargetKind, targetId: string): Promise<string> {
    const { db } = this.deps;
    if (kind === 'post') {
      const [row] = await db
        .select({ creatorId: posts.creatorId })
        .from(posts)
        .where(and(eq(posts.id, targetId), visiblePostSql, sql`${postAccessLevelSql(reporterId, this.deps.now())} <> 'hidden'`));
      if (!row) throw errors.notFound('Post');
      return row.creatorId;
    }
    if (kind === 'message') {
      const [row] = await db
        .select({ senderId: messages.senderId })
        .from(messages)
        .innerJoin(chatParticipants, and(eq(chatParticipants.chatId, messages.chatId), eq(chatParticipants.userId, reporterId)))
        .where(and(eq(messages.id, targetId), isNull(messages.removedAt)));
      if (!row) throw errors.notFound('Message');
      return row.senderId;
    }
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.disabledAt)));
    if (!row) throw errors.notFound('User');
    return row.id;
  }

  /** Reports others filed about a user or their content, newest first: the admin's user detail. */
  async reportsAbout(userId: string, limit: number): Promise<AboutReport[]> {
    const rows = await this.deps.statements.about.run({ target: userId, limit });
    return rows.map((row) => ({ ...toReport(row), reporterHandle: row.reporter_handle }));
  }

  /** The viewer's own reports with what became of them, newest first. */
  async myReports(userId: string, page: PageRequest): Promise<ReportsPage> {
    const rows = await this.deps.statements.mine.run({ viewer: userId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [iso(row.created_at) as string, row.id]);
    return { items: items.map(toReport), nextCursor };
  }

  /** The admin queue: targets with open reports, most recently reported first. */
  async queue(page: PageRequest): Promise<ReportedTargetsPage> {
    const rows = await this.deps.statements.queue.run(keysetStart(page, timeKey));
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [iso(row.last_reported_at) as string, row.target_id]);
    return {
      items: items.map((row) => ({
        contentId: row.target_id,
        targetKind: row.target_kind as ReportTargetKind,
        openReports: row.open_reports,
        reasons: row.reasons as ReportReason[],
        lastReportedAt: iso(row.last_reported_at) as string,
        excerpt: row.excerpt ?? '',
        author: toAuthor(row),
      })),
      nextCursor,
    };
  }

  /** A reported target as an admin sees it: the stored content, originals included, and its reports. 404 when nobody reported it. */
  async content(contentId: string): Promise<ReportedContent> {
    const reportRows = await this.deps.statements.targetReports.run({ target: contentId, limit: TARGET_REPORTS_SHOWN });
    const first = reportRows[0];
    if (!first) throw errors.notFound('Reported content');
    const kind = first.target_kind as ReportTargetKind;
    const [row] = await this.deps.statements.content[kind].run({ target: contentId });
    if (!row) throw errors.notFound('Reported content');
    const hasOpen = reportRows.some((report) => report.status === 'open');
    return {
      contentId,
      targetKind: kind,
      text: row.text,
      createdAt: iso(row.created_at),
      removedAt: iso(row.removed_at),
      media: row.media.map((item) =>
        mediaItemForViewer(item, (derivative) => moderationMediaUrl(contentId, item.position, derivative, item.mediaId)),
      ),
      author: toAuthor(row),
      actions: hasOpen ? actionsFor(kind, row.author_is_creator) : [],
      reports: reportRows.map((report) => ({
        ...toReport(report),
        reporter: { userId: report.reporter_id, handle: report.reporter_handle, publicName: report.reporter_public_name },
      })),
    };
  }

  /**
   * The media id behind a reported post's or message's item, for the admin route that serves
   * every derivative whatever the post's access; null when nobody reported it or there is none.
   */
  async servableMedia(contentId: string, position: number): Promise<{ mediaId: string; status: string } | null> {
    const reportRows = await this.deps.statements.targetReports.run({ target: contentId, limit: 1 });
    const kind = reportRows[0]?.target_kind;
    if (kind !== 'post' && kind !== 'message') return null;
    const [row] = await this.deps.statements.content[kind].run({ target: contentId });
    const item = row?.media.find((candidate) => candidate.position === position);
    return item ? { mediaId: item.mediaId, status: item.status } : null;
  }

  /**
   * An admin's decision on a reported target, in one transaction: the change itself, every open
   * report on the target resolved with its outcome, the notices, and the audit record. The
   * people concerned hear of it after the commit, in the app and by e-mail.
   */
  async act(
    adminId: string,
    contentId: string,
    input: ModerationActionInput,
  ): Promise<{ action: ModerationAction; resolvedReports: number }> {
    const now = this.deps.now();
    const { removedPostId, told, resolvedReports, targetUserId } = await this.deps.db.transaction(async (tx) => {
      const open = await tx
        .select({ id: reports.id, reporterId: reports.reporterId, targetKind: reports.targetKind, targetUserId: reports.targetUserId })
        .from(reports)
        .where(and(eq(reports.targetId, contentId), eq(reports.status, 'open')))
        .for('update');
      const first = open[0];
      if (!first) {
        const [any] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.targetId, contentId)).limit(1);
        if (!any) throw errors.notFound('Reported content');
        throw errors.moderationActionNotApplicable({ message: 'Every report on this content has been decided already.' });
      }
      const kind = first.targetKind as ReportTargetKind;
      const targetUserId = first.targetUserId;
      const [author] = await tx
        .select({
          isCreator: sql<boolean>`${hasRoleSql(users.labels, ROLE.creators)}`,
          suspendedAt: users.suspendedAt,
          disabledAt: users.disabledAt,
        })
        .from(users)
        .where(eq(users.id, targetUserId))
        .for('update');
      if (!author) throw errors.notFound('Reported content');
      if (!actionsFor(kind, author.isCreator).includes(input.action)) throw errors.moderationActionNotApplicable();

      const change = await this.apply(tx, input, { kind, contentId, targetUserId, now, author });
      const resolvedIds = open.map((report) => report.id);
      await tx
        .update(reports)
        .set({ status: 'resolved', outcome: input.action, resolvedBy: adminId, resolvedAt: now })
        .where(inArray(reports.id, resolvedIds));
      const reporters = [...new Set(open.map((report) => report.reporterId))];
      const told: Told[] = [
        ...change.told,
        ...reporters.map((userId) => ({
          userId,
          kind: 'report_outcome' as const,
          message: `${REPORTED_WHAT[kind]} ${REPORT_OUTCOME_TEXT[input.action]}`,
          reason: null,
          mailSubject: 'We looked into your report',
        })),
      ];
      await this.recordNotices(tx, told, now);
      await this.deps.audit?.(
        {
          adminId,
          action: input.action,
          target: { kind, id: contentId, userId: targetUserId },
          before: change.before,
          after: change.after,
          reason: input.reason,
          resolvedReportIds: resolvedIds,
          at: now,
        },
        tx,
      );
      return { removedPostId: change.removedPostId, told, resolvedReports: resolvedIds.length, targetUserId };
    });

    if (removedPostId) this.deps.postRemoved?.afterCommit(removedPostId);
    if (input.action === 'ban_user') await this.deps.endSessions(targetUserId);
    if (input.action === 'ban_user' || input.action === 'suspend_creator') this.deps.accountChanged(targetUserId);
    await this.tell(told);
    return { action: input.action, resolvedReports };
  }

  /** The change an action makes, with the target's state before and after it and whom it tells besides the reporters. */
  private async apply(
    tx: Executor,
    input: ModerationActionInput,
    target: {
      kind: ReportTargetKind;
      contentId: string;
      targetUserId: string;
      now: Date;
      author: { suspendedAt: Date | null; disabledAt: Date | null };
    },
  ): Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; told: Told[]; removedPostId: string | null }> {
    const { kind, contentId, targetUserId, now, author } = target;
    const reason = input.reason;
    switch (input.action) {
      case 'dismiss':
        return { before: {}, after: {}, told: [], removedPostId: null };
      case 'remove_content': {
        if (kind === 'post') {
          const [post] = await tx
            .select({ deletedAt: posts.deletedAt, text: posts.text, publishAt: posts.publishAt })
            .from(posts)
            .where(eq(posts.id, contentId))
            .for('update');
          if (!post) throw errors.notFound('Post');
          if (post.deletedAt === null) {
            await tx.update(posts).set({ deletedAt: now, removedReason: reason, updatedAt: now }).where(eq(posts.id, contentId));
            await this.deps.postRemoved?.inTransaction(contentId, tx);
          }
          return {
            before: { deletedAt: iso(post.deletedAt) },
            after: { deletedAt: iso(post.deletedAt ?? now), removedReason: reason },
            told: [
              {
                userId: targetUserId,
                kind: 'content_removed',
                message: `An admin removed ${namePost(post)} for breaking our rules.`,
                reason,
                mailSubject: 'One of your posts was removed',
                postId: contentId,
              },
            ],
            removedPostId: post.deletedAt === null ? contentId : null,
          };
        }
        const [message] = await tx.select({ removedAt: messages.removedAt }).from(messages).where(eq(messages.id, contentId)).for('update');
        if (!message) throw errors.notFound('Message');
        if (message.removedAt === null) await tx.update(messages).set({ removedAt: now }).where(eq(messages.id, contentId));
        return {
          before: { removedAt: iso(message.removedAt) },
          after: { removedAt: iso(message.removedAt ?? now) },
          told: [
            {
              userId: targetUserId,
              kind: 'content_removed',
              message: 'An admin removed one of your chat messages for breaking our rules.',
              reason,
              mailSubject: 'One of your messages was removed',
            },
          ],
          removedPostId: null,
        };
      }
      case 'suspend_creator': {
        if (author.suspendedAt === null) await tx.update(users).set({ suspendedAt: now }).where(eq(users.id, targetUserId));
        return {
          before: { suspendedAt: iso(author.suspendedAt) },
          after: { suspendedAt: iso(author.suspendedAt ?? now) },
          told: [
            {
              userId: targetUserId,
              kind: 'account_suspended',
              message: 'An admin suspended your creator account: your posts are hidden and your subscriptions no longer renew.',
              reason,
              mailSubject: 'Your creator account was suspended',
            },
            ...(await this.subscribersTold(tx, targetUserId, now)),
          ],
          removedPostId: null,
        };
      }
      case 'ban_user': {
        if (author.disabledAt === null) await tx.update(users).set({ disabledAt: now }).where(eq(users.id, targetUserId));
        return {
          before: { disabledAt: iso(author.disabledAt) },
          after: { disabledAt: iso(author.disabledAt ?? now) },
          // The banned account can no longer sign in to read a notice; it is told by e-mail.
          told: [
            {
              userId: targetUserId,
              kind: 'account_suspended',
              message: 'An admin banned your account for breaking our rules.',
              reason,
              mailSubject: 'Your Aurum account was banned',
            },
            ...(await this.subscribersTold(tx, targetUserId, now)),
          ],
          removedPostId: null,
        };
      }
    }
  }

  /** The members with a valid subscription to a creator who is suspended or banned: their renewals stop. */
  private async subscribersTold(tx: Executor, creatorId: string, now: Date): Promise<Told[]> {
    const rows = await tx
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(and(eq(subscriptions.creatorId, creatorId), grantsAccessSql(subscriptions.validUntil, now)));
    return [...new Set(rows.map((row) => row.userId))]
      .filter((userId) => userId !== creatorId)
      .map((userId) => ({
        userId,
        kind: 'creator_suspended' as const,
        message:
          'A creator you subscribe to was suspended: their posts are hidden and your subscription will not renew. Nothing more will be charged.',
        reason: null,
        mailSubject: 'A creator you subscribe to was suspended',
      }));
  }

  /** Stores the notices inside the transaction of the decision they tell of; `tell` announces them after its commit. */
  async recordNotices(tx: Executor, told: readonly MemberNotice[], now: Date): Promise<void> {
    if (told.length === 0) return;
    await tx.insert(moderationNotices).values(
      told.map((notice, index) => ({
        id: generateId(now.getTime() + index),
        userId: notice.userId,
        kind: notice.kind,
        message: notice.message,
        reason: notice.reason,
        postId: notice.postId ?? null,
        createdAt: now,
      })),
    );
  }

  /** Announces the notices on each user's channel and mails them; a failed mail is logged, never undoes the decision. */
  async tell(told: readonly MemberNotice[]): Promise<void> {
    if (told.length === 0) return;
    const ids = [...new Set(told.map((notice) => notice.userId))];
    const addresses = await this.deps.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
    const emailOf = new Map(addresses.map((row) => [row.id, row.email]));
    for (const notice of told) {
      const actionUrl = new URL(notice.postId ? `/posts/${notice.postId}` : '/notices', this.deps.publicUrl).toString();
      this.deps.publish(userChannel(notice.userId), MODERATION_NOTICE_EVENT);
      const to = emailOf.get(notice.userId);
      if (!to) continue;
      const paragraphs = notice.reason ? [notice.message, `The reason given: ${notice.reason}`] : [notice.message];
      try {
        await this.deps.mailer.send(noticeMail({ to, subject: notice.mailSubject, paragraphs, actionUrl, appUrl: this.deps.publicUrl }));
      } catch (error) {
        this.deps.logger.error({ err: error, userId: notice.userId }, 'moderation notice mail failed');
      }
    }
  }

  /** The viewer's moderation notices, newest first, with how many are unread. */
  async notices(userId: string, page: PageRequest): Promise<ModerationNoticesPage> {
    const rows = await this.deps.statements.notices.run({ viewer: userId, ...keysetStart(page, timeKey) });
    const { items, nextCursor } = keysetPage(rows, page.limit, (row) => [iso(row.created_at) as string, row.id]);
    const unread = rows[0]?.unread ?? (await this.unreadNotices(userId));
    return {
      items: items.map((row) => ({
        id: row.id,
        kind: row.kind as ModerationNoticeKind,
        message: row.message,
        reason: row.reason,
        postId: row.post_id,
        createdAt: iso(row.created_at) as string,
        readAt: iso(row.read_at),
      })),
      unread,
      nextCursor,
    };
  }

  private async unreadNotices(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(moderationNotices)
      .where(and(eq(moderationNotices.userId, userId), isNull(moderationNotices.readAt)));
    return row?.count ?? 0;
  }

  /** Marks every notice of the viewer read. */
  async markNoticesRead(userId: string): Promise<{ unread: number }> {
    await this.deps.db
      .update(moderationNotices)
      .set({ readAt: this.deps.now() })
      .where(and(eq(moderationNotices.userId, userId), isNull(moderationNotices.readAt)));
    return { unread: 0 };
  }

  /** The restricted words, in alphabetical order. */
  async restrictedWords(): Promise<{ words: string[] }> {
    const rows = await this.deps.db.select({ word: restrictedWords.word }).from(restrictedWords).orderBy(restrictedWords.word);
    return { words: rows.map((row) => row.word) };
  }

  /**
   * Replaces the list of restricted words (already trimmed and lower-cased by the schema), with
   * the list before and after in the audit log; an edit that changes nothing records nothing.
   */
  async setRestrictedWords(actor: AdminActor, words: readonly string[]): Promise<{ words: string[] }> {
    const unique = [...new Set(words)].sort();
    const now = this.deps.now();
    await this.deps.db.transaction(async (tx) => {
      const before = (
        await tx.select({ word: restrictedWords.word }).from(restrictedWords).orderBy(restrictedWords.word).for('update')
      ).map((row) => row.word);
      if (before.length === unique.length && before.every((word, index) => word === unique[index])) return;
      await tx.delete(restrictedWords);
      if (unique.length > 0) await tx.insert(restrictedWords).values(unique.map((word) => ({ word, createdAt: now })));
      await this.deps.auditLog?.record(tx, actor, {
        action: 'restricted_words.updated',
        targetType: 'restricted_words',
        targetId: 'restricted_words',
        before: { words: before },
        after: { words: unique },
      });
    });
    this.words = null;
    return this.restrictedWords();
  }

  /** Refuses text that contains a restricted word: 400 restricted_words, each field and word in details. */
  readonly checkText: TextCheck = async (fields) => {
    const entries = Object.entries(fields).filter((entry): entry is [string, string] => Boolean(entry[1]));
    if (entries.length === 0) return;
    const list = await this.currentWords();
    const details = entries.flatMap(([path, text]) => findRestrictedWords(text, list).map((word) => ({ path, message: word })));
    if (details.length > 0) {
      const words = [...new Set(details.map((detail) => detail.message))];
      throw errors.restrictedWords({ message: `This text contains words that are not allowed here: ${words.join(', ')}.`, details });
    }
  };

  private async currentWords(): Promise<string[]> {
    const at = Date.now();
    if (this.words && at - this.words.at < RESTRICTED_WORDS_TTL_MS) return this.words.list;
    const { words } = await this.restrictedWords();
    this.words = { list: words, at };
    return words;
  }
}

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetKind: row.target_kind as ReportTargetKind,
    targetId: row.target_id,
    reason: row.reason as ReportReason,
    text: row.text,
    status: row.status as Report['status'],
    outcome: row.outcome as ModerationAction | null,
    createdAt: iso(row.created_at) as string,
    resolvedAt: iso(row.resolved_at),
  };
}

function toAuthor(row: AuthorRow) {
  return {
    userId: row.author_id,
    handle: row.author_handle,
    publicName: row.author_public_name,
    isCreator: row.author_is_creator,
    suspended: row.author_suspended,
    banned: row.author_banned,
  };
}
