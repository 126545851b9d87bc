import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  assertSafePrefix,
  type ByteRange,
  ObjectNotFoundError,
  resolveRange,
  type Storage,
  type StoredObject,
  type StoredObjectInfo,
} from './storage.js';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Objects as files under one directory. The content type sits beside each file in
 * `<file>.meta`; keys cannot contain dots, so side files never collide with keys. Writes go
 * to a temporary file first and are renamed into place, so readers never see half a file.
 */
export class LocalStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  private async tempFile(): Promise<string> {
    const dir = path.join(this.root, '.tmp');
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  async put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredObjectInfo> {
    const file = this.fileOf(key);
    const dataTemp = await this.tempFile();
    const metaTemp = await this.tempFile();
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(dataTemp));
      await fs.writeFile(metaTemp, JSON.stringify({ contentType: options.contentType }));
      await fs.mkdir(path.dirname(file), { recursive: true });
      // The data file appears last: whoever sees it also finds its metadata.
      await fs.rename(metaTemp, `${file}.meta`);
      await fs.rename(dataTemp, file);
      const { size } = await fs.stat(file);
      return { size, contentType: options.contentType };
    } finally {
      await fs.rm(dataTemp, { force: true });
      await fs.rm(metaTemp, { force: true });
    }
  }

  private async contentTypeOf(file: string): Promise<string> {
    try {
      const meta = JSON.parse(await fs.readFile(`${file}.meta`, 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    return 'application/octet-stream';
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject> {
    const file = this.fileOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
    try {
      // Size and bytes come from the same open file, so a concurrent replace cannot mix them.
      const { size } = await handle.stat();
      const { start, end } = resolveRange(range, size);
      const contentType = await this.contentTypeOf(file);
      const stream = size === 0 ? Readable.from([]) : handle.createReadStream({ start, end, autoClose: true });
      if (size === 0) await handle.close();
      return { stream, size, contentType, start, end };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    const file = this.fileOf(key);
    try {
      const { size } = await fs.stat(file);
      return { size, contentType: await this.contentTypeOf(file) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.meta`, { force: true });
  }

  async *keys(): AsyncIterable<string> {
    // Side files are left out: the temporary folder and each object's `.meta`.
    async function* under(dir: string, prefix: string): AsyncIterable<string> {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch((error) => (isMissing(error) ? [] : Promise.reject(error)));
      for (const entry of entries) {
        if (entry.name.startsWith('.') || entry.name.endsWith('.meta')) continue;
        if (entry.isDirectory()) yield* under(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else if (entry.isFile()) yield `${prefix}${entry.name}`;
      }
    }
    yield* under(this.root, '');
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    const dir = this.fileOf(prefix.slice(0, -1));
    // Only the folder: an object named like the prefix without its slash is not under it.
    const stats = await fs.stat(dir).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
    if (stats?.isDirectory()) await fs.rm(dir, { recursive: true, force: true });
  }
}
