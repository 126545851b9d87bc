import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DERIVATIVE_KINDS,
  type DerivativeKind,
  formatBytes,
  type MediaKind,
  type MediaStatus,
  type MediaStatusEventData,
  type MediaStatusView,
  type MediaUsage,
} from '@aurum/core';
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { actorOf, requireAccess } from '../access/require-access.js';
import type { Database, Executor } from '../db/database.js';
import {
  auditLog,
  DERIVATIVE_KEY_COLUMNS,
  massMessageMedia,
  media,
  messageMedia,
  postMedia,
  posts,
  profiles,
  reports,
  supportMessages,
  uploadReservations,
  vaultFolderItems,
} from '../db/schema.js';
import { errors } from '../http/errors.js';
import { type JobQueue, PermanentJobError } from '../jobs/queue.js';
import { type ByteRange, ObjectNotFoundError, type Storage, type StoredObject } from '../storage/index.js';
import { PICTURE_TYPE } from './image.js';
import { type DerivativeBody, processMediaFile } from './processor.js';
import type { MediaTools } from './tools.js';

/** Photos and sound, in the 'media' lane of the job queue. */
export const PROCESS_JOB = 'media.process';
/** Video, in its own lane ('video'): a long conversion never holds up photos. */
export const PROCESS_VIDEO_JOB = 'media.process-video';
const processJobOf = (kind: MediaKind) => (kind === 'video' ? PROCESS_VIDEO_JOB : PROCESS_JOB);
/** The sweep that deletes media nothing uses (see MediaService.purgeUnused); hourly, and right after a post is deleted. */
export const PURGE_JOB = 'media.purge';
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Items looked at per batch, and batches per run: a run stays short, the next one goes on. */
const PURGE_BATCH = 100;
const PURGE_MAX_BATCHES = 20;
/** Default for how long an upload may wait to be attached before it is deleted. */
export const DEFAULT_UNATTACHED_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
const PROCESS_MAX_ATTEMPTS = 3;
/** Progress of a conversion is told at most this often. */
const PROGRESS_EVERY_MS = 1000;
/** Where processing stands once the upload is fetched, and once its derivatives are made (storing them is the rest). */
const PROGRESS_FETCHED = 0.1;
const PROGRESS_MADE = 0.8;
const GENERIC_FAILURE = 'Processing failed. Please try uploading the file again.';

type MediaRow = typeof media.$inferSelect;

/** A media item as other domains see it. */
export interface MediaRecord {
  id: string;
  ownerId: string;
  kind: MediaKind;
  mime: string;
  sizeBytes: number;
  originalName: string | null;
  status: MediaStatus;
  failureReason: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  placeholder: string | null;
  /** Which derivatives exist and can be opened. */
  derivatives: Record<DerivativeKind, boolean>;
  createdAt: Date;
  processedAt: Date | null;
}

export interface NewUpload {
  id: string;
  ownerId: string;
  kind: MediaKind;
  /** The type the file's bytes show, never the one the client claimed. */
  mime: string;
  sizeBytes: number;
  originalName: string | null;
}

/** Storage layout: the upload under originals/, everything made from it under derived/{id}/. */
export const originalKey = (id: string) => `originals/${id}`;
const derivedPrefix = (id: string) => `derived/${id}/`;
const derivativeKey = (id: string, kind: DerivativeKind) => `${derivedPrefix(id)}${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Every type the pipeline makes a playable copy in; these are the only types media bytes are served as. */
const PLAYABLE_TYPES = new Set(['image/jpeg', PICTURE_TYPE, 'video/mp4', 'audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav']);

/**
 * The type a derivative is served as, from what the pipeline made (never from the upload's
 * name or claimed type, nor the storage's metadata): pictures are WebP, the playable copy's
 * type was recorded when it was made. Anything else is served as opaque bytes.
 */
function derivativeContentType(row: MediaRow, kind: DerivativeKind): string {
  const type = kind === 'playable' ? row.playableMime : PICTURE_TYPE;
  return type && PLAYABLE_TYPES.has(type) ? type : 'application/octet-stream';
}

function toRecord(row: MediaRow): MediaRecord {
  return {
    id: row.id,
    ownerId: row.ownerId,
    kind: row.kind as MediaKind,
    mime: row.mime,
    sizeBytes: row.sizeBytes,
    originalName: row.originalName,
    status: row.status as MediaStatus,
    failureReason: row.failureReason,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    placeholder: row.placeholder,
    derivatives: Object.fromEntries(DERIVATIVE_KINDS.map((kind) => [kind, row[DERIVATIVE_KEY_COLUMNS[kind]] !== null])) as Record<
      DerivativeKind,
      boolean
    >,
    createdAt: row.createdAt,
    processedAt: row.processedAt,
  };
}

export interface MediaServiceDeps {
  db: Database;
  /** What each owner's uploads may take in all (sizes as uploaded); null or unset: no limit. */
  storageQuotaBytes?: number | null;
  /** How long an upload may stay unattached before it is deleted; DEFAULT_UNATTACHED_GRACE_MS unless set. */
  unattachedGraceMs?: number;
  /** Told as an upload's processing moves on (progress, ready, failed), to tell its owner live. */
  onStatus?: (ownerId: string, event: MediaStatusEventData) => void;
  storage: Storage;
  jobs: JobQueue;
  tools: MediaTools;
  logger: Logger;
  now: () => Date;
}

/**
 * Uploaded media: records them, makes their derivatives in a durable 'media.process' job and
 * opens their bytes for the routes that decide who may have them. The uploaded file itself is
 * kept only to process it; it is never opened for anyone, since it may carry the creator's location.
 */
export class MediaService {
  constructor(private readonly deps: MediaServiceDeps) {
    deps.jobs.every(PURGE_JOB, PURGE_INTERVAL_MS, { payload: z.object({}), run: async () => void (await this.purgeUnused()) });
    for (const [type, lane] of [
      [PROCESS_JOB, 'media'],
      [PROCESS_VIDEO_JOB, 'video'],
    ] as const) {
      deps.jobs.register(type, {
        lane,
        payload: z.object({ mediaId: z.string() }),
        maxAttempts: PROCESS_MAX_ATTEMPTS,
        run: ({ mediaId }, job) => this.process(mediaId, job.signal),
        onFailure: ({ mediaId }, error) => this.markFailed(mediaId, error),
      });
    }
  }

  /**
   * Deletes media nothing uses any more, with their bytes: uploads attached to nothing once the
   * grace period is over (counted from the upload, or from when the item was last taken out of
   * a post), and at once those whose post was deleted. An item stays while a live post, a chat
   * message (a paid message's buyer keeps what they paid for), a support message (its
   * screenshot) or its owner's avatar or cover uses it, and while a report or an audit row names
   * it or its post (the evidence an admin's decision rests on lives as long as the record of
   * it). Returns how many were deleted.
   */
  async purgeUnused(): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - (this.deps.unattachedGraceMs ?? DEFAULT_UNATTACHED_GRACE_MS));
    let purged = 0;
    for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
      const candidates = await this.deps.db
        .select({ id: media.id })
        .from(media)
        .where(and(this.unusedSql(), or(this.graceOverSql(cutoff), this.releasedByDeletedPostSql())))
        .limit(PURGE_BATCH);
      for (const { id } of candidates) {
        if (await this.purgeIfUnused(id, cutoff)) purged++;
      }
      if (candidates.length < PURGE_BATCH) break;
    }
    if (purged > 0) this.deps.logger.info({ purged }, 'unused media deleted');
    return purged;
  }

  /**
   * Deletes one item if it is still unused, deciding with its row locked: attaching it to a
   * post or a message locks the row too, so either the attachment waits and then finds the
   * item gone, or the purge waits and then sees the attachment.
   */
  private async purgeIfUnused(id: string, cutoff: Date): Promise<boolean> {
    const deleted = await this.deps.db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: media.id }).from(media).where(eq(media.id, id)).for('update');
      if (!locked) return false;
      const [unused] = await tx
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.id, id), this.unusedSql(), or(this.graceOverSql(cutoff), this.releasedByDeletedPostSql())));
      if (!unused) return false;
      await tx.delete(media).where(eq(media.id, id));
      return true;
    });
    // The row went first: bytes left behind by a failure here are unreachable, and harmless.
    if (deleted) await this.deleteBytes(id);
    return deleted;
  }

  /**
   * Queues a purge to run now, in the caller's transaction (a post being deleted: its media go
   * as soon as it is). Call wakeJobs() once the transaction has committed.
   */
  async purgeSoon(reason: string, executor: Executor): Promise<void> {
    await this.deps.jobs.enqueue(PURGE_JOB, {}, { id: `${PURGE_JOB}:${reason}`, maxAttempts: 3 }, executor);
  }

  wakeJobs(): void {
    this.deps.jobs.wake();
  }

  /** Unattached since before the cutoff: taken out of a post then, or uploaded then and never in one since. */
  private graceOverSql(cutoff: Date) {
    return lt(sql`coalesce(${media.detachedAt}, ${media.createdAt})`, cutoff);
  }

  /**
   * No live post, no chat, mass or support message, in no vault folder, not its owner's avatar or cover, and named
   * by no report or audit row, directly or through its post.
   */
  private unusedSql() {
    const namedBy = (table: typeof reports | typeof auditLog) =>
      sql`not exists (select 1 from ${postMedia} join ${table} on ${table.targetId} = ${postMedia.postId} where ${postMedia.mediaId} = ${media.id})
        and not exists (select 1 from ${table} where ${table.targetId} = ${media.id})`;
    return and(
      namedBy(reports),
      namedBy(auditLog),
      sql`not exists (select 1 from ${postMedia} join ${posts} on ${posts.id} = ${postMedia.postId}
        where ${postMedia.mediaId} = ${media.id} and ${posts.deletedAt} is null)`,
      sql`not exists (select 1 from ${messageMedia} where ${messageMedia.mediaId} = ${media.id})`,
      sql`not exists (select 1 from ${massMessageMedia} where ${massMessageMedia.mediaId} = ${media.id})`,
      // Filed in a vault folder: kept for later on purpose.
      sql`not exists (select 1 from ${vaultFolderItems} where ${vaultFolderItems.mediaId} = ${media.id})`,
      sql`not exists (select 1 from ${supportMessages} where ${supportMessages.screenshotMediaId} = ${media.id})`,
      sql`not exists (select 1 from ${profiles} where ${profiles.userId} = ${media.ownerId}
        and (${profiles.avatarMediaId} = ${media.id} or ${profiles.coverMediaId} = ${media.id}))`,
    );
  }

  /** It was in a post, and that post is deleted. */
  private releasedByDeletedPostSql() {
    return sql`exists (select 1 from ${postMedia} where ${postMedia.mediaId} = ${media.id})`;
  }

  /**
   * Stores a finished upload, records it as 'processing' and queues its processing. Safe to
   * call again for the same id (a retried final request): nothing is recorded twice. Refused
   * with storage_quota_exceeded (and the stored file deleted) when it takes the owner over
   * their quota: the check and the new row are one transaction holding the owner's quota
   * lock, so uploads finishing at the same moment are counted one after the other.
   */
  async acceptUpload(upload: NewUpload, body: Readable): Promise<MediaRecord> {
    await this.deps.storage.put(originalKey(upload.id), body, { contentType: upload.mime });
    try {
      await this.deps.db.transaction(async (tx) => {
        await this.lockQuota(tx, upload.ownerId);
        const [already] = await tx.select({ id: media.id }).from(media).where(eq(media.id, upload.id));
        if (already) return;
        await this.assertRoomFor(upload.ownerId, upload.sizeBytes, tx);
        await tx.insert(media).values({ ...upload, originalKey: originalKey(upload.id), status: 'processing', createdAt: this.deps.now() });
        const type = processJobOf(upload.kind);
        await this.deps.jobs.enqueue(type, { mediaId: upload.id }, { id: `${type}:${upload.id}` }, tx);
      });
    } catch (error) {
      if (!(await this.getMedia(upload.id))) await this.deps.storage.delete(originalKey(upload.id));
      throw error;
    }
    this.deps.jobs.wake();
    const record = await this.getMedia(upload.id);
    if (!record) throw new Error(`media ${upload.id} vanished right after it was recorded`);
    return record;
  }

  /**
   * Holds a new upload's declared length against its owner's quota, with their other open
   * uploads, before any byte is stored: refused with storage_quota_exceeded when the media they
   * keep and the uploads they have open leave no room for it, and with too_many_open_uploads
   * past `maxOpen` unfinished ones. Under the owner's quota lock, so uploads started at the same
   * moment are counted one after the other. Expired reservations (`openSince`) no longer count.
   */
  async reserveUpload(
    upload: { id: string; ownerId: string; bytes: number; startedAt: Date },
    limits: { maxOpen: number; openSince: Date },
  ): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await this.lockQuota(tx, upload.ownerId);
      const open = and(eq(uploadReservations.ownerId, upload.ownerId), gt(uploadReservations.createdAt, limits.openSince));
      const [held] = await tx
        .select({ count: sql<number>`count(*)::int`, bytes: sql<string | number | null>`sum(${uploadReservations.bytes})` })
        .from(uploadReservations)
        .where(open);
      if ((held?.count ?? 0) >= limits.maxOpen) throw errors.tooManyOpenUploads();
      await this.assertRoomFor(upload.ownerId, upload.bytes, tx, Number(held?.bytes ?? 0));
      const { startedAt, ...reservation } = upload;
      await tx.insert(uploadReservations).values({ ...reservation, createdAt: startedAt });
    });
  }

  /** The upload finished, was given up or expired: its length no longer counts. */
  async releaseUpload(uploadId: string): Promise<void> {
    await this.deps.db.delete(uploadReservations).where(eq(uploadReservations.id, uploadId));
  }

  /** Forgets reservations of uploads started before `before` (their files are swept the same way). */
  async releaseExpiredUploads(before: Date): Promise<void> {
    await this.deps.db.delete(uploadReservations).where(lt(uploadReservations.createdAt, before));
  }

  /** The owner's quota lock, held to the end of the transaction (a lock on a number, not a row: nothing else waits on it). */
  private async lockQuota(tx: Executor, ownerId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`media-quota:${ownerId}`}, 0))`);
  }

  /** What the owner's uploads take (sizes as uploaded, every item they still have) and may take. */
  async getUsage(ownerId: string, executor: Executor = this.deps.db): Promise<MediaUsage> {
    const [row] = await executor
      .select({ used: sql<string | number | null>`sum(${media.sizeBytes})` })
      .from(media)
      .where(eq(media.ownerId, ownerId));
    return { usedBytes: Number(row?.used ?? 0), quotaBytes: this.deps.storageQuotaBytes ?? null };
  }

  /** Refuses with storage_quota_exceeded when `bytes` more (beyond `reservedBytes` of open uploads) would take the owner over their quota. */
  async assertRoomFor(ownerId: string, bytes: number, executor: Executor = this.deps.db, reservedBytes = 0): Promise<void> {
    const quota = this.deps.storageQuotaBytes;
    if (!quota) return;
    const usedBytes = (await this.getUsage(ownerId, executor)).usedBytes + reservedBytes;
    if (usedBytes + bytes <= quota) return;
    const left = Math.max(0, quota - usedBytes);
    throw errors.storageQuotaExceeded({
      message: `This file (${formatBytes(bytes)}) does not fit in your storage: you have used ${formatBytes(usedBytes)} of ${formatBytes(quota)}${left > 0 ? `, ${formatBytes(left)} is left` : ''}. Delete media you no longer use to make room.`,
    });
  }

  async getMedia(id: string): Promise<MediaRecord | null> {
    const [row] = await this.deps.db.select().from(media).where(eq(media.id, id));
    return row ? toRecord(row) : null;
  }

  /** Several items at once (for lists of posts), keyed by id; unknown ids are left out. */
  async getMediaByIds(ids: readonly string[]): Promise<Map<string, MediaRecord>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db
      .select()
      .from(media)
      .where(inArray(media.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, toRecord(row)]));
  }

  /** Processing status for the owner; anyone else is told it does not exist. */
  async getStatus(viewerId: string, id: string): Promise<MediaStatusView> {
    const record = requireAccess(actorOf(viewerId), 'media.manage', await this.getMedia(id));
    return {
      id: record.id,
      kind: record.kind,
      mime: record.mime,
      sizeBytes: record.sizeBytes,
      status: record.status,
      failureReason: record.failureReason,
      width: record.width,
      height: record.height,
      durationMs: record.durationMs,
      placeholder: record.placeholder,
      derivatives: record.derivatives,
      createdAt: record.createdAt.toISOString(),
      processedAt: record.processedAt?.toISOString() ?? null,
    };
  }

  /**
   * The full-quality version for viewers the access rules allow the original: the 'playable'
   * derivative (re-encoded, no metadata). Throws ObjectNotFoundError until processing is done.
   */
  openOriginal(id: string, range?: ByteRange): Promise<StoredObject> {
    return this.openDerivative(id, 'playable', range);
  }

  /** One derivative's bytes and the type to serve them as; throws ObjectNotFoundError when it does not exist (yet), RangeNotSatisfiableError for a bad range. */
  async openDerivative(id: string, kind: DerivativeKind, range?: ByteRange): Promise<StoredObject> {
    const [row] = await this.deps.db.select().from(media).where(eq(media.id, id));
    const key = row?.[DERIVATIVE_KEY_COLUMNS[kind]];
    if (!key) throw new ObjectNotFoundError(`${id}/${kind}`);
    return { ...(await this.deps.storage.get(key, range)), contentType: derivativeContentType(row, kind) };
  }

  /** Deletes the owner's media item and its bytes; refused while a post uses it. */
  async deleteOwnMedia(viewerId: string, id: string): Promise<void> {
    requireAccess(actorOf(viewerId), 'media.manage', await this.getMedia(id));
    const [used] = await this.deps.db.select({ postId: postMedia.postId }).from(postMedia).where(eq(postMedia.mediaId, id)).limit(1);
    if (used) throw errors.mediaInUse({ message: 'This media is part of a post. Remove it from the post first.' });
    const [sent] = await this.deps.db
      .select({ messageId: messageMedia.messageId })
      .from(messageMedia)
      .where(eq(messageMedia.mediaId, id))
      .limit(1);
    const [massSent] = await this.deps.db
      .select({ massMessageId: massMessageMedia.massMessageId })
      .from(massMessageMedia)
      .where(eq(massMessageMedia.mediaId, id))
      .limit(1);
    if (sent || massSent)
      throw errors.mediaInUse({ message: 'This media was sent in a message, and stays for the people who received it.' });
    await this.deleteMedia(id);
  }

  /** Deletes a media item and everything stored for it (post links go with it). */
  async deleteMedia(id: string): Promise<void> {
    // The row goes first: bytes left behind by a failure are unreachable, never the other way round.
    await this.deps.db.delete(media).where(eq(media.id, id));
    await this.deleteBytes(id);
  }

  private async deleteBytes(id: string): Promise<void> {
    await this.deps.storage.deletePrefix(derivedPrefix(id));
    await this.deps.storage.delete(originalKey(id));
  }

  /** The 'media.process' job: original in, derivatives out, row updated. Running it twice is harmless. */
  private async process(id: string, signal: AbortSignal): Promise<void> {
    const [row] = await this.deps.db.select().from(media).where(eq(media.id, id));
    if (!row || row.status === 'ready') return;
    const workDir = await mkdtemp(path.join(tmpdir(), 'aurum-media-'));
    // Every kind tells its steps (fetched, made, stored); a conversion also how far it has got.
    const progress = this.progressReporter(row);
    try {
      progress(0, true);
      const input = path.join(workDir, 'original');
      const original = await this.deps.storage.get(row.originalKey).catch((error) => {
        if (error instanceof ObjectNotFoundError) throw new PermanentJobError('The uploaded file is missing.');
        throw error;
      });
      await pipeline(original.stream, createWriteStream(input));
      progress(PROGRESS_FETCHED, true);

      const result = await processMediaFile(row.kind as MediaKind, input, this.deps.tools, workDir, signal, (fraction) =>
        progress(PROGRESS_FETCHED + fraction * (PROGRESS_MADE - PROGRESS_FETCHED)),
      );
      progress(PROGRESS_MADE, true);
      const keys: Partial<Record<(typeof DERIVATIVE_KEY_COLUMNS)[DerivativeKind], string | null>> = {};
      for (const [index, kind] of DERIVATIVE_KINDS.entries()) {
        const body = result.derivatives[kind];
        keys[DERIVATIVE_KEY_COLUMNS[kind]] = body ? await this.store(id, kind, body) : null;
        progress(PROGRESS_MADE + ((index + 1) / DERIVATIVE_KINDS.length) * (1 - PROGRESS_MADE) * 0.99, true);
      }
      const updated = await this.deps.db
        .update(media)
        .set({
          ...keys,
          kind: result.kind,
          status: 'ready',
          failureReason: null,
          width: result.width,
          height: result.height,
          durationMs: result.durationMs,
          placeholder: result.placeholder,
          playableMime: result.derivatives.playable?.contentType ?? null,
          processedAt: this.deps.now(),
        })
        .where(eq(media.id, id))
        .returning({ id: media.id });
      // Deleted while processing: drop what was just made.
      if (updated.length === 0) await this.deleteBytes(id);
      else this.deps.onStatus?.(row.ownerId, { mediaId: id, status: 'ready' });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async store(id: string, kind: DerivativeKind, body: DerivativeBody): Promise<string> {
    const key = derivativeKey(id, kind);
    await this.deps.storage.put(key, 'data' in body ? body.data : createReadStream(body.path), { contentType: body.contentType });
    return key;
  }

  private async markFailed(id: string, error: unknown): Promise<void> {
    const reason = error instanceof PermanentJobError ? error.message : GENERIC_FAILURE;
    const [failed] = await this.deps.db
      .update(media)
      .set({ status: 'failed', failureReason: reason, processedAt: this.deps.now() })
      .where(eq(media.id, id))
      .returning({ ownerId: media.ownerId });
    if (failed) this.deps.onStatus?.(failed.ownerId, { mediaId: id, status: 'failed' });
  }

  /**
   * Tells the owner how far processing has got, in whole percents: a step's milestone at once
   * (`step`), the figures in between (a conversion's) at most once a second, never backwards.
   */
  private progressReporter(row: MediaRow): (fraction: number, step?: boolean) => void {
    const onStatus = this.deps.onStatus;
    let lastPercent = -1;
    let lastAt = 0;
    return (fraction, step = false) => {
      const percent = Math.floor(fraction * 100);
      const at = Date.now();
      if (!onStatus || percent <= lastPercent || (!step && at - lastAt < PROGRESS_EVERY_MS)) return;
      lastPercent = percent;
      lastAt = at;
      onStatus(row.ownerId, { mediaId: row.id, status: 'processing', progress: percent });
    };
  }
}
