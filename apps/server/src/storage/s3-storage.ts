import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config/config.js';
import {
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  resolveRange,
  type Storage,
  type StoredObject,
  type StoredObjectInfo,
} from './storage.js';

/** Streams are sent in parts of this size; S3 needs at least 5 MiB for every part but the last. */
const PART_BYTES = 8 * 1024 * 1024;

/** Client settings shared by media storage and the resumable-upload store. */
export function s3ClientConfig(s3: S3Settings): S3ClientConfig {
  return {
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    // Many S3-compatible servers reject the SDK's default streaming checksums; send them only when S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** Reads a stream in fixed-size pieces (the last may be shorter), holding one piece in memory at a time. */
async function* piecesOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    chunks.push(buffer);
    length += buffer.length;
    while (length >= size) {
      const all = Buffer.concat(chunks);
      yield all.subarray(0, size);
      chunks = [all.subarray(size)];
      length -= size;
    }
  }
  yield Buffer.concat(chunks);
}

/** Objects in an S3-compatible bucket (AWS, MinIO, R2, ...). */
export class S3Storage implements Storage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromSettings(s3: S3Settings): S3Storage {
    return new S3Storage(new S3Client(s3ClientConfig(s3)), s3.bucket);
  }

  async put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredObjectInfo> {
    assertSafeKey(key);
    const { contentType } = options;
    if (Buffer.isBuffer(body)) return this.putBuffer(key, body, contentType);

    // A stream of unknown length: one PutObject when it fits in a part, else a multipart upload.
    const pieces = piecesOf(body, PART_BYTES);
    const head = await pieces.next();
    const first = head.done ? Buffer.alloc(0) : head.value;
    if (first.length < PART_BYTES) return this.putBuffer(key, first, contentType);

    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let size = 0;
    const sendPart = async (piece: Buffer) => {
      const PartNumber = parts.length + 1;
      const { ETag } = await this.client.send(new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: piece }));
      parts.push({ ETag, PartNumber });
      size += piece.length;
    };
    try {
      await sendPart(first);
      for await (const piece of pieces) if (piece.length > 0) await sendPart(piece);
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
      return { size, contentType };
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  private async putBuffer(key: string, body: Buffer, contentType: string): Promise<StoredObjectInfo> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
    );
    return { size: body.length, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    assertSafeKey(key);
    // The size is needed to clamp the range the same way on every store, so ask for it first.
    const info = await this.stat(key);
    if (!info) throw new ObjectNotFoundError(key);
    const { start, end } = resolveRange(range, info.size);
    try {
      const response = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${start}-${end}` } : {}),
        }),
      );
      return { stream: response.Body as Readable, size: info.size, contentType: info.contentType, start, end };
    } catch (error) {
      if (statusOf(error) === 404) throw new ObjectNotFoundError(key);
      if (statusOf(error) === 416) throw new RangeNotSatisfiableError(info.size);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    assertSafeKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *keys(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }));
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}
