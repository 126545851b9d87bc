import { stat } from 'node:fs/promises';
import path from 'node:path';
import { PermanentJobError } from '../jobs/queue.js';
import {
  audioStreamOf,
  displaySize,
  durationMsOf,
  type MediaTools,
  type Probe,
  type ProbeStream,
  probe,
  runTool,
  ToolError,
  videoStreamOf,
} from './tools.js';

/** Sanity limits checked on ffprobe's findings before any decoding. */
const MAX_VIDEO_SIDE_PX = 8192;
const MAX_DURATION_MS = 6 * 60 * 60 * 1000;
/** Output videos are at most this large on their longer side. */
const MAX_OUTPUT_SIDE_PX = 1920;

/** Whatever a file claims, ffmpeg is stopped after this long, so no upload can hold a worker for a day. */
const MAX_TOOL_TIME_MS = 3 * 60 * 60 * 1000;
/** A file that does not say how long it is gets this long. */
const UNKNOWN_DURATION_TOOL_TIME_MS = 15 * 60 * 1000;

/** ffmpeg gets a minute plus three times the media's length, within an absolute cap. */
const toolTimeoutMs = (durationMs: number | null) =>
  durationMs === null ? UNKNOWN_DURATION_TOOL_TIME_MS : Math.min(60_000 + 3 * durationMs, MAX_TOOL_TIME_MS);

/**
 * Flags that drop every tag (global, per stream, chapters), so no location, device or name
 * written by a phone reaches a viewer. Streams are picked with -map, which leaves data tracks
 * (GPS logs, for one) behind as well.
 */
const STRIP_METADATA = ['-map_metadata', '-1', '-map_metadata:s:v', '-1', '-map_metadata:s:a', '-1', '-map_chapters', '-1'];
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
/** The conversion for videos browsers cannot play: H.264 (8-bit 4:2:0) and AAC, at most MAX_OUTPUT_SIDE_PX on a side. */
const TO_H264_AAC = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
  ...[
    '-vf',
    `scale=w=min(iw\\,${MAX_OUTPUT_SIDE_PX}):h=min(ih\\,${MAX_OUTPUT_SIDE_PX}):force_original_aspect_ratio=decrease:force_divisible_by=2`,
  ],
  ...['-c:a', 'aac', '-b:a', '160k', '-ac', '2'],
];

export interface PlayableFile {
  path: string;
  contentType: string;
}

export interface VideoResult {
  kind: 'video';
  width: number | null;
  height: number | null;
  durationMs: number | null;
  playable: PlayableFile;
  /** A still frame (PNG) for the poster and the picture derivatives. */
  frame: string;
}

export interface AudioResult {
  kind: 'audio';
  durationMs: number | null;
  playable: PlayableFile;
}

function requireTool(binary: string | null): string {
  if (!binary) throw new PermanentJobError('Video and sound cannot be processed: this server has no ffmpeg installed.');
  return binary;
}

async function probeOrRefuse(tools: MediaTools, file: string, signal: AbortSignal): Promise<Probe> {
  try {
    return await probe(requireTool(tools.ffprobe), file, signal);
  } catch (error) {
    if (error instanceof ToolError && !signal.aborted) {
      throw new PermanentJobError('The file could not be read. It may be damaged or in a format that is not supported.', { cause: error });
    }
    throw error;
  }
}

/** How far a conversion has got, from 0 to 1. */
export type ProgressListener = (fraction: number) => void;

/** ffmpeg's `-progress` report: `out_time_us=...` is how much of the output is written. */
function progressReader(durationMs: number | null, onProgress: ProgressListener | undefined) {
  if (!onProgress || !durationMs) return undefined;
  return (line: string) => {
    const match = /^out_time_us=(\d+)$/.exec(line.trim());
    if (match) onProgress(Math.min(1, Number(match[1]) / 1000 / durationMs));
  };
}

/** Runs ffmpeg; a failure on a readable file means the file is broken, which retrying cannot mend. */
async function ffmpeg(
  tools: MediaTools,
  args: string[],
  durationMs: number | null,
  signal: AbortSignal,
  failure: string,
  onProgress?: ProgressListener,
): Promise<void> {
  const onStdoutLine = progressReader(durationMs, onProgress);
  const progressArgs = onStdoutLine ? ['-progress', 'pipe:1', '-nostats'] : [];
  try {
    await runTool(requireTool(tools.ffmpeg), [...COMMON, ...progressArgs, ...args], {
      timeoutMs: toolTimeoutMs(durationMs),
      signal,
      background: true,
      onStdoutLine,
    });
  } catch (error) {
    if (!(error instanceof ToolError) || signal.aborted) throw error;
    const reason = error.timedOut ? `${failure} It took too long to process.` : `${failure} It may be damaged or incomplete.`;
    throw new PermanentJobError(reason, { cause: error });
  }
}

function checkDuration(durationMs: number | null): void {
  if (durationMs !== null && durationMs > MAX_DURATION_MS) {
    throw new PermanentJobError(`The file is too long; the limit is ${MAX_DURATION_MS / 3_600_000} hours.`);
  }
}

/** H.264 in 8-bit 4:2:0 with AAC or MP3 sound (or none) plays in every browser once it is in an MP4. */
function isWebPlayable(video: ProbeStream, audio: ProbeStream | undefined): boolean {
  const videoOk = video.codec_name === 'h264' && (video.pix_fmt === 'yuv420p' || video.pix_fmt === 'yuvj420p');
  return videoOk && (!audio || audio.codec_name === 'aac' || audio.codec_name === 'mp3');
}

/**
 * A video's playable MP4 (copied into a fresh MP4 when its streams already play in browsers,
 * else transcoded to H.264/AAC at most 1080p-class), its duration and size, and a frame.
 * A "video" file holding only sound is handled as audio.
 */
export async function processVideo(
  tools: MediaTools,
  input: string,
  workDir: string,
  signal: AbortSignal,
  onProgress?: ProgressListener,
): Promise<VideoResult | AudioResult> {
  const probed = await probeOrRefuse(tools, input, signal);
  const video = videoStreamOf(probed);
  const audio = audioStreamOf(probed);
  if (!video) {
    if (audio) return processAudio(tools, input, workDir, signal, probed);
    throw new PermanentJobError('The file contains no video or sound that can be played.');
  }
  const size = displaySize(video);
  if (size && (size.width > MAX_VIDEO_SIDE_PX || size.height > MAX_VIDEO_SIDE_PX)) {
    throw new PermanentJobError(
      `The video is too large (${size.width}×${size.height}); the limit is ${MAX_VIDEO_SIDE_PX} pixels on a side.`,
    );
  }
  const inputDurationMs = durationMsOf(probed);
  checkDuration(inputDurationMs);

  const playable = path.join(workDir, 'playable.mp4');
  const streams = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'];
  const encode = isWebPlayable(video, audio) ? ['-c', 'copy'] : TO_H264_AAC;
  await ffmpeg(
    tools,
    ['-i', input, ...streams, ...STRIP_METADATA, ...encode, '-movflags', '+faststart', '-f', 'mp4', playable],
    inputDurationMs,
    signal,
    'The video could not be converted.',
    onProgress,
  );

  // The output is what viewers get, so its own numbers are the ones to keep.
  const output = await probeOrRefuse(tools, playable, signal);
  const outputVideo = videoStreamOf(output);
  const durationMs = durationMsOf(output) ?? inputDurationMs;
  checkDuration(durationMs);
  const shown = outputVideo ? displaySize(outputVideo) : null;

  const frame = path.join(workDir, 'frame.png');
  const grabAt = async (seconds: number) => {
    await ffmpeg(
      tools,
      [
        '-ss',
        seconds.toFixed(3),
        '-i',
        playable,
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        ...STRIP_METADATA,
        '-f',
        'image2',
        '-c:v',
        'png',
        frame,
      ],
      durationMs,
      signal,
      'No frame could be taken from the video.',
    );
    return stat(frame).then(
      (info) => info.size > 0,
      () => false,
    );
  };
  // A second in shows more than a fade from black; very short clips fall back to their first frame.
  const seekSeconds = Math.min(1, (durationMs ?? 0) / 2000);
  if (!(await grabAt(seekSeconds)) && !(seekSeconds > 0 && (await grabAt(0)))) {
    throw new PermanentJobError('No frame could be taken from the video.');
  }

  return {
    kind: 'video',
    width: shown?.width ?? null,
    height: shown?.height ?? null,
    durationMs,
    playable: { path: playable, contentType: 'video/mp4' },
    frame,
  };
}

/** Browser-playable sound kept as it is (only re-wrapped, without tags): codec -> container. */
const KEPT_AUDIO: Record<string, { format: string; extension: string; contentType: string }> = {
  mp3: { format: 'mp3', extension: 'mp3', contentType: 'audio/mpeg' },
  aac: { format: 'ipod', extension: 'm4a', contentType: 'audio/mp4' },
  vorbis: { format: 'ogg', extension: 'ogg', contentType: 'audio/ogg' },
  opus: { format: 'ogg', extension: 'ogg', contentType: 'audio/ogg' },
  pcm_s16le: { format: 'wav', extension: 'wav', contentType: 'audio/wav' },
  pcm_s24le: { format: 'wav', extension: 'wav', contentType: 'audio/wav' },
  pcm_u8: { format: 'wav', extension: 'wav', contentType: 'audio/wav' },
  pcm_f32le: { format: 'wav', extension: 'wav', contentType: 'audio/wav' },
};
const AAC_M4A = { format: 'ipod', extension: 'm4a', contentType: 'audio/mp4' };

/**
 * Sound: MP3, AAC, Vorbis, Opus and WAV are kept (re-wrapped without tags or cover art);
 * anything else becomes AAC in an M4A. Also the duration.
 */
export async function processAudio(
  tools: MediaTools,
  input: string,
  workDir: string,
  signal: AbortSignal,
  probed?: Probe,
): Promise<AudioResult> {
  const found = probed ?? (await probeOrRefuse(tools, input, signal));
  const audio = audioStreamOf(found);
  if (!audio) throw new PermanentJobError('The file contains no sound that can be played.');
  const inputDurationMs = durationMsOf(found);
  checkDuration(inputDurationMs);

  const kept = KEPT_AUDIO[audio.codec_name ?? ''];
  const target = kept ?? AAC_M4A;
  const playable = path.join(workDir, `playable.${target.extension}`);
  const encode = kept ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k'];
  const container = target.format === 'ipod' ? ['-movflags', '+faststart'] : [];
  await ffmpeg(
    tools,
    ['-i', input, '-map', '0:a:0', '-vn', '-sn', '-dn', ...STRIP_METADATA, ...encode, ...container, '-f', target.format, playable],
    inputDurationMs,
    signal,
    'The sound could not be converted.',
  );
  const output = await probeOrRefuse(tools, playable, signal);
  const durationMs = durationMsOf(output) ?? inputDurationMs;
  checkDuration(durationMs);
  return { kind: 'audio', durationMs, playable: { path: playable, contentType: target.contentType } };
}
