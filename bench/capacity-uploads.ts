/**
 * Uploads in flight, through tus as the web app sends them: many members on slow connections each
 * sending a file at a trickle (what the servers hold open at once, and what each open upload costs
 * them), then a few on fast ones sending 5 MiB chunks back to back (the bytes a
 * second it takes in). The file is a real JPEG of a few pixels made big by comment segments, so
 * what follows an upload (sniffing, a thumbnail) costs little and the figures are the upload's own.
 */
import { readdirSync } from 'node:fs';
import { UPLOAD_CHUNK_BYTES, UPLOADS_PATH } from '@aurum/core';
import sharp from 'sharp';
import type { Viewer } from './capacity-sockets.js';
import { readMemory } from './compiled-server.js';
import { cpuSecondsByPid } from './server.js';
import { percentile } from './target.js';

const COMMENT_BYTES = 65_533;

/** A valid JPEG of `bytes` bytes (to the comment segment): a small picture behind comment segments of filler. */
async function paddedJpeg(bytes: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c9a227' } })
    .jpeg()
    .toBuffer();
  const segments: Buffer[] = [];
  let size = picture.length;
  while (size + 4 < bytes) {
    const length = Math.min(COMMENT_BYTES, bytes - size - 4);
    const header = Buffer.from([0xff, 0xfe, ((length + 2) >> 8) & 0xff, (length + 2) & 0xff]);
    segments.push(header, Buffer.alloc(length, 0x20));
    size += length + 4;
  }
  // After the start-of-image marker, before the rest of the picture.
  return Buffer.concat([picture.subarray(0, 2), ...segments, picture.subarray(2)]);
}

/**
 * Where requests go (an instance or the balancer), the product's public address the web app sends
 * them from, the servers whose CPU and memory are counted and, when media go to S3, its stand-in's.
 */
export interface UploadTarget {
  baseUrl: string;
  origin: string;
  pids: readonly number[];
  storePid?: number;
  viewers: readonly Viewer[];
}

const rssOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + readMemory(pid).rss, 0);
const openFilesOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + readdirSync(`/proc/${pid}/fd`).length, 0);
const cpuOf = (pids: readonly number[]) => [...cpuSecondsByPid(pids).values()].reduce((sum, seconds) => sum + seconds, 0);

/** CPU in cores of the servers, the S3 stand-in and this load generator from now until `stop` is called. */
function cpuMeter(target: UploadTarget) {
  const store = target.storePid ? [target.storePid] : [];
  const servers = cpuOf(target.pids);
  const stored = cpuOf(store);
  const own = process.cpuUsage();
  return (seconds: number) => {
    const used = process.cpuUsage(own);
    return {
      cores: (cpuOf(target.pids) - servers) / seconds,
      storeCores: (cpuOf(store) - stored) / seconds,
      loadGeneratorCores: (used.user + used.system) / 1e6 / seconds,
    };
  };
}

function tusHeaders(target: UploadTarget, viewer: Viewer, extra: Record<string, string>): Record<string, string> {
  return { 'tus-resumable': '1.0.0', origin: target.origin, cookie: viewer.cookie, ...extra };
}

async function createUpload(target: UploadTarget, viewer: Viewer, length: number): Promise<string> {
  const response = await fetch(target.baseUrl + UPLOADS_PATH, {
    method: 'POST',
    headers: tusHeaders(target, viewer, {
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('bench.jpg').toString('base64')},filetype ${Buffer.from('image/jpeg').toString('base64')}`,
    }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return new URL(response.headers.get('location') ?? '', target.baseUrl).toString();
}

/**
 * Sends the whole file in one request; resolves with what came of it: `200` with the media once its
 * last byte is in, else the status and the error's type, or the network error.
 */
async function sendWhole(target: UploadTarget, url: string, viewer: Viewer, body: Buffer | ReadableStream<Uint8Array>): Promise<string> {
  try {
    const response = await fetch(url, {
      method: 'PATCH',
      headers: tusHeaders(target, viewer, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
      body,
      duplex: 'half',
    } as RequestInit);
    const text = await response.text();
    if (response.status === 200) return '200';
    return `${response.status} ${/"type":"([^"]+)"/.exec(text)?.[1] ?? text.slice(0, 40)}`;
  } catch (error) {
    return `no answer: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
  }
}

/** How many of `outcomes` are not `200`, by outcome: '12 × 500 general_server_error'. */
function failuresOf(outcomes: string[]): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) if (outcome !== '200') counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, count]) => `${count} × ${outcome}`).join(', ');
}

/** `bytes` as a stream of `pieceBytes` pieces, one every `everyMs`: a slow connection. */
function trickle(bytes: Buffer, pieceBytes: number, everyMs: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= bytes.length) {
        controller.close();
        return;
      }
      if (sent > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
      controller.enqueue(bytes.subarray(sent, sent + pieceBytes));
      sent += pieceBytes;
    },
  });
}

export interface SlowUploadsRun {
  inFlight: number;
  fileMiB: number;
  seconds: number;
  /** Resident growth and open files of the instance with every upload in flight, per 100 uploads. */
  rssMiBPer100: number;
  openFilesPer100: number;
  cores: number;
  storeCores: number;
  loadGeneratorCores: number;
  finished: number;
  /** What came of the others, if any. */
  failures: string;
}

/** `count` members each sending one file over a slow connection, all at once. */
export async function slowUploads(
  target: UploadTarget,
  options: {
    count: number;
    fileBytes: number;
    /** Each connection's speed: a piece of this size every 100 ms. */
    pieceBytes: number;
  },
): Promise<SlowUploadsRun> {
  const { pids, viewers } = target;
  const { count, fileBytes, pieceBytes } = options;
  const file = await paddedJpeg(fileBytes);
  const uploaders = viewers.slice(0, count);
  if (uploaders.length < count) throw new Error(`only ${viewers.length} viewers for ${count} uploads`);
  const urls = await Promise.all(uploaders.map((viewer) => createUpload(target, viewer, file.length)));
  const rssBefore = rssOf(pids);
  const filesBefore = openFilesOf(pids);
  const cpu = cpuMeter(target);
  const started = performance.now();
  const sends = uploaders.map((viewer, index) => sendWhole(target, urls[index] as string, viewer, trickle(file, pieceBytes, 100)));
  // Half-way through, every upload is in flight.
  const transferMs = (file.length / pieceBytes) * 100;
  await new Promise((resolve) => setTimeout(resolve, transferMs / 2));
  const rssDuring = rssOf(pids);
  const filesDuring = openFilesOf(pids);
  const outcomes = await Promise.all(sends);
  const seconds = (performance.now() - started) / 1000;
  return {
    inFlight: count,
    fileMiB: file.length / 2 ** 20,
    seconds,
    rssMiBPer100: ((rssDuring - rssBefore) / count) * 100,
    openFilesPer100: ((filesDuring - filesBefore) / count) * 100,
    ...cpu(seconds),
    finished: outcomes.filter((outcome) => outcome === '200').length,
    failures: failuresOf(outcomes),
  };
}

export interface FastUploadsRun {
  concurrent: number;
  /** Files sent, and those the server took. */
  chunks: number;
  finished: number;
  mibPerSecond: number;
  chunkP50: number;
  chunkP99: number;
  cores: number;
  storeCores: number;
  loadGeneratorCores: number;
  /** The servers' resident memory at its highest, together. */
  peakRssMiB: number;
  /** What came of those not finished, if any. */
  failures: string;
}

/** `concurrent` members each uploading 5 MiB files (one chunk each) back to back for `seconds`. */
export async function fastUploads(target: UploadTarget, options: { concurrent: number; seconds: number }): Promise<FastUploadsRun> {
  const { pids, viewers } = target;
  const { concurrent, seconds } = options;
  const file = await paddedJpeg(UPLOAD_CHUNK_BYTES);
  const chunkTimes: number[] = [];
  const failed: string[] = [];
  let peakRss = 0;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(pids));
  }, 100);
  const cpu = cpuMeter(target);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrent }, async (_unused, lane) => {
      // Each lane is a different member, so none meets the limit of open uploads.
      for (let round = 0; performance.now() < until; round++) {
        const viewer = viewers[(lane + round * concurrent) % viewers.length] as Viewer;
        const url = await createUpload(target, viewer, file.length);
        const sent = performance.now();
        const outcome = await sendWhole(target, url, viewer, file);
        if (outcome === '200') chunkTimes.push(performance.now() - sent);
        else failed.push(outcome);
      }
    }),
  );
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;
  return {
    concurrent,
    chunks: chunkTimes.length + failed.length,
    finished: chunkTimes.length,
    mibPerSecond: (chunkTimes.length * file.length) / 2 ** 20 / elapsed,
    chunkP50: percentile(chunkTimes, 50),
    chunkP99: percentile(chunkTimes, 99),
    ...cpu(elapsed),
    peakRssMiB: peakRss,
    failures: failuresOf(failed),
  };
}
