import { access, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { generateId, MEDIA_ID_HEADER, UNSUPPORTED_FILE_TYPE_MESSAGE, UPLOADS_PATH, type UploadComplete } from '@aurum/core';
import { FileStore } from '@tus/file-store';
import { EVENTS, Server, type Upload } from '@tus/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config/config.js';
import { AppError } from '../http/errors.js';
import type { JobQueue } from '../jobs/queue.js';
import type { MediaService } from '../media/service.js';
import { sniffMediaType } from './sniff.js';

/** Upload metadata key holding the uploader; set by the server at creation, whatever the client sent. */
const OWNER_KEY = 'aurumOwner';
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export const unsupportedFileType = () => new AppError(415, 'unsupported_file_type', UNSUPPORTED_FILE_TYPE_MESSAGE);

/** tus answers refusals in plain text; the API answers them in its error shape with a stable type. */
const TUS_ERROR_TYPES: Record<number, string> = {
  400: 'upload_invalid_request',
  403: 'upload_invalid_request',
  404: 'upload_not_found',
  409: 'upload_offset_conflict',
  410: 'upload_expired',
  412: 'upload_protocol_unsupported',
  413: 'upload_too_large',
  415: 'upload_invalid_request',
  501: 'upload_feature_unsupported',
};

const isTusError = (error: unknown): error is { status_code: number } =>
  typeof error === 'object' && error !== null && typeof (error as { status_code?: unknown }).status_code === 'number';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

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
  media: MediaService;
  jobs: JobQueue;
  logger: Logger;
}

/**
 * Resumable uploads over the tus protocol (@tus/server), staged under DATA_DIR/uploads until
 * complete. A complete upload is checked by its bytes: images, video and
 * audio go on to MediaService (which keeps the file and queues its processing); anything
 * else is deleted and refused. Unfinished uploads expire and are swept every hour.
 */
export class UploadService {
  private tus: Promise<{ server: Server; store: FileStore }> | null = null;
  /** Who sent each request being handled, for the tus hooks (which only see the request). */
  private readonly uploaders = new WeakMap<Request, string>();

  constructor(private readonly deps: UploadServiceDeps) {
    deps.jobs.every('uploads.cleanup', CLEANUP_INTERVAL_MS, {
      payload: z.object({}),
      run: async () => {
        const removed = await this.cleanupExpired();
        if (removed > 0) deps.logger.info({ removed }, 'expired unfinished uploads deleted');
      },
    });
  }

  private get directory(): string {
    return path.join(this.deps.config.dataDir, 'uploads');
  }

  /** Handles one tus request from a signed-in user; `uploadId` is set for requests about an existing upload. */
  async handle(request: Request, userId: string, uploadId?: string): Promise<Response> {
    const { server, store } = await this.open();
    if (uploadId !== undefined) await this.assertOwnUpload(store, uploadId, userId);
    this.uploaders.set(request, userId);
    const response = await server.handleWeb(request);
    if (response.status >= 400 && !response.headers.get('content-type')?.startsWith('application/json')) {
      throw await this.toAppError(response);
    }
    return response;
  }

  /** Deletes unfinished uploads older than UPLOAD_EXPIRY_HOURS; returns how many. */
  async cleanupExpired(): Promise<number> {
    // A server that never received an upload has no folder to sweep, and should not get one.
    if (!(await exists(this.directory))) return 0;
    const { server } = await this.open();
    return server.cleanUpExpiredUploads();
  }

  /** Made on first use, so a server that never receives an upload creates no folders. */
  private open(): Promise<{ server: Server; store: FileStore }> {
    this.tus ??= this.create().catch((error) => {
      this.tus = null;
      throw error;
    });
    return this.tus;
  }

  private async create(): Promise<{ server: Server; store: FileStore }> {
    const { uploadMaxBytes, uploadExpiryMs } = this.deps.config;
    // Partial uploads are staged on this server's disk even when media live in S3: tus keeps
    // its upload locks in the process anyway, so one upload's requests must reach one
    // instance, and only finished, checked files are worth putting in object storage.
    await mkdir(this.directory, { recursive: true });
    const store = new FileStore({ directory: this.directory, expirationPeriodInMilliseconds: uploadExpiryMs });
    const server = new Server({
      path: UPLOADS_PATH,
      datastore: store,
      maxSize: uploadMaxBytes,
      relativeLocation: true,
      namingFunction: () => generateId(),
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
    return { server, store };
  }

  private async assertOwnUpload(store: FileStore, uploadId: string, userId: string): Promise<void> {
    const upload = await store.getUpload(uploadId).catch((error) => {
      if (isTusError(error) && (error.status_code === 404 || error.status_code === 410)) return null;
      throw error;
    });
    // Someone else's upload gets the same answer as a missing one.
    if (!upload || upload.metadata?.[OWNER_KEY] !== userId) throw new AppError(404, 'upload_not_found', 'Upload not found.');
  }

  /** The last bytes arrived: keep the file as media, or refuse it when its bytes are not media. */
  private async finish(store: FileStore, upload: Upload, isCreation: boolean) {
    const ownerId = upload.metadata?.[OWNER_KEY];
    if (!ownerId) throw new Error(`upload ${upload.id} has no owner`);
    const type = await sniffMediaType(await store.read(upload.id));
    const json = { 'content-type': 'application/json; charset=utf-8' };
    if (!type) {
      this.deps.logger.info({ uploadId: upload.id }, 'upload refused: not an image, video or audio file');
      return { status_code: 415, headers: json, body: JSON.stringify(unsupportedFileType().toBody()) };
    }
    const record = await this.deps.media.acceptUpload(
      {
        id: upload.id,
        ownerId,
        kind: type.kind,
        mime: type.mime,
        sizeBytes: upload.size ?? upload.offset,
        originalName: upload.metadata?.filename ?? null,
      },
      await store.read(upload.id),
    );
    const body: UploadComplete = { mediaId: record.id, kind: record.kind, mime: record.mime, status: record.status };
    // tus answers 201 to a creation and 204 to a PATCH; a body needs a 2xx that allows one.
    return { status_code: isCreation ? 201 : 200, headers: { ...json, [MEDIA_ID_HEADER]: record.id }, body: JSON.stringify(body) };
  }

  private async toAppError(response: Response): Promise<AppError> {
    const text = (await response.text()).trim();
    if (response.status >= 500 && response.status !== 501) {
      this.deps.logger.error({ status: response.status, detail: text }, 'upload request failed');
      return new AppError(500, 'upload_failed', 'The upload could not be saved. Please try again.');
    }
    if (response.status === 413 && text.startsWith('Maximum size')) {
      const limitMiB = Math.floor(this.deps.config.uploadMaxBytes / (1024 * 1024));
      return new AppError(413, 'upload_too_large', `The file is too large: uploads can be at most ${limitMiB} MiB.`);
    }
    return new AppError(
      response.status,
      TUS_ERROR_TYPES[response.status] ?? 'upload_invalid_request',
      text || 'The upload request was refused.',
    );
  }
}
