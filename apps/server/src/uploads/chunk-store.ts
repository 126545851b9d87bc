import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import type { Storage } from '../storage/index.js';
import { resumableUploadChunks, resumableUploads } from './tables.js';

/** Where chunks live in the media store: beside the media, never served (no media row names them). */
const chunksPrefix = (uploadId: string) => `uploads/${uploadId}/`;

export interface ChunkedUploadStoreDeps {
  db: Database;
  storage: Storage;
  /** This instance's folder for the request being received; nothing in it outlives a request. */
  stagingDir: string;
  expiryMs: number;
  now: () => Date;
}

/**
 * A tus data store any instance can serve: an upload's state is a database row and its bytes
 * are one stored object per request ("chunk") in the media store (local disk or the S3 bucket).
 * A request's body is staged on this instance's disk while it arrives, then stored and
 * recorded, so a cut-off request keeps what arrived, as tus asks.
 *
 * Written here rather than taken from @tus/s3-store: that store keeps its upload state in a
 * per-process cache behind a per-process lock, and needs S3 multipart listing, which
 * S3-compatible servers do not all have (s3rver, the tests' S3, has none). Two instances
 * writing the same upload at once are settled by the database: the offset moves only from the
 * offset the write started at, and the other write is refused as a conflict (409), after which
 * the client asks where to go on, as after any failed request.
 */
export class ChunkedUploadStore extends DataStore {
  private constructor(private readonly deps: ChunkedUploadStoreDeps) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  /** With its staging folder made, so a write starts reading its request at once. */
  static async open(deps: ChunkedUploadStoreDeps): Promise<ChunkedUploadStore> {
    await mkdir(deps.stagingDir, { recursive: true });
    return new ChunkedUploadStore(deps);
  }

  async create(upload: Upload): Promise<Upload> {
    if (upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const createdAt = upload.creation_date ? new Date(upload.creation_date) : this.deps.now();
    upload.creation_date = createdAt.toISOString();
    await this.deps.db.insert(resumableUploads).values({ id: upload.id, size: upload.size, metadata: upload.metadata ?? {}, createdAt });
    return upload;
  }

  async getUpload(id: string): Promise<Upload> {
    const [row] = await this.deps.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.receivedBytes,
      metadata: row.metadata,
      creation_date: row.createdAt.toISOString(),
    });
  }

  async write(readable: Readable, id: string, offset: number): Promise<number> {
    const staged = path.join(this.deps.stagingDir, `${id}-${offset}-${randomBytes(6).toString('hex')}`);
    let failure: unknown = null;
    try {
      await pipeline(readable, createWriteStream(staged)).catch((error: unknown) => {
        failure = error;
      });
      // What arrived before a request was cut off is kept: the client goes on from there.
      const kept = await this.keepChunk(id, offset, staged);
      if (failure) throw ERRORS.FILE_WRITE_ERROR;
      return offset + kept;
    } finally {
      await rm(staged, { force: true });
    }
  }

  /**
   * Stores the staged bytes (what reached the disk, counted by the store itself), then moves the
   * upload's offset past them if no other write did first. Answers how many bytes were kept.
   */
  private async keepChunk(id: string, start: number, staged: string): Promise<number> {
    const { size } = await stat(staged).catch(() => ({ size: 0 }));
    if (size === 0) return 0;
    const key = `${chunksPrefix(id)}${start}-${randomBytes(6).toString('hex')}`;
    const { size: bytes } = await this.deps.storage.put(key, createReadStream(staged), { contentType: 'application/octet-stream' });
    const recorded = await this.deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(resumableUploads)
        .set({ receivedBytes: sql`${resumableUploads.receivedBytes} + ${bytes}` })
        .where(
          and(
            eq(resumableUploads.id, id),
            eq(resumableUploads.receivedBytes, start),
            sql`${resumableUploads.receivedBytes} + ${bytes} <= ${resumableUploads.size}`,
          ),
        )
        .returning({ id: resumableUploads.id });
      if (!moved) return false;
      await tx.insert(resumableUploadChunks).values({ uploadId: id, start, bytes, key });
      return true;
    });
    if (recorded) return bytes;
    await this.deps.storage.delete(key);
    // Gone meanwhile (finished, given up or expired), written from another request first, or too long.
    const [now] = await this.deps.db
      .select({ receivedBytes: resumableUploads.receivedBytes })
      .from(resumableUploads)
      .where(eq(resumableUploads.id, id));
    if (!now) throw ERRORS.FILE_NOT_FOUND;
    throw now.receivedBytes === start ? ERRORS.ERR_SIZE_EXCEEDED : ERRORS.INVALID_OFFSET;
  }

  /** The upload's bytes in order (read once it is complete). */
  read(id: string): Readable {
    const { db, storage } = this.deps;
    return Readable.from(
      (async function* () {
        const chunks = await db
          .select({ key: resumableUploadChunks.key })
          .from(resumableUploadChunks)
          .where(eq(resumableUploadChunks.uploadId, id))
          .orderBy(asc(resumableUploadChunks.start));
        for (const { key } of chunks) yield* (await storage.get(key)).stream;
      })(),
    );
  }

  /**
   * Under the upload's row lock, so a write finishing meanwhile either lands before (and its
   * chunk is deleted here) or finds no upload (and deletes its own). A crash half-way leaves the
   * row, and the expiry sweep deletes the rest.
   */
  async remove(id: string): Promise<void> {
    const found = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ id: resumableUploads.id }).from(resumableUploads).where(eq(resumableUploads.id, id)).for('update');
      if (!row) return false;
      await this.deps.storage.deletePrefix(chunksPrefix(id));
      await tx.delete(resumableUploads).where(eq(resumableUploads.id, id));
      return true;
    });
    if (!found) throw ERRORS.FILE_NOT_FOUND;
  }

  async deleteExpired(): Promise<number> {
    const before = new Date(this.deps.now().getTime() - this.deps.expiryMs);
    const expired = await this.deps.db
      .select({ id: resumableUploads.id })
      .from(resumableUploads)
      .where(lt(resumableUploads.createdAt, before));
    let removed = 0;
    for (const { id } of expired) {
      // Removed meanwhile by another instance's sweep or its owner: nothing left to do.
      await this.remove(id).then(
        () => removed++,
        (error) => {
          if (error !== ERRORS.FILE_NOT_FOUND) throw error;
        },
      );
    }
    return removed;
  }

  getExpiration(): number {
    return this.deps.expiryMs;
  }
}
