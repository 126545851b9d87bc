import { deflateSync } from 'node:zlib';
import pino from 'pino';
import sharp from 'sharp';
import { resolveMediaTools, runTool } from '../src/media/tools.js';

/**
 * Synthetic media for the tests and the benchmark: every file is generated on the spot
 * (sharp for pictures, ffmpeg's test sources for video and sound), so no binary fixture is kept.
 */

/** Where the picture was "taken": the Eiffel Tower, as EXIF GPS and as a QuickTime location tag. */
export const TEST_LOCATION = '+48.8584+002.2945/';
export const TEST_CAMERA = 'AurumTestCam';

export async function ffmpegForTests(): Promise<string> {
  const { ffmpeg } = await resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: undefined }, pino({ level: 'silent' }));
  if (!ffmpeg) throw new Error('ffmpeg is needed to generate test media');
  return ffmpeg;
}

/** A JPEG of noise (so it does not compress away) carrying camera EXIF and a GPS position. */
export async function jpegWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: TEST_CAMERA, Model: 'Pocket 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 3024/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 17/1 4020/100' },
    })
    .toBuffer();
}

export function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 150, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A decompression bomb: a valid PNG of a few hundred bytes that declares width x height pixels. */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface VideoOptions {
  seconds: number;
  width: number;
  height: number;
  /** 'h264' + AAC is what browsers play; 'hevc' (what phones record) and 'mpeg4' + MP3 are not. */
  codec: 'h264' | 'hevc' | 'mpeg4';
  fps?: number;
  /** Film grain strength (0-100): grain cannot be compressed away, so it makes files as big as real footage. */
  noise?: number;
  /** Tags the file with TEST_LOCATION and a title, as phones do. */
  tagged?: boolean;
}

/** Writes a test-pattern video with a sine tone to `file` (its extension picks the container). */
export async function writeVideo(file: string, options: VideoOptions): Promise<void> {
  const filter = `testsrc2=size=${options.width}x${options.height}:rate=${options.fps ?? 25}${options.noise ? `,noise=alls=${options.noise}:allf=t` : ''}`;
  const codec = {
    h264: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    hevc: [
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-tag:v',
      'hvc1',
      '-pix_fmt',
      'yuv420p',
      '-x265-params',
      'log-level=error',
      '-c:a',
      'aac',
    ],
    mpeg4: ['-c:v', 'mpeg4', '-q:v', '3', '-c:a', 'libmp3lame'],
  }[options.codec];
  const tags = options.tagged ? ['-metadata', `location=${TEST_LOCATION}`, '-metadata', 'title=Holiday at home'] : [];
  await runTool(
    await ffmpegForTests(),
    [
      ...[
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        filter,
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=44100',
      ],
      ...['-t', String(options.seconds), ...codec, ...tags, file],
    ],
    { timeoutMs: 120_000 },
  );
}

/** Writes a sine tone to `file` (its extension picks the format), tagged with a title. */
export async function writeAudio(file: string, seconds: number): Promise<void> {
  await runTool(
    await ffmpegForTests(),
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:sample_rate=44100',
      '-t',
      String(seconds),
      '-metadata',
      'title=Secret song',
      file,
    ],
    { timeoutMs: 60_000 },
  );
}
