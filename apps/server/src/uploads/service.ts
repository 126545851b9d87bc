import path from 'node:path';
import { generateId, MEDIA_ID_HEADER, UPLOADS_PATH, type UploadComplete } from '@aurum/core';
import type { Server, Upload } from '@tus/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { AppError, type AppErrorOptions, errors } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { MediaRecord, MediaService } from '../media/service.js';
import type { Storage } from '../storage/index.js';
import type { ChunkedUploadStore } from './chunk-store.js';
import { sniffMediaType } from './sniff.js';

/** Upload metadata key holding the uploader; set by the server at creation, whatever the client sent. */
const OWNER_KEY = 'aurumOwner';
/** Unfinished uploads one member may have at once (a composer sends a few files at a time). */
const MAX_OPEN_UPLOADS = 10;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * tus answers refusals in plain text; the API answers them in its error shape with a stable type.
 * Any other refusal (tus answers some malformed requests 403) is an invalid request.
 */
const TUS_REFUSALS: Readonly<Record<number, (options: AppErrorOptions) => AppError>> = {
  404: errors.uploadNotFound,
  409: errors.uploadOffsetConflict,
  410: errors.uploadExpired,
  412: errors.uploadProtocolUnsupported,
  413: errors.uploadTooLarge,
  501: errors.uploadFeatureUnsupported,
};

const isTusError = (error: unknown): error is { status_code: number } =>
  typeof error === 'object' && error !== null && typeof (error as { status_code?: unknown }).status_code === 'number';

/** A client's file name, kept only to show back to its owner: one line, no path, bounded. */
function cleanFileName(name: string | null | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).at(-1) ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 255);
  return cleaned || null;
}

export interface UploadServiceDeps {
  config: Pick<Config, 'dataDir' | 'uploadMaxBytes' | 'uploadExpiryMs'>;
  db: Database;
  /** The media store, where unfinished uploads' chunks are kept too. */
  storage: Storage;
  media: MediaService;
  jobs: JobQueue;
  logger: Logger;
}

/**
 * Resumable uploads over the tus protocol (@tus/server), kept by ChunkedUploadStore in the
 * database and the media store until complete, so any instance takes any request of any upload.
 * A complete upload is checked by its bytes: images, video and audio go on to MediaService
 * (which keeps the file and queues its processing); anything else is deleted and refused.
 * Unfinished uploads expire and are swept every hour.
 */
export class UploadService {
  private tus: Promise<{ server: Server; store: ChunkedUploadStore }> | null = null;
  /** Who sent each request being handled, for the tus hooks (which only see the request). */
  private readonly uploaders = new WeakMap<Request, string>();
  /** The id chosen for a new upload before tus creates it: its length is held against the quota under that id first. */
  private readonly newUploadIds = new WeakMap<Request, string>();

  constructor(private readonly deps: UploadServiceDeps) {
    deps.jobs.every('uploads.cleanup', CLEANUP_INTERVAL_MS, {
      payload: z.object({}),
      run: async () => {
        const removed = await this.cleanupExpired();
        if (removed > 0) deps.logger.info({ removed }, 'expired unfinished uploads deleted');
      },
    });
  }

  /** Handles one tus request from a signed-in user; `uploadId` is set for requests about an existing upload. */
  async handle(request: Request, userId: string, uploadId?: string): Promise<Response> {
    const { server, store } = await this.open();
    if (uploadId !== undefined) await this.assertOwnUpload(store, uploadId, userId);
    this.uploaders.set(request, userId);
    const created = request.method === 'POST' ? await this.reserve(request, userId) : null;
    let response: Response;
    try {
      response = await server.handleWeb(request);
    } catch (error) {
      if (created) await this.deps.media.releaseUpload(created);
      throw error;
    }
    if (response.status >= 400 && !response.headers.get('content-type')?.startsWith('application/json')) {
      if (created) await this.deps.media.releaseUpload(created);
      throw await this.toAppError(response);
    }
    return response;
  }

  /**
   * A new upload must say its length (no deferred length), and that length is held against the
   * owner's quota with their other open uploads before any byte is kept (MediaService.reserveUpload):
   * an upload that cannot fit, or one too many, is refused at once. Answers the new upload's id.
   */
  private async reserve(request: Request, userId: string): Promise<string> {
    const declared = Number(request.headers.get('upload-length') ?? Number.NaN);
    if (request.headers.has('upload-defer-length') || !Number.isSafeInteger(declared) || declared < 0) {
      throw errors.uploadLengthRequired();
    }
    if (declared > this.deps.config.uploadMaxBytes) return this.newUploadId(request); // tus refuses it as too large
    const id = this.newUploadId(request);
    // The upload store's clock, which dates uploads and expires them.
    const startedAt = new Date();
    const openSince = new Date(startedAt.getTime() - this.deps.config.uploadExpiryMs);
    await this.deps.media.reserveUpload({ id, ownerId: userId, bytes: declared, startedAt }, { maxOpen: MAX_OPEN_UPLOADS, openSince });
    return id;
  }

  private newUploadId(request: Request): string {
    const id = generateId();
    this.newUploadIds.set(request, id);
    return id;
  }

  /** Deletes unfinished uploads older than UPLOAD_EXPIRY_HOURS; returns how many. */
  async cleanupExpired(): Promise<number> {
    // A server that never received an upload has no folder to sweep, and should not get one.
    await this.deps.media.releaseExpiredUploads(new Date(Date.now() - this.deps.config.uploadExpiryMs));
    const { server } = await this.open();
    return server.cleanUpExpiredUploads();
  }

  /** Made on first use, so a server that never receives an upload loads no tus modules. */
  private open(): Promise<{ server: Server; store: ChunkedUploadStore }> {
    this.tus ??= this.create().catch((error) => {
      this.tus = null;
      throw error;
    });
    return this.tus;
  }

  private async create(): Promise<{ server: Server; store: ChunkedUploadStore }> {
    const { dataDir, uploadMaxBytes, uploadExpiryMs } = this.deps.config;
    const [{ ChunkedUploadStore }, { EVENTS, Server }] = await Promise.all([import('./chunk-store.js'), import('@tus/server')]);
    const store = await ChunkedUploadStore.open({
      db: this.deps.db,
      storage: this.deps.storage,
      stagingDir: path.join(dataDir, 'uploads'),
      expiryMs: uploadExpiryMs,
      // The clock tus dates uploads and expires them by.
      now: () => new Date(),
    });
    const server = new Server({
      path: UPLOADS_PATH,
      datastore: store,
      maxSize: uploadMaxBytes,
      relativeLocation: true,
      namingFunction: (request) => this.newUploadIds.get(request) ?? generateId(),
      exposedHeaders: [MEDIA_ID_HEADER],
      onUploadCreate: async (request, upload) => ({
        metadata: { filename: cleanFileName(upload.metadata?.filename), [OWNER_KEY]: this.uploaders.get(request) ?? null },
      }),
      onUploadFinish: (request, upload) => this.finish(store, upload, request.method === 'POST'),
    });
    // Dropped only once the response is written: tus still reads the upload while answering.
    server.on(EVENTS.POST_FINISH, (_request, _response, upload) => {
      store
        .remove(upload.id)
        .catch((error) => this.deps.logger.warn({ err: error, uploadId: upload.id }, 'could not delete a finished upload'));
    });
    // Given up by its uploader: its length no longer counts.
    server.on(EVENTS.POST_TERMINATE, (_request, _response, id) => {
      this.deps.media
        .releaseUpload(id)
        .catch((error) => this.deps.logger.warn({ err: error, uploadId: id }, 'could not release a cancelled upload'));
    });
    return { server, store };
  }

  private async assertOwnUpload(store: ChunkedUploadStore, uploadId: string, userId: string): Promise<void> {
    const upload = await store.getUpload(uploadId).catch((error) => {
      if (isTusError(error) && (error.status_code === 404 || error.status_code === 410)) return null;
      throw error;
    });
    // Someone else's upload gets the same answer as a missing one.
    if (!upload || upload.metadata?.[OWNER_KEY] !== userId) throw errors.uploadNotFound();
  }

  /** The last bytes arrived: keep the file as media, or refuse it when its bytes are not media. Either way it no longer holds quota as an open upload. */
  private async finish(store: ChunkedUploadStore, upload: Upload, isCreation: boolean) {
    try {
      return await this.keep(store, upload, isCreation);
    } finally {
      await this.deps.media.releaseUpload(upload.id);
    }
  }

  private async keep(store: ChunkedUploadStore, upload: Upload, isCreation: boolean) {
    const ownerId = upload.metadata?.[OWNER_KEY];
    if (!ownerId) throw new Error(`upload ${upload.id} has no owner`);
    const type = await sniffMediaType(await store.read(upload.id));
    const json = { 'content-type': 'application/json; charset=utf-8' };
    if (!type) {
      this.deps.logger.info({ uploadId: upload.id }, 'upload refused: not an image, video or audio file');
      const refusal = errors.unsupportedFileType();
      return { status_code: refusal.statusCode, headers: json, body: JSON.stringify(refusal.toBody()) };
    }
    const sizeBytes = upload.size ?? upload.offset;
    let record: MediaRecord;
    try {
      record = await this.deps.media.acceptUpload(
        { id: upload.id, ownerId, kind: type.kind, mime: type.mime, sizeBytes, originalName: upload.metadata?.filename ?? null },
        await store.read(upload.id),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.deps.logger.info({ uploadId: upload.id }, 'upload refused: over the storage quota');
      return { status_code: error.statusCode, headers: json, body: JSON.stringify(error.toBody()) };
    }
    const body: UploadComplete = { mediaId: record.id, kind: record.kind, mime: record.mime, status: record.status };
    // tus answers 201 to a creation and 204 to a PATCH; a body needs a 2xx that allows one.
    return { status_code: isCreation ? 201 : 200, headers: { ...json, [MEDIA_ID_HEADER]: record.id }, body: JSON.stringify(body) };
  }

  private async toAppError(response: Response): Promise<AppError> {
    const text = (await response.text()).trim();
    if (response.status >= 500 && response.status !== 501) {
      this.deps.logger.error({ status: response.status, detail: text }, 'upload request failed');
      return errors.uploadFailed();
    }
    if (response.status === 413 && text.startsWith('Maximum size')) {
      const limitMiB = Math.floor(this.deps.config.uploadMaxBytes / (1024 * 1024));
      return errors.uploadTooLarge({ message: `The file is too large: uploads can be at most ${limitMiB} MiB.` });
    }
    const refusal = TUS_REFUSALS[response.status] ?? errors.uploadInvalidRequest;
    return refusal({ message: text || undefined });
  }
}
