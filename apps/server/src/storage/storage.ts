import type { Readable } from 'node:stream';
import { ERROR_TYPES } from '@aurum/core';
import { AppError } from '../http/errors.js';

/** A byte range as in HTTP `Range: bytes=start-end`: `end` is inclusive and defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number;
}

export interface StoredObjectInfo {
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
}

export interface StoredObject extends StoredObjectInfo {
  /** The requested bytes: the whole object, or `start`..`end` (inclusive) of it. */
  stream: Readable;
  start: number;
  end: number;
}

/**
 * Where media bytes live: local disk or an S3-compatible bucket. Keys are slash-separated
 * segments of letters, digits, dash and underscore (see assertSafeKey). As on a file system,
 * a key cannot also be the folder of other keys ('a' and 'a/b' cannot both exist).
 */
export interface Storage {
  /** Stores the object, replacing any under the same key; readers never see a partial object. */
  put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredObjectInfo>;
  /** Throws ObjectNotFoundError, or RangeNotSatisfiableError when `range` starts past the end. */
  get(key: string, range?: ByteRange): Promise<StoredObject>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix`, which must end with a slash. */
  deletePrefix(prefix: string): Promise<void>;
  /** Every stored key, in no particular order (a backup copies them all). */
  keys(): AsyncIterable<string>;
}

export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object under ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

/** A 416 for the API; `size` is what a Content-Range of `bytes *\/size` needs. */
export class RangeNotSatisfiableError extends AppError {
  constructor(public readonly size: number) {
    super(ERROR_TYPES.rangeNotSatisfiable);
  }
}

// Dots are not allowed, so no segment can be '.' or '..' and keys never collide with the
// local store's side files; a leading letter or digit keeps them clear of hidden names.
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]{0,127}';
const KEY_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,7}$`);

export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Storage prefix must end with a slash: ${JSON.stringify(prefix)}`);
  assertSafeKey(prefix.slice(0, -1));
}

/** Clamps `range` to an object of `size` bytes, HTTP-style; no range means the whole object. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number } {
  if (!range) return { start: 0, end: size - 1 };
  const { start, end = size - 1 } = range;
  const valid = Number.isSafeInteger(start) && Number.isSafeInteger(end) && start >= 0 && end >= start;
  if (!valid || start >= size) throw new RangeNotSatisfiableError(size);
  return { start, end: Math.min(end, size - 1) };
}
