import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateId } from '@aurum/core';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngOf } from '../../test/media-fixtures.js';
import { ApiClient, CAN_SHARE_REDIS, instancesSharingRedis, type TestServer } from '../../test/test-server.js';
import { TusTestClient } from '../../test/tus-client.js';
import { media, resumableUploads } from '../db/schema.js';

const BUCKET = 'aurum-uploads-test';

/**
 * No sticky routing: two instances sharing the database and an S3 bucket (s3rver on loopback),
 * each with its own disk, take the requests of one upload in any order.
 */
describe.runIf(CAN_SHARE_REDIS)('a resumable upload across instances sharing the database and a bucket', () => {
  const folders: string[] = [];
  const folder = (name: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `aurum-${name}-`));
    folders.push(made);
    return made;
  };
  let s3: S3rver;
  let s3Endpoint = '';
  beforeAll(async () => {
    s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder('s3'), configureBuckets: [{ name: BUCKET }] });
    s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  });
  afterAll(async () => {
    await s3?.close();
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });
  const dataDirs = new Map<string, string>();
  const instances = instancesSharingRedis(() => {
    const dataDir = folder('instance');
    mkdirSync(path.join(dataDir, 'uploads'));
    dataDirs.set(`${dataDirs.size}`, dataDir);
    return {
      DATA_DIR: dataDir,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    };
  });

  /** One member, signed in on both instances (the session is in the shared database). */
  async function uploader() {
    const user = new ApiClient(instances.first);
    const unique = generateId();
    await user.register(`across-${unique}@example.com`, `across_${unique.slice(-10)}`);
    return { first: new TusTestClient(instances.first, user), second: new TusTestClient(instances.second, user) };
  }
  const idOf = (location: string) => location.split('/').at(-1) ?? '';
  /** The sizes of request bodies the instance is receiving for the upload, staged on its own disk. */
  const stagedOn = async (instance: 'first' | 'second', id: string) => {
    const staging = path.join(dataDirs.get(instance === 'first' ? '0' : '1') ?? '', 'uploads');
    const names = (await readdir(staging)).filter((name) => name.startsWith(`${id}-`));
    return Promise.all(names.map(async (name) => (await stat(path.join(staging, name))).size));
  };
  const keptChunks = async (server: TestServer, id: string) => {
    const keys: string[] = [];
    for await (const key of server.context.storage.keys()) if (key.startsWith(`uploads/${id}/`)) keys.push(key);
    return keys;
  };

  it('takes its chunks on either instance, keeps a cut-off request’s bytes, and finishes on either', async () => {
    const tus = await uploader();
    const png = await pngOf(640, 480);
    const third = Math.floor(png.length / 3);
    const created = await tus.first.create(png.length, 'across.png');
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const id = idOf(location);
    const on = { first: tus.first.urlOf(location), second: tus.second.urlOf(location) };

    const firstPart = await tus.second.patch(on.second, 0, png.subarray(0, third));
    expect([firstPart.status, firstPart.headers.get('upload-offset')]).toEqual([204, String(third)]);
    expect(await tus.first.offset(on.first)).toBe(third);

    // The second part reaches the first instance and is cut off after 100 bytes.
    const sent = 100;
    const abort = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(png.subarray(third, third + sent)),
      pull: () => new Promise(() => undefined),
    });
    const cutOff = tus.first.patch(on.first, third, body, abort.signal).catch((error: Error) => error);
    await vi.waitFor(async () => expect(await stagedOn('first', id)).toEqual([sent]), { timeout: 10_000 });
    abort.abort();
    expect(await cutOff).toBeInstanceOf(Error);
    // The other instance sees what arrived once the first has kept it.
    await vi.waitFor(async () => expect(await tus.second.offset(on.second)).toBe(third + sent), { timeout: 10_000 });

    const finished = await tus.second.resume(on.second, png);
    expect(finished.status).toBe(200);
    expect(await finished.json()).toMatchObject({ mediaId: id, kind: 'image', mime: 'image/png' });
    const [row] = await instances.first.context.database.db.select().from(media).where(eq(media.id, id));
    expect(row?.sizeBytes).toBe(png.length);
    const stored = await instances.first.context.storage.get(`originals/${id}`);
    expect(Buffer.concat(await stored.stream.toArray()).equals(png)).toBe(true);
    // Nothing of the upload is kept once it is media: no record, no chunk, nothing staged.
    await vi.waitFor(async () => {
      expect(await instances.first.context.database.db.select().from(resumableUploads).where(eq(resumableUploads.id, id))).toEqual([]);
      expect(await keptChunks(instances.first, id)).toEqual([]);
    });
    expect([...(await stagedOn('first', id)), ...(await stagedOn('second', id))]).toEqual([]);
  });

  it('keeps one of two requests sent at the same offset to both instances, and refuses the other as a conflict', async () => {
    const tus = await uploader();
    const png = await pngOf(320, 240);
    const created = await tus.first.create(png.length, 'twice.png');
    const location = created.headers.get('location') ?? '';
    const half = png.subarray(0, Math.floor(png.length / 2));
    const answers = await Promise.all([
      tus.first.patch(tus.first.urlOf(location), 0, half),
      tus.second.patch(tus.second.urlOf(location), 0, half),
    ]);
    const refusals = answers.filter((answer) => answer.status !== 204);
    expect(await Promise.all(refusals.map(async (answer) => [answer.status, ((await answer.json()) as { type: string }).type]))).toEqual([
      [409, 'upload_offset_conflict'],
    ]);
    expect(await tus.second.offset(tus.second.urlOf(location))).toBe(half.length);
    expect(await keptChunks(instances.second, idOf(location))).toHaveLength(1);

    // The client asks where to go on and finishes.
    const finished = await tus.first.resume(tus.first.urlOf(location), png);
    expect(finished.status).toBe(200);
    const stored = await instances.second.context.storage.get(`originals/${idOf(location)}`);
    expect(Buffer.concat(await stored.stream.toArray()).equals(png)).toBe(true);
  });
});
