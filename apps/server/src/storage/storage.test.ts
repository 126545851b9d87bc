import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createStorage, localStorageAcrossInstancesWarning } from './index.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { ObjectNotFoundError, RangeNotSatisfiableError, type Storage } from './storage.js';

const BUCKET = 'aurum-test';
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'aurum-storage-'));
  tempDirs.push(dir);
  return dir;
};

let s3rver: S3rver;
let s3Endpoint: string;
beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: tempDir(), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

const s3Settings = () => ({
  bucket: BUCKET,
  endpoint: s3Endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});

/** Bytes that differ at every position, so a wrong offset cannot go unnoticed. */
const pattern = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) % 251));

/** A stream that yields the bytes in uneven pieces, as a network would. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let offset = 0, step = 1; offset < bytes.length; offset += step, step = step * 3 + 1)
        yield bytes.subarray(offset, offset + step);
    })(),
  );

const implementations: [string, () => Storage][] = [
  ['local disk', () => new LocalStorage(tempDir())],
  ['S3 (s3rver on loopback)', () => S3Storage.fromSettings(s3Settings())],
];

describe.each(implementations)('storage contract: %s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('stores a buffer and reads it back whole, with its size and content type', async () => {
    const bytes = pattern(1000);
    expect(await storage.put('contract/buffer', bytes, { contentType: 'image/png' })).toEqual({ size: 1000, contentType: 'image/png' });
    const object = await storage.get('contract/buffer');
    expect(object).toMatchObject({ size: 1000, contentType: 'image/png', start: 0, end: 999 });
    expect((await buffer(object.stream)).equals(bytes)).toBe(true);
    expect(await storage.stat('contract/buffer')).toEqual({ size: 1000, contentType: 'image/png' });
  });

  it('stores a stream larger than one upload part and reads back byte ranges of it', async () => {
    const bytes = pattern(9 * 1024 * 1024 + 123);
    const info = await storage.put('contract/large', streamOf(bytes), { contentType: 'video/mp4' });
    expect(info.size).toBe(bytes.length);

    const middle = await storage.get('contract/large', { start: 5_000_000, end: 5_000_099 });
    expect(middle).toMatchObject({ size: bytes.length, start: 5_000_000, end: 5_000_099, contentType: 'video/mp4' });
    expect((await buffer(middle.stream)).equals(bytes.subarray(5_000_000, 5_000_100))).toBe(true);

    const tail = await storage.get('contract/large', { start: bytes.length - 10 });
    expect(tail.end).toBe(bytes.length - 1);
    expect((await buffer(tail.stream)).equals(bytes.subarray(-10))).toBe(true);

    // An end past the last byte is clamped, as HTTP ranges are.
    const clamped = await storage.get('contract/large', { start: bytes.length - 3, end: bytes.length + 100 });
    expect((await buffer(clamped.stream)).length).toBe(3);
  });

  it('stores a small stream and replaces an object put under the same key', async () => {
    await storage.put('contract/replaced', streamOf(Buffer.from('first version')), { contentType: 'text/plain' });
    await storage.put('contract/replaced', Buffer.from('second'), { contentType: 'audio/mpeg' });
    const object = await storage.get('contract/replaced');
    expect(object.contentType).toBe('audio/mpeg');
    expect((await buffer(object.stream)).toString()).toBe('second');
  });

  it('refuses a range that starts past the end, naming the size', async () => {
    await storage.put('contract/short', Buffer.from('0123456789'), { contentType: 'text/plain' });
    const refused = await storage.get('contract/short', { start: 10 }).catch((error) => error);
    expect(refused).toBeInstanceOf(RangeNotSatisfiableError);
    expect(refused).toMatchObject({ size: 10, statusCode: 416 });
  });

  it('reports missing objects as missing', async () => {
    expect(await storage.stat('contract/missing')).toBeNull();
    await expect(storage.get('contract/missing')).rejects.toBeInstanceOf(ObjectNotFoundError);
    await expect(storage.delete('contract/missing')).resolves.toBeUndefined();
  });

  it('deletes one object, and every object under a prefix but nothing beside it', async () => {
    for (const key of ['media1/a', 'media1/b', 'media1/sub/c', 'media10/a', 'media1-x']) {
      await storage.put(`prefix/${key}`, Buffer.from(key), { contentType: 'text/plain' });
    }
    await storage.delete('prefix/media1/a');
    expect(await storage.stat('prefix/media1/a')).toBeNull();
    expect(await storage.stat('prefix/media1/b')).not.toBeNull();

    await storage.deletePrefix('prefix/media1/');
    expect(await storage.stat('prefix/media1/b')).toBeNull();
    expect(await storage.stat('prefix/media1/sub/c')).toBeNull();
    expect(await storage.stat('prefix/media10/a')).not.toBeNull();
    expect(await storage.stat('prefix/media1-x')).not.toBeNull();
  });

  it('lists every stored key, and none of its own side files', async () => {
    const keys = ['list/a', 'list/deep/er/b', 'list-c'];
    for (const key of keys) await storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
    const listed: string[] = [];
    for await (const key of storage.keys()) listed.push(key);
    expect(listed.filter((key) => key.startsWith('list')).sort()).toEqual([...keys].sort());
  });

  it('refuses keys that could leave the store or name hidden files', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', 'dot.ted', '.hidden', 'a//b', 'a/', '', 'back\\slash', 'nul\0']) {
      await expect(storage.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(storage.deletePrefix('no-trailing-slash')).rejects.toThrow(/must end with a slash/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('createStorage', () => {
  it('uses the data dir by default and the bucket when S3_BUCKET is set', async () => {
    const dataDir = tempDir();
    expect(await createStorage(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }))).toBeInstanceOf(LocalStorage);
    const withS3 = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
      S3_BUCKET: 'media-bucket',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(withS3.s3).toEqual({
      bucket: 'media-bucket',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(await createStorage(withS3)).toBeInstanceOf(S3Storage);
  });

  it('refuses S3 settings that would be ignored or are half given', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 'x'.repeat(32), ...env });
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual(['S3_ENDPOINT: needs S3_BUCKET to be set']);
    expect(problems({ S3_BUCKET: 'media-bucket', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    ]);
    expect(problems({ S3_BUCKET: 'Not A Bucket' })).toEqual(['S3_BUCKET: must be an S3 bucket name']);
    expect(problems({ UPLOAD_MAX_BYTES: '1.5', UPLOAD_EXPIRY_HOURS: '0' })).toHaveLength(2);
  });

  it('tells at start that several instances cannot share media kept on one instance’s disk', () => {
    const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: tempDir(), SESSION_SECRET: 'x'.repeat(32), ...env });
    expect(localStorageAcrossInstancesWarning(config({}))).toBeNull();
    expect(localStorageAcrossInstancesWarning(config({ REDIS_URL: 'redis://127.0.0.1:6379' }))).toMatch(
      /S3_BUCKET is not: .*DATA_DIR\/media/,
    );
    expect(localStorageAcrossInstancesWarning(config({ REDIS_URL: 'redis://127.0.0.1:6379', S3_BUCKET: 'media-bucket' }))).toBeNull();
  });
});
