import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_ID_HEADER, UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from '@aurum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pngOf, writeVideo } from '../../test/media-fixtures.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { TusTestClient } from '../../test/tus-client.js';
import { jobs, media, resumableUploads, uploadReservations } from '../db/schema.js';

/** The JSON body of a response, untyped as the API's answers are checked field by field. */
const json = (response: Response): Promise<any> => response.json();

const MiB = 1024 * 1024;
let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-uploads-'));
  server = await startTestServer({ DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(40 * MiB), STORAGE_QUOTA_BYTES: String(100 * MiB) });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

let counter = 0;
async function signedInUploader() {
  const user = new ApiClient(server);
  await user.register(`uploader${++counter}-${Date.now()}@example.com`, `uploader_${counter}_${Date.now() % 100000}`);
  return { user, tus: new TusTestClient(server, user) };
}

const uploadIdOf = (url: string) => url.split('/').at(-1) ?? '';
/** What is kept of an unfinished upload: its record, and its chunks in the media store (on disk here). */
const keptOf = async (url: string) => {
  const id = uploadIdOf(url);
  const records = await server.context.database.db.select().from(resumableUploads).where(eq(resumableUploads.id, id));
  const chunkFiles = await readdir(path.join(dataDir, 'media', 'uploads', id)).catch(() => []);
  return { records: records.length, chunkFiles: chunkFiles.length };
};
const NOTHING_KEPT = { records: 0, chunkFiles: 0 };
/** The sizes of the request bodies of an upload being received, staged on this instance's disk. */
const stagedOf = async (url: string) => {
  const folder = path.join(dataDir, 'uploads');
  const names = (await readdir(folder).catch(() => [])).filter((name) => name.startsWith(`${uploadIdOf(url)}-`));
  return Promise.all(names.map(async (name) => (await stat(path.join(folder, name))).size));
};
const waitUntilReady = (user: ApiClient, mediaId: string) =>
  vi.waitFor(
    async () => {
      const status = await user.get(`/api/media/${mediaId}/status`);
      expect(status.body.status).not.toBe('processing');
      return status.body;
    },
    { timeout: 60_000, interval: 100 },
  );

// Video work is slow when other suites share the CPU.
describe(`resumable uploads (${TEST_DRIVER})`, { timeout: 120_000 }, () => {
  it('takes a file under one chunk in a single request and answers with the new media', async () => {
    const { user, tus } = await signedInUploader();
    const png = await pngOf(300, 200);
    expect(png.length).toBeLessThan(UPLOAD_CHUNK_BYTES);
    const response = await tus.create(png.length, 'drawing.png', png);
    expect(response.status).toBe(201);
    expect(response.headers.get('upload-offset')).toBe(String(png.length));
    const body = await json(response);
    expect(body).toEqual({ mediaId: expect.any(String), kind: 'image', mime: 'image/png', status: 'processing' });
    expect(response.headers.get(MEDIA_ID_HEADER)).toBe(body.mediaId);
    expect(response.headers.get('x-request-id')).toBeTruthy();

    const [row] = await server.context.database.db.select().from(media).where(eq(media.id, body.mediaId));
    expect(row).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      sizeBytes: png.length,
      originalName: 'drawing.png',
      status: 'processing',
    });
    const me = await user.get('/api/me');
    expect(row?.ownerId).toBe(me.body.id);
    expect(await server.context.storage.stat(row?.originalKey ?? '')).toEqual({ size: png.length, contentType: 'image/png' });
    // The finished upload has moved into media storage; nothing is left of it in the upload store.
    await vi.waitFor(async () => expect(await keptOf(body.mediaId)).toEqual(NOTHING_KEPT));
    expect((await waitUntilReady(user, body.mediaId)).status).toBe('ready');
  });

  it('uploads a 12 MiB video in 5 MiB chunks, through a dropped connection and a reload', async () => {
    const { user, tus } = await signedInUploader();
    const file = path.join(dataDir, 'source.mkv');
    await writeVideo(file, { seconds: 3, width: 640, height: 360, codec: 'mpeg4', noise: 40 });
    const video = await readFile(file);
    expect(video.length).toBeGreaterThanOrEqual(12 * MiB);

    const created = await tus.create(video.length, 'holiday.mkv');
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-expires')).toBeTruthy();
    const url = tus.urlOf(created.headers.get('location') ?? '');

    const first = await tus.patch(url, 0, video.subarray(0, UPLOAD_CHUNK_BYTES));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(UPLOAD_CHUNK_BYTES));

    // The second chunk is cut off after 2 MiB, once the server has them.
    const sent = 2 * MiB;
    const abort = new AbortController();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(video.subarray(UPLOAD_CHUNK_BYTES, UPLOAD_CHUNK_BYTES + sent));
      },
      pull: () => new Promise(() => undefined),
    });
    const interrupted = tus.patch(url, UPLOAD_CHUNK_BYTES, stream, abort.signal).catch((error: Error) => error);
    await vi.waitFor(async () => expect(await stagedOf(url)).toEqual([sent]), { timeout: 10_000 });
    abort.abort();
    expect(await interrupted).toBeInstanceOf(Error);

    // A reloaded page only knows the upload URL: it asks where to go on and sends the rest.
    // What arrived is kept once it is stored, moments after the cut.
    const reloaded = new TusTestClient(server, user);
    await vi.waitFor(async () => expect(await reloaded.offset(url)).toBe(UPLOAD_CHUNK_BYTES + sent), { timeout: 10_000 });
    const last = await reloaded.resume(url, video);
    expect(last.status).toBe(200);
    const body = await json(last);
    expect(body).toMatchObject({ kind: 'video', mime: 'video/matroska', status: 'processing' });
    expect(body.mediaId).toBe(uploadIdOf(url));

    const stored = await server.context.storage.get(`originals/${body.mediaId}`);
    const storedBytes = Buffer.concat(await stored.stream.toArray());
    expect(storedBytes.equals(video)).toBe(true);

    const status = await waitUntilReady(user, body.mediaId);
    expect(status).toMatchObject({
      status: 'ready',
      kind: 'video',
      width: 640,
      height: 360,
      derivatives: { thumb: true, blur: true, blurThumb: true, poster: true, playable: true },
    });
    expect(status.durationMs).toBeGreaterThan(2800);
    expect(status.durationMs).toBeLessThan(3300);
    // An MPEG-4 Part 2 video in Matroska does not play in browsers: it was converted.
    const playable = await server.context.media.openDerivative(body.mediaId, 'playable');
    expect(playable.contentType).toBe('video/mp4');
    const head = Buffer.concat(await playable.stream.toArray());
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(head.includes(Buffer.from('avc1'))).toBe(true);
  });

  it('judges a file by its bytes: a PNG named .mp3 is an image, a text named .jpg is refused', async () => {
    const { user, tus } = await signedInUploader();
    const png = await pngOf(40, 30);
    const disguised = await tus.create(png.length, 'song.mp3', png);
    expect(disguised.status).toBe(201);
    expect(await json(disguised)).toMatchObject({ kind: 'image', mime: 'image/png' });

    const text = Buffer.from('Dear diary, today I renamed this file to beach.jpg.\n');
    const refusedAtOnce = await tus.create(text.length, 'beach.jpg', text);
    expect(refusedAtOnce.status).toBe(415);
    expect(await json(refusedAtOnce)).toEqual({ type: 'unsupported_file_type', message: 'Unsupported file type', statusCode: 415 });

    const created = await tus.create(text.length, 'beach.jpg');
    const url = tus.urlOf(created.headers.get('location') ?? '');
    const refused = await tus.patch(url, 0, text);
    expect(refused.status).toBe(415);
    expect(await json(refused)).toEqual({ type: 'unsupported_file_type', message: 'Unsupported file type', statusCode: 415 });
    // Nothing is kept: not the upload, not a media item.
    await vi.waitFor(async () => expect((await fetch(url, { method: 'HEAD', headers: tus.headers() })).status).toBe(404));
    const me = await user.get('/api/me');
    const owned = await server.context.database.db.select().from(media).where(eq(media.ownerId, me.body.id));
    expect(owned.map((row) => row.mime)).toEqual(['image/png']);
  });

  it('asks for a signed-in user and a request from the site itself', async () => {
    const anonymous = await fetch(server.baseUrl + UPLOADS_PATH, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', origin: server.baseUrl },
    });
    expect(anonymous.status).toBe(401);
    expect((await json(anonymous)).type).toBe('general_unauthorized_scope');

    const { tus } = await signedInUploader();
    const foreign = await fetch(server.baseUrl + UPLOADS_PATH, {
      method: 'POST',
      headers: { ...tus.headers(), origin: 'https://evil.example', 'upload-length': '10' },
    });
    expect(foreign.status).toBe(403);
    expect((await json(foreign)).type).toBe('csrf_origin_mismatch');
  });

  it("keeps each user's uploads to themselves", async () => {
    const owner = await signedInUploader();
    const created = await owner.tus.create(1000, 'mine.png');
    const url = owner.tus.urlOf(created.headers.get('location') ?? '');

    const stranger = await signedInUploader();
    expect((await fetch(url, { method: 'HEAD', headers: stranger.tus.headers() })).status).toBe(404);
    const patched = await stranger.tus.patch(url, 0, Buffer.alloc(1000));
    expect(patched.status).toBe(404);
    expect(await json(patched)).toMatchObject({ type: 'upload_not_found', message: 'Upload not found.' });
    expect((await fetch(url, { method: 'DELETE', headers: stranger.tus.headers() })).status).toBe(404);
    expect(await owner.tus.offset(url)).toBe(0);
  });

  it('refuses protocol mistakes and oversized files with stable error types', async () => {
    const { tus } = await signedInUploader();
    const tooLarge = await tus.create(41 * MiB, 'huge.mov');
    expect(tooLarge.status).toBe(413);
    expect(await json(tooLarge)).toEqual({
      type: 'upload_too_large',
      message: 'The file is too large: uploads can be at most 40 MiB.',
      statusCode: 413,
    });

    const created = await tus.create(100, 'small.png');
    const url = tus.urlOf(created.headers.get('location') ?? '');
    const wrongOffset = await tus.patch(url, 50, Buffer.alloc(50));
    expect(wrongOffset.status).toBe(409);
    expect((await json(wrongOffset)).type).toBe('upload_offset_conflict');

    const noVersion = await fetch(url, { method: 'HEAD', headers: { cookie: tus.headers().cookie ?? '' } });
    expect(noVersion.status).toBe(412);

    const deleted = await fetch(url, { method: 'DELETE', headers: tus.headers() });
    expect(deleted.status).toBe(204);
    expect((await fetch(url, { method: 'HEAD', headers: tus.headers() })).status).toBe(404);
  });

  it("keeps each user's uploads within their storage quota, with a clear refusal and nothing left behind", async () => {
    const { user, tus } = await signedInUploader();
    const userId: string = (await user.get('/api/me')).body.id;
    expect((await user.get('/api/media/usage')).body).toEqual({ usedBytes: 0, quotaBytes: 100 * MiB });
    // 90 MiB already taken by earlier uploads.
    const taken = (id: string, sizeBytes: number) =>
      server.context.database.db.insert(media).values({
        id,
        ownerId: userId,
        kind: 'video',
        mime: 'video/mp4',
        sizeBytes,
        originalKey: `originals/${id}`,
        status: 'ready',
      });
    await taken(`quota-a-${userId}`, 90 * MiB);
    expect((await user.get('/api/media/usage')).body).toEqual({ usedBytes: 90 * MiB, quotaBytes: 100 * MiB });

    // Refused at creation, when the upload says its length.
    const tooMuch = await tus.create(20 * MiB, 'long.mov');
    expect(tooMuch.status).toBe(413);
    expect(await json(tooMuch)).toEqual({
      type: 'storage_quota_exceeded',
      message:
        'This file (21 MB) does not fit in your storage: you have used 94.4 MB of 105 MB, 10.5 MB is left. Delete media you no longer use to make room.',
      statusCode: 413,
    });
    expect(tooMuch.headers.get('location')).toBeNull();

    // Several uploads at once can each fit alone: the one completed last is checked again, then refused.
    const png = await pngOf(300, 200);
    const started = await tus.create(png.length, 'late.png');
    expect(started.status).toBe(201);
    const url = tus.urlOf(started.headers.get('location') ?? '');
    await taken(`quota-b-${userId}`, 10 * MiB);
    const finished = await tus.patch(url, 0, png);
    expect(finished.status).toBe(413);
    expect((await json(finished)).type).toBe('storage_quota_exceeded');
    const rows = await server.context.database.db.select().from(media).where(eq(media.ownerId, userId));
    expect(rows.map((row) => row.id).sort()).toEqual([`quota-a-${userId}`, `quota-b-${userId}`]);
    await vi.waitFor(async () => expect(await keptOf(url)).toEqual(NOTHING_KEPT));

    // Deleting makes room again.
    await server.context.media.deleteMedia(`quota-b-${userId}`);
    const fits = await tus.upload(png, 'fits.png');
    expect(fits.status).toBe(201);
    expect((await user.get('/api/media/usage')).body.usedBytes).toBe(90 * MiB + png.length);
  });

  it('holds the quota when two uploads finish at the same moment: one fits, the other is refused', async () => {
    const { user, tus } = await signedInUploader();
    const userId: string = (await user.get('/api/me')).body.id;
    const png = await pngOf(300, 200);
    const urls = await Promise.all(
      ['first.png', 'second.png'].map(async (name) => tus.urlOf((await tus.create(png.length, name)).headers.get('location') ?? '')),
    );
    // Started with room for both; by the time they finish, room for one of the two, not both.
    const taken = 100 * MiB - Math.floor(png.length * 1.5);
    await server.context.database.db.insert(media).values({
      id: `quota-race-${userId}`,
      ownerId: userId,
      kind: 'video',
      mime: 'video/mp4',
      sizeBytes: taken,
      originalKey: `originals/quota-race-${userId}`,
      status: 'ready',
    });
    const finished = await Promise.all(urls.map((url) => tus.patch(url, 0, png)));
    expect(finished.map((response) => response.status).sort()).toEqual([200, 413]);
    const usage = (await user.get('/api/media/usage')).body;
    expect(usage.usedBytes).toBe(taken + png.length);
    expect(usage.usedBytes).toBeLessThanOrEqual(usage.quotaBytes);
    const rows = await server.context.database.db.select().from(media).where(eq(media.ownerId, userId));
    expect(rows).toHaveLength(2);
    // The refused file's bytes are gone from media storage.
    const kept = new Set(rows.map((row) => row.originalKey));
    for (const url of urls) {
      const id = uploadIdOf(url);
      expect(Boolean(await server.context.storage.stat(`originals/${id}`))).toBe(kept.has(`originals/${id}`));
    }
  });

  it('counts unfinished uploads against the quota from their declared length, and caps how many are open', async () => {
    const { user, tus } = await signedInUploader();
    const userId: string = (await user.get('/api/me')).body.id;
    const reserved = () => server.context.database.db.select().from(uploadReservations).where(eq(uploadReservations.ownerId, userId));
    // 60 MiB left: six uploads of 10 MiB each, left one byte short of the end, fill it; a seventh does not fit.
    await server.context.database.db.insert(media).values({
      id: `quota-open-${userId}`,
      ownerId: userId,
      kind: 'video',
      mime: 'video/mp4',
      sizeBytes: 40 * MiB,
      originalKey: `originals/quota-open-${userId}`,
      status: 'ready',
    });
    const open: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await tus.create(10 * MiB, `part${i}.mov`);
      expect(created.status).toBe(201);
      open.push(tus.urlOf(created.headers.get('location') ?? ''));
    }
    const seventh = await tus.create(10 * MiB, 'one-more.mov');
    expect([seventh.status, (await json(seventh)).type]).toEqual([413, 'storage_quota_exceeded']);
    expect(await reserved()).toHaveLength(6);

    // A length left for later is refused: a file must say how large it is when it starts.
    const deferred = await fetch(`${server.baseUrl}${UPLOADS_PATH}`, {
      method: 'POST',
      headers: { ...tus.headers(), 'upload-defer-length': '1' },
    });
    expect([deferred.status, (await json(deferred)).type]).toEqual([400, 'upload_length_required']);

    // Cancelling one gives its room back at once.
    expect((await fetch(open[0] as string, { method: 'DELETE', headers: tus.headers() })).status).toBe(204);
    await vi.waitFor(async () => expect(await reserved()).toHaveLength(5));
    expect((await tus.create(10 * MiB, 'fits-now.mov')).status).toBe(201);

    // However small, at most ten are open at once.
    await server.context.media.deleteMedia(`quota-open-${userId}`);
    for (let i = 0; i < 4; i++) expect((await tus.create(100, `tiny${i}.png`)).status).toBe(201);
    const eleventh = await tus.create(100, 'tiny-extra.png');
    expect([eleventh.status, (await json(eleventh)).type]).toEqual([429, 'too_many_open_uploads']);

    // A finished upload holds nothing as an open one.
    const png = await pngOf(40, 30);
    await Promise.all(
      (await reserved()).map(({ id }) => fetch(`${server.baseUrl}${UPLOADS_PATH}/${id}`, { method: 'DELETE', headers: tus.headers() })),
    );
    await vi.waitFor(async () => expect(await reserved()).toHaveLength(0));
    expect((await tus.upload(png, 'done.png')).status).toBe(201);
    expect(await reserved()).toHaveLength(0);
  });

  it('never serves upload bytes back', async () => {
    const { tus } = await signedInUploader();
    const created = await tus.create(20, 'note.png', Buffer.from('0123456789'));
    const url = tus.urlOf(created.headers.get('location') ?? '');
    const read = await fetch(url, { headers: tus.headers() });
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain('0123456789');
  });

  it('deletes unfinished uploads once they expire', async () => {
    const { tus } = await signedInUploader();
    const stale = tus.urlOf((await tus.create(1000, 'stale.png')).headers.get('location') ?? '');
    const fresh = tus.urlOf((await tus.create(1000, 'fresh.png')).headers.get('location') ?? '');
    await tus.patch(stale, 0, Buffer.alloc(10));

    // Started 25 hours ago, by its record in the upload store.
    await server.context.database.db
      .update(resumableUploads)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(resumableUploads.id, uploadIdOf(stale)));
    expect(await keptOf(stale)).toEqual({ records: 1, chunkFiles: 2 });

    const sweep = await server.context.jobs.enqueue('uploads.cleanup', {}, { id: `uploads.cleanup:test-${Date.now()}` });
    await vi.waitFor(
      async () => {
        const [job] = await server.context.database.db.select().from(jobs).where(eq(jobs.id, sweep));
        expect(job?.status).toBe('done');
      },
      { timeout: 10_000 },
    );
    expect(await keptOf(stale)).toEqual(NOTHING_KEPT);
    expect((await fetch(stale, { method: 'HEAD', headers: tus.headers() })).status).toBe(404);
    expect(await tus.offset(fresh)).toBe(0);
  });
});
