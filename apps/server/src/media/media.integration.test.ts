import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MEDIA_STATUS_EVENT, type MediaStatusEventData, THUMB_HEIGHT, THUMB_WIDTH, userChannel } from '@aurum/core';
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jpegWithLocation, pngBomb, TEST_CAMERA, TEST_LOCATION, writeAudio, writeVideo } from '../../test/media-fixtures.js';
import { openSocket, subscribe } from '../../test/realtime-client.js';
import { ApiClient, startTestServer, TEST_DRIVER, type TestServer } from '../../test/test-server.js';
import { TusTestClient } from '../../test/tus-client.js';
import { jobs, media } from '../db/schema.js';
import { JobQueue } from '../jobs/queue.js';
import { MediaService, PROCESS_JOB, PROCESS_VIDEO_JOB } from './service.js';
import { type MediaTools, probe, resolveMediaTools } from './tools.js';

/** The JSON body of a response, untyped as the API's answers are checked field by field. */
const json = (response: Response): Promise<any> => response.json();

let server: TestServer;
let workDir: string;
let tools: MediaTools;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'aurum-media-test-'));
  server = await startTestServer({ DATA_DIR: path.join(workDir, 'data') });
  tools = await resolveMediaTools(server.context.config, pino({ level: 'silent' }));
});
afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

let counter = 0;
async function creator() {
  const user = new ApiClient(server);
  await user.register(`maker${++counter}-${Date.now()}@example.com`, `maker_${counter}_${Date.now() % 100000}`);
  return user;
}

/** Uploads through the tus endpoint and waits for processing to end; returns the status. */
async function uploadAndProcess(user: ApiClient, bytes: Buffer, fileName: string) {
  const response = await new TusTestClient(server, user).upload(bytes, fileName);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  const { mediaId } = await json(response);
  return waitForProcessing(user, mediaId);
}

function waitForProcessing(user: ApiClient, mediaId: string) {
  return vi.waitFor(
    async () => {
      const status = await user.get(`/api/media/${mediaId}/status`);
      expect(status.status).toBe(200);
      expect(status.body.status).not.toBe('processing');
      return status.body;
    },
    { timeout: 60_000, interval: 100 },
  );
}

const derivative = async (mediaId: string, kind: Parameters<MediaService['openDerivative']>[1]) => {
  const object = await server.context.media.openDerivative(mediaId, kind);
  return { bytes: Buffer.concat(await object.stream.toArray()), contentType: object.contentType };
};

/** The EXIF GPS-info pointer (tag 0x8825), in either byte order. */
const hasGpsTag = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

const ffprobe = () => tools.ffprobe ?? 'ffprobe';

// Video work is slow when other suites share the CPU.
describe(`media processing (${TEST_DRIVER})`, { timeout: 120_000 }, () => {
  it('makes the preview, blurred versions and placeholder of a photo, with no EXIF or location left', async () => {
    const user = await creator();
    const photo = await jpegWithLocation(1600, 1200);
    const original = await sharp(photo).metadata();
    expect(original.exif && hasGpsTag(original.exif)).toBe(true);
    expect(photo.includes(Buffer.from(TEST_CAMERA))).toBe(true);

    const status = await uploadAndProcess(user, photo, 'beach.jpg');
    expect(status).toMatchObject({
      status: 'ready',
      kind: 'image',
      mime: 'image/jpeg',
      width: 1600,
      height: 1200,
      durationMs: null,
      failureReason: null,
      derivatives: { thumb: true, blur: true, blurThumb: true, poster: false, playable: true },
    });

    const expectedSizes = {
      thumb: [THUMB_WIDTH, THUMB_HEIGHT],
      blurThumb: [THUMB_WIDTH, THUMB_HEIGHT],
      blur: [1280, 960],
      playable: [1600, 1200],
    };
    for (const [kind, [width, height]] of Object.entries(expectedSizes)) {
      const { bytes, contentType } = await derivative(status.id, kind as keyof typeof expectedSizes);
      const meta = await sharp(bytes).metadata();
      expect({ kind, width: meta.width, height: meta.height }).toEqual({ kind, width, height });
      expect(contentType).toBe(`image/${meta.format}`);
      expect({ kind, exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ kind, exif: undefined, xmp: undefined, iptc: undefined });
      expect(bytes.includes(Buffer.from(TEST_CAMERA)), kind).toBe(false);
    }

    // Blurred beyond recognition: the photo's grain (its detail) is gone.
    const grain = async (bytes: Buffer) => (await sharp(bytes).greyscale().stats()).channels[0]?.stdev ?? 0;
    expect(await grain(photo)).toBeGreaterThan(20);
    expect(await grain((await derivative(status.id, 'blur')).bytes)).toBeLessThan(3);
    expect(await grain((await derivative(status.id, 'blurThumb')).bytes)).toBeLessThan(3);

    const placeholder = thumbHashToRGBA(Buffer.from(status.placeholder, 'base64'));
    expect(placeholder.w).toBeGreaterThan(0);
    expect(placeholder.h).toBeGreaterThan(0);
    expect(placeholder.w / placeholder.h).toBeCloseTo(4 / 3, 0);
    expect(placeholder.rgba.length).toBe(placeholder.w * placeholder.h * 4);
  });

  it('turns a phone photo upright before its orientation tag is dropped', async () => {
    const user = await creator();
    // Stored 300x200 with "rotate 90° clockwise to view" (EXIF orientation 6): shown 200x300.
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const status = await uploadAndProcess(user, sideways, 'portrait.jpg');
    expect(status).toMatchObject({ status: 'ready', width: 200, height: 300 });
    const full = await sharp((await derivative(status.id, 'playable')).bytes).metadata();
    expect({ width: full.width, height: full.height, orientation: full.orientation }).toEqual({
      width: 200,
      height: 300,
      orientation: undefined,
    });
  });

  it('copies an already playable video without its location and title, with a poster and previews', async () => {
    const user = await creator();
    const file = path.join(workDir, 'tagged.mp4');
    await writeVideo(file, { seconds: 2, width: 480, height: 270, codec: 'h264', tagged: true });
    const source = await readFile(file);
    const sourceProbe = await probe(ffprobe(), file);
    expect(sourceProbe.format.tags).toMatchObject({ location: TEST_LOCATION, title: 'Holiday at home' });

    const status = await uploadAndProcess(user, source, 'walk.mp4');
    expect(status).toMatchObject({
      status: 'ready',
      kind: 'video',
      width: 480,
      height: 270,
      derivatives: { thumb: true, blur: true, blurThumb: true, poster: true, playable: true },
    });
    expect(status.durationMs).toBeGreaterThan(1800);
    expect(status.durationMs).toBeLessThan(2300);

    const playable = await derivative(status.id, 'playable');
    expect(playable.contentType).toBe('video/mp4');
    const served = path.join(workDir, 'served.mp4');
    await writeFile(served, playable.bytes);
    const probed = await probe(ffprobe(), served);
    expect(probed.format.tags?.location).toBeUndefined();
    expect(probed.format.tags?.title).toBeUndefined();
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    // Copied, not re-encoded: the encoder's profile is the source's (a conversion would make High).
    expect(probed.streams[0]?.profile).toBe(sourceProbe.streams[0]?.profile);
    expect(probed.streams[0]?.profile).not.toBe('High');
    expect(playable.bytes.includes(Buffer.from(TEST_LOCATION))).toBe(false);
    expect(playable.bytes.includes(Buffer.from('Holiday at home'))).toBe(false);

    const poster = await sharp((await derivative(status.id, 'poster')).bytes).metadata();
    expect({ width: poster.width, height: poster.height, exif: poster.exif }).toEqual({ width: 480, height: 270, exif: undefined });
    const thumb = await sharp((await derivative(status.id, 'thumb')).bytes).metadata();
    expect([thumb.width, thumb.height]).toEqual([THUMB_WIDTH, THUMB_HEIGHT]);
  });

  it('keeps MP3 sound as it is, without its tags, and converts FLAC to AAC', async () => {
    const user = await creator();
    const mp3 = path.join(workDir, 'tone.mp3');
    await writeAudio(mp3, 2);
    const kept = await uploadAndProcess(user, await readFile(mp3), 'tone.mp3');
    expect(kept).toMatchObject({
      status: 'ready',
      kind: 'audio',
      mime: 'audio/mpeg',
      width: null,
      placeholder: null,
      derivatives: { thumb: false, blur: false, blurThumb: false, poster: false, playable: true },
    });
    expect(Math.abs(kept.durationMs - 2000)).toBeLessThan(150);
    const keptBytes = await derivative(kept.id, 'playable');
    expect(keptBytes.contentType).toBe('audio/mpeg');
    expect(keptBytes.bytes.includes(Buffer.from('Secret song'))).toBe(false);

    const flac = path.join(workDir, 'tone.flac');
    await writeAudio(flac, 1);
    const converted = await uploadAndProcess(user, await readFile(flac), 'tone.flac');
    expect(converted).toMatchObject({ status: 'ready', kind: 'audio', mime: 'audio/flac' });
    const m4a = await derivative(converted.id, 'playable');
    expect(m4a.contentType).toBe('audio/mp4');
    const served = path.join(workDir, 'served.m4a');
    await writeFile(served, m4a.bytes);
    expect((await probe(ffprobe(), served)).streams.map((stream) => stream.codec_name)).toEqual(['aac']);
  });

  it('fails a decompression bomb and broken files cleanly, with a reason, and keeps serving', async () => {
    const user = await creator();
    const bomb = pngBomb(50_000, 50_000);
    expect(bomb.length).toBeLessThan(5000);
    const bombed = await uploadAndProcess(user, bomb, 'tiny.png');
    expect(bombed).toMatchObject({
      status: 'failed',
      kind: 'image',
      failureReason: expect.stringMatching(/too large \(50000×50000 pixels\)/),
    });
    expect(bombed.derivatives).toEqual({ thumb: false, blur: false, blurThumb: false, poster: false, playable: false });

    const photo = await jpegWithLocation(800, 600);
    const truncated = await uploadAndProcess(user, photo.subarray(0, Math.floor(photo.length / 2)), 'cut.jpg');
    expect(truncated).toMatchObject({ status: 'failed', failureReason: 'The image is damaged or incomplete and could not be processed.' });

    // Without "faststart" an MP4's index comes last, so the first half of one cannot be read at all.
    const file = path.join(workDir, 'whole.mp4');
    await writeVideo(file, { seconds: 2, width: 320, height: 240, codec: 'h264' });
    const clip = await readFile(file);
    const cutVideo = await uploadAndProcess(user, clip.subarray(0, Math.floor(clip.length / 2)), 'cut.mp4');
    expect(cutVideo).toMatchObject({ status: 'failed', kind: 'video', failureReason: expect.stringMatching(/could not be read/) });

    // Broken files are not retried: one attempt each.
    const failedJobs = await server.context.database.db
      .select()
      .from(jobs)
      .where(and(inArray(jobs.type, [PROCESS_JOB, PROCESS_VIDEO_JOB]), eq(jobs.status, 'failed')));
    for (const id of [`${PROCESS_JOB}:${bombed.id}`, `${PROCESS_JOB}:${truncated.id}`, `${PROCESS_VIDEO_JOB}:${cutVideo.id}`]) {
      expect(failedJobs.find((job) => job.id === id)).toMatchObject({ attempts: 1 });
    }
    expect((await user.get('/api/health')).status).toBe(200);
  });

  it("tells the owner's open tabs live how a conversion or a photo goes and when it is done or failed", async () => {
    const user = await creator();
    const userId: string = (await user.get('/api/me')).body.id;
    const connection = openSocket(server, { cookie: user.cookie });
    await subscribe(connection, userChannel(userId));
    const statusEvents = () =>
      connection.received
        .filter((message) => message.type === 'event' && message.event === MEDIA_STATUS_EVENT)
        .map((message) => (message as { data: MediaStatusEventData }).data);

    // MPEG-4 Part 2 does not play in browsers: it is converted, and the conversion reports progress.
    const file = path.join(workDir, 'convert-me.mkv');
    await writeVideo(file, { seconds: 3, width: 320, height: 240, codec: 'mpeg4' });
    const converted = await uploadAndProcess(user, await readFile(file), 'convert-me.mkv');
    expect(converted.status).toBe('ready');
    await vi.waitFor(() => expect(statusEvents()).toContainEqual({ mediaId: converted.id, status: 'ready' }));
    const progress = statusEvents().filter((event) => event.mediaId === converted.id && event.status === 'processing');
    expect(progress.length).toBeGreaterThan(0);
    for (const event of progress) expect(event.progress).toBeGreaterThanOrEqual(0);
    expect(progress.map((event) => event.progress)).toEqual(
      [...progress.map((event) => event.progress)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );

    // A photo tells its steps too: fetched, made, each derivative stored, then ready.
    const photo = await uploadAndProcess(user, await jpegWithLocation(800, 600), 'steps.jpg');
    await vi.waitFor(() => expect(statusEvents()).toContainEqual({ mediaId: photo.id, status: 'ready' }));
    const steps = statusEvents()
      .filter((event) => event.mediaId === photo.id && event.status === 'processing')
      .map((event) => event.progress);
    expect(steps.slice(0, 3)).toEqual([0, 10, 80]);
    expect(steps.length).toBeGreaterThan(3);
    expect(steps).toEqual([...steps].sort((a, b) => (a ?? 0) - (b ?? 0)));

    const broken = await uploadAndProcess(user, pngBomb(40_000, 40_000), 'bomb.png');
    await vi.waitFor(() => expect(statusEvents()).toContainEqual({ mediaId: broken.id, status: 'failed' }));
    connection.socket.close();
  });

  it('shows the status to the owner only, and lets the owner delete an unused upload', async () => {
    const owner = await creator();
    const status = await uploadAndProcess(owner, await jpegWithLocation(200, 100), 'small.jpg');

    const stranger = await creator();
    const hidden = await stranger.get(`/api/media/${status.id}/status`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.type).toBe('not_found');
    expect((await stranger.delete(`/api/media/${status.id}`)).status).toBe(404);
    expect((await new ApiClient(server).get(`/api/media/${status.id}/status`)).status).toBe(401);
    expect((await owner.get('/api/media/no-such-media/status')).status).toBe(404);

    const [row] = await server.context.database.db.select().from(media).where(eq(media.id, status.id));
    expect(await server.context.storage.stat(row?.originalKey ?? '')).not.toBeNull();
    expect((await owner.delete(`/api/media/${status.id}`)).status).toBe(204);
    expect((await owner.get(`/api/media/${status.id}/status`)).status).toBe(404);
    expect(await server.context.storage.stat(row?.originalKey ?? '')).toBeNull();
    expect(await server.context.storage.stat(`derived/${status.id}/thumb`)).toBeNull();
  });

  it('finishes a processing job whose worker died mid-way, once its lease runs out, in a new worker', async () => {
    const owner = await creator();
    // The server's own worker is stopped, as if the process had died.
    await server.context.jobs.stop();
    try {
      const response = await new TusTestClient(server, owner).upload(await jpegWithLocation(640, 480), 'crash.jpg');
      const { mediaId } = await json(response);
      const jobId = `${PROCESS_JOB}:${mediaId}`;
      const db = server.context.database.db;
      // What the dead worker left: the job claimed, one attempt used, the lease still running.
      await db
        .update(jobs)
        .set({ status: 'running', attempts: 1, lockedUntil: new Date(server.context.now().getTime() + 5 * 60 * 1000) })
        .where(eq(jobs.id, jobId));

      const restarted = new JobQueue({ db, now: server.context.now, logger: pino({ level: 'silent' }), pollMs: 20 });
      new MediaService({
        db,
        storage: server.context.storage,
        jobs: restarted,
        tools,
        logger: pino({ level: 'silent' }),
        now: server.context.now,
      });
      restarted.start();
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await owner.get(`/api/media/${mediaId}/status`)).body.status).toBe('processing');

        server.advanceClock(5 * 60 * 1000 + 1000);
        const status = await waitForProcessing(owner, mediaId);
        expect(status).toMatchObject({ status: 'ready', width: 640, height: 480 });
        // The media is ready a moment before the job records its own end.
        await vi.waitFor(async () => {
          const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
          expect(job).toMatchObject({ status: 'done', attempts: 2 });
        });
      } finally {
        await restarted.stop();
      }
    } finally {
      server.context.jobs.start();
    }
  });
});
