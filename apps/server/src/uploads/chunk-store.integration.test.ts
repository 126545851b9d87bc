import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { generateId } from '@aurum/core';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { ChunkedUploadStore } from './chunk-store.js';

let server: TestServer;
let dataDir: string;
let store: ChunkedUploadStore;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-chunk-store-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  store = await ChunkedUploadStore.open({
    db: server.context.database.db,
    storage: server.context.storage,
    stagingDir: path.join(dataDir, 'uploads'),
    expiryMs: 60_000,
    now: () => new Date(),
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const newUpload = async (size: number) => (await store.create(new Upload({ id: generateId(), size, offset: 0, metadata: {} }))).id;
const keysOf = async (id: string) => {
  const keys: string[] = [];
  for await (const key of server.context.storage.keys()) if (key.startsWith(`uploads/${id}/`)) keys.push(key);
  return keys;
};
const stagedSizes = async () => {
  const staging = path.join(dataDir, 'uploads');
  return Promise.all((await readdir(staging)).map(async (name) => (await stat(path.join(staging, name))).size));
};
const bytesOf = async (id: string) => Buffer.concat(await store.read(id).toArray()).toString();

/** The writes of other instances are the same calls on the same database and media store. */
describe(`the chunked upload store (${TEST_DRIVER})`, () => {
  it('keeps the chunks of several writes in order and reads them back as one', async () => {
    const id = await newUpload(9);
    expect(await store.write(Readable.from([Buffer.from('abc'), Buffer.from('d')]), id, 0)).toBe(4);
    expect(await store.write(Readable.from([Buffer.from('efghi')]), id, 4)).toBe(9);
    expect((await store.getUpload(id)).offset).toBe(9);
    expect(await bytesOf(id)).toBe('abcdefghi');
    expect(await keysOf(id)).toHaveLength(2);
  });

  it('keeps one of two writes at the same offset and deletes the bytes of the other', async () => {
    const id = await newUpload(10);
    const outcomes = await Promise.allSettled([
      store.write(Readable.from([Buffer.from('abcde')]), id, 0),
      store.write(Readable.from([Buffer.from('vwxyz')]), id, 0),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')?.reason).toBe(ERRORS.INVALID_OFFSET);
    expect((await store.getUpload(id)).offset).toBe(5);
    expect(['abcde', 'vwxyz']).toContain(await bytesOf(id));
    expect(await keysOf(id)).toHaveLength(1);
  });

  it('keeps what arrived of a cut-off request, so the client goes on from there', async () => {
    const id = await newUpload(10);
    const cutOff = new PassThrough();
    const writing = store.write(cutOff, id, 0);
    cutOff.write('abc');
    // Cut once the bytes are on this instance's disk, as a request is cut off mid-way.
    await vi.waitFor(async () => expect(await stagedSizes()).toEqual([3]));
    cutOff.destroy(new Error('connection reset'));
    await expect(writing).rejects.toBe(ERRORS.FILE_WRITE_ERROR);
    expect((await store.getUpload(id)).offset).toBe(3);
    expect(await store.write(Readable.from([Buffer.from('defghij')]), id, 3)).toBe(10);
    expect(await bytesOf(id)).toBe('abcdefghij');
  });

  it('keeps nothing of a write that ends after its upload was removed', async () => {
    const id = await newUpload(10);
    const late = new PassThrough();
    const writing = store.write(late, id, 0);
    late.write('abc');
    await store.remove(id);
    late.end('de');
    await expect(writing).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    expect(await keysOf(id)).toEqual([]);
    await expect(store.getUpload(id)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    await expect(store.remove(id)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('never keeps bytes past the declared length', async () => {
    const id = await newUpload(4);
    await expect(store.write(Readable.from([Buffer.from('abcdef')]), id, 0)).rejects.toBe(ERRORS.ERR_SIZE_EXCEEDED);
    expect((await store.getUpload(id)).offset).toBe(0);
    expect(await keysOf(id)).toEqual([]);
  });
});
