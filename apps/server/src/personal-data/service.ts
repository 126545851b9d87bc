import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DATA_EXPORT_LINK_DAYS, DAY_MS, type DataExport, type DataExportStatus, generateId, type LatestDataExport } from '@aurum/core';
import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { AdminActor, AuditLog } from '../audit/audit-log.js';
import type { Database } from '../db/database.js';
import {
  creatorOnboarding,
  dataExports,
  fanListMembers,
  fanNotes,
  knownDevices,
  passkeyChallenges,
  passkeys,
  paymentMethods,
  payoutMethods,
  profiles,
  pushSubscriptions,
  recoveryCodes,
  sessions,
  signInCodes,
  signInTickets,
  totpAuthenticators,
  userData,
  users,
  verificationRequests,
} from '../db/schema.js';
import { errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer } from '../mail/mailer.js';
import { noticeMail } from '../mail/templates.js';
import type { Storage } from '../storage/storage.js';
import { collectPersonalData } from './collect.js';

export const EXPORT_JOB = 'personal-data.export';
export const EXPORT_MAIL_JOB = 'personal-data.export-mail';
export const PURGE_JOB = 'personal-data.purge-expired';

export interface PersonalDataServiceDeps {
  db: Database;
  now: () => Date;
  logger: Logger;
  jobs: JobQueue;
  storage: Storage;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the download links. */
  secret: string;
  audit: AuditLog;
  /** Forgets the account's cached sessions; called after anonymising commits. */
  accountChanged: (userId: string) => void;
}

const exportPayload = z.object({ exportId: z.string() });

type ExportRow = typeof dataExports.$inferSelect;

const toExport = (row: ExportRow): DataExport => ({
  exportId: row.id,
  status: row.status as DataExportStatus,
  createdAt: row.createdAt.toISOString(),
  readyAt: row.readyAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** The address an anonymised account keeps: unique, and no mail can reach it. */
const anonymousEmail = (userId: string) => `anonymised-${userId}@invalid.invalid`;

/**
 * A member's own data: the download of it (asked for in personal details, prepared by a
 * durable job into storage, mailed as a signed link that expires and only its owner can use),
 * and an admin's anonymising of an account its owner deleted.
 */
export class PersonalDataService {
  constructor(private readonly deps: PersonalDataServiceDeps) {
    deps.jobs.register(EXPORT_JOB, {
      payload: exportPayload,
      run: ({ exportId }) => this.prepare(exportId),
      // Given up: the member may ask again.
      onFailure: async ({ exportId }) => {
        await deps.db
          .update(dataExports)
          .set({ status: 'failed' })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
      },
    });
    deps.jobs.register(EXPORT_MAIL_JOB, { payload: exportPayload, run: ({ exportId }) => this.mailLink(exportId) });
    deps.jobs.every(PURGE_JOB, 60 * 60 * 1000, { payload: z.object({}), run: () => this.purgeExpired() });
  }

  /** Asks for a download: one at a time (409 data_export_pending while one is prepared). */
  async requestExport(userId: string): Promise<DataExport> {
    const { db, now, jobs } = this.deps;
    const createdAt = now();
    const id = generateId(createdAt.getTime());
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(dataExports)
        .values({ id, userId, status: 'pending', createdAt })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw errors.dataExportPending();
      await jobs.enqueue(EXPORT_JOB, { exportId: id }, { id: `${EXPORT_JOB}:${id}` }, tx);
      return inserted;
    });
    jobs.wake();
    return toExport(row);
  }

  async latestExport(userId: string): Promise<LatestDataExport> {
    const [row] = await this.deps.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.userId, userId))
      .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
      .limit(1);
    return { export: row ? toExport(row) : null };
  }

  /** The job: writes the member's data as one JSON file to storage, then queues the mail with its link. */
  private async prepare(exportId: string): Promise<void> {
    const { db, now, storage, jobs } = this.deps;
    const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (row?.status !== 'pending') return;
    const data = await collectPersonalData(db, row.userId, now());
    const key = `exports/${row.userId}/${exportId}`;
    const info = await storage.put(key, Buffer.from(JSON.stringify(data, null, 2)), { contentType: 'application/json' });
    const readyAt = now();
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          storageKey: key,
          sizeBytes: info.size,
          readyAt,
          expiresAt: new Date(readyAt.getTime() + DATA_EXPORT_LINK_DAYS * DAY_MS),
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
        .returning({ id: dataExports.id });
      // Queued with the change, so the link is mailed once the file is there, and only then.
      if (updated.length > 0) await jobs.enqueue(EXPORT_MAIL_JOB, { exportId }, { id: `${EXPORT_MAIL_JOB}:${exportId}` }, tx);
    });
    jobs.wake();
  }

  private async mailLink(exportId: string): Promise<void> {
    const { db, mailer, publicUrl } = this.deps;
    const [row] = await db
      .select({ export: dataExports, email: users.email, anonymisedAt: users.anonymisedAt })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(eq(dataExports.id, exportId));
    if (row?.export.status !== 'ready' || !row.export.expiresAt || row.anonymisedAt) return;
    const link = this.downloadUrl(exportId, row.export.expiresAt.getTime());
    await mailer.send(
      noticeMail({
        to: row.email,
        subject: 'Your Aurum data is ready to download',
        paragraphs: [
          'You asked for a copy of your data: your profile, follows, subscriptions, payments, messages and posts.',
          `The link works for ${DATA_EXPORT_LINK_DAYS} days, and only when you are signed in to your account.`,
        ],
        actionUrl: link,
        appUrl: publicUrl,
      }),
    );
  }

  /** The mailed link: the export and when it expires, signed with the server's secret. */
  downloadUrl(exportId: string, expires: number): string {
    const url = new URL(`/api/me/data-exports/${exportId}/download`, this.deps.publicUrl);
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', this.sign(exportId, expires));
    return url.toString();
  }

  private sign(exportId: string, expires: number): string {
    return createHmac('sha256', this.deps.secret).update(`data-export:${exportId}:${expires}`).digest('base64url');
  }

  /**
   * The file behind a signed link, for its owner only: someone else's export is 404, a link not
   * signed by this server 403 data_export_link_invalid, an expired one 410 data_export_expired.
   */
  async download(
    viewerId: string,
    exportId: string,
    link: { expires: number; signature: string },
  ): Promise<{ stream: Readable; size: number; filename: string }> {
    const { db, now, storage } = this.deps;
    const [row] = await db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, viewerId)));
    if (row?.status !== 'ready' || !row.storageKey || !row.expiresAt) throw errors.notFound('Data export');
    const expected = Buffer.from(this.sign(exportId, link.expires));
    const given = Buffer.from(link.signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given) || link.expires !== row.expiresAt.getTime()) {
      throw errors.dataExportLinkInvalid();
    }
    if (row.expiresAt.getTime() <= now().getTime()) throw errors.dataExportExpired();
    const object = await storage.get(row.storageKey);
    return { stream: object.stream, size: object.size, filename: `aurum-data-${row.createdAt.toISOString().slice(0, 10)}.json` };
  }

  /** Deletes the files of expired exports (hourly); the rows stay as a record that one was made. */
  async purgeExpired(): Promise<void> {
    const { db, now, storage } = this.deps;
    const expired = await db
      .select({ id: dataExports.id, storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now())));
    for (const row of expired) {
      if (row.storageKey) await storage.delete(row.storageKey);
      await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, row.id));
    }
  }

  /**
   * Replaces the personal data of an account its owner deleted (address, names, bio, images,
   * birth date, sessions, devices, second factors, push subscriptions, saved addresses,
   * downloads); payments, ledger
   * rows, posts' records and the audit log stay. A live or merely disabled account is 409
   * account_not_deleted; anonymising again changes and records nothing.
   */
  async anonymise(actor: AdminActor, userId: string): Promise<{ userId: string; anonymisedAt: string }> {
    const { db, now, storage } = this.deps;
    const outcome = await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ email: users.email, deletedAt: users.deletedAt, anonymisedAt: users.anonymisedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!account) throw errors.notFound('User');
      if (!account.deletedAt) throw errors.accountNotDeleted();
      if (account.anonymisedAt) return { anonymisedAt: account.anonymisedAt, files: [] as string[] };
      const at = now();
      await tx
        .update(users)
        .set({ email: anonymousEmail(userId), name: '', anonymisedAt: at })
        .where(eq(users.id, userId));
      await tx
        .update(profiles)
        .set({ handle: null, publicName: null, bio: null, avatarMediaId: null, coverMediaId: null, lastOnline: null })
        .where(eq(profiles.userId, userId));
      await tx.update(userData).set({ timeZone: null }).where(eq(userData.userId, userId));
      await tx.update(creatorOnboarding).set({ birthDate: null, gender: null }).where(eq(creatorOnboarding.userId, userId));
      await tx.update(verificationRequests).set({ note: null }).where(eq(verificationRequests.userId, userId));
      // Charges and subscriptions name the saved methods, so they stay, without the PayPal address.
      await tx.update(paymentMethods).set({ email: null }).where(eq(paymentMethods.userId, userId));
      await tx.update(payoutMethods).set({ details: {}, sealedDetails: null }).where(eq(payoutMethods.userId, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
      await tx.delete(signInTickets).where(eq(signInTickets.userId, userId));
      await tx.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
      await tx.delete(passkeys).where(eq(passkeys.userId, userId));
      await tx.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      await tx.delete(signInCodes).where(eq(signInCodes.email, account.email));
      // What creators wrote about the member and the lists they kept them on.
      await tx.delete(fanNotes).where(eq(fanNotes.userId, userId));
      await tx.delete(fanListMembers).where(eq(fanListMembers.userId, userId));
      const removed = await tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ storageKey: dataExports.storageKey });
      // The row records that it happened, never the data it replaced.
      await this.deps.audit.record(tx, actor, {
        action: 'user.anonymised',
        targetType: 'user',
        targetId: userId,
        before: { anonymisedAt: null, deletedAt: account.deletedAt.toISOString() },
        after: { anonymisedAt: at.toISOString() },
      });
      return { anonymisedAt: at, files: removed.flatMap((row) => (row.storageKey ? [row.storageKey] : [])) };
    });
    for (const key of outcome.files) {
      await storage.delete(key).catch((error) => this.deps.logger.error({ err: error, key }, 'could not delete a data export file'));
    }
    this.deps.accountChanged(userId);
    return { userId, anonymisedAt: outcome.anonymisedAt.toISOString() };
  }
}
