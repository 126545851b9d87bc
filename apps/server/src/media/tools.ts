import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { setPriority } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Config } from '../config/config.js';

/** The ffmpeg and ffprobe binaries; null when none could be found (video and audio then fail with a clear reason). */
export interface MediaTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

function findOnPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

const bundled = {
  ffmpeg: async () => (await import('@ffmpeg-installer/ffmpeg')).default.path,
  ffprobe: async () => (await import('@ffprobe-installer/ffprobe')).default.path,
};

/**
 * Picks each binary: FFMPEG_PATH / FFPROBE_PATH when set; else the system's on PATH (kept up
 * to date by the OS); else the static build bundled with the npm packages, which is old, so
 * a warning says so.
 */
export async function resolveMediaTools(
  config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>,
  logger: Logger,
  searchPath: string = process.env.PATH ?? '',
): Promise<MediaTools> {
  const resolve = async (name: 'ffmpeg' | 'ffprobe', configured: string | undefined): Promise<string | null> => {
    if (configured) return configured;
    const system = findOnPath(name, searchPath);
    if (system) return system;
    try {
      const file = await bundled[name]();
      logger.warn(
        `${name} is not on PATH: using the ${name} build bundled with the npm package (${file}). It is old and gets no security fixes; install your system's ffmpeg package or set ${name.toUpperCase()}_PATH.`,
      );
      return file;
    } catch (error) {
      logger.error({ err: error }, `${name} not found: video and audio uploads will fail until it is installed`);
      return null;
    }
  };
  return { ffmpeg: await resolve('ffmpeg', config.ffmpegPath), ffprobe: await resolve('ffprobe', config.ffprobePath) };
}

/** A media tool ran but exited with an error, ran out of time or was stopped. */
export class ToolError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
    public readonly timedOut = false,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

const STDERR_TAIL_BYTES = 4096;
const STDOUT_LIMIT_BYTES = 4 * 1024 * 1024;

/** The CPU priority of conversions: below the server's, so requests and photos come first when the cores are busy. */
const BACKGROUND_PRIORITY = 10;

/**
 * Runs a binary with arguments (no shell), killing it on timeout or abort; resolves with its
 * stdout. `background` lowers its CPU priority (a conversion that may take minutes);
 * `onStdoutLine` gets stdout line by line as it comes instead (the result is then empty).
 */
export function runTool(
  binary: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; background?: boolean; onStdoutLine?: (line: string) => void },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new ToolError(`${path.basename(binary)} was stopped`, ''));
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (options.background && child.pid) {
      try {
        setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Not allowed here (some containers): it runs at normal priority.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let partialLine = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdoutLine) {
        // Read as it comes (progress reports), never kept: a long run may print any amount.
        const lines = (partialLine + chunk.toString()).split('\n');
        partialLine = (lines.pop() ?? '').slice(-STDERR_TAIL_BYTES);
        for (const line of lines) options.onStdoutLine(line);
        return;
      }
      stdoutBytes += chunk.length;
      if (stdoutBytes <= STDOUT_LIMIT_BYTES) stdout.push(chunk);
      else child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_BYTES);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const name = path.basename(binary);
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      // Not the file's fault (a wrong path, too many processes): a plain error, so the job retries.
      reject(new Error(`${name} could not be started: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (code === 0 && stdoutBytes <= STDOUT_LIMIT_BYTES) return resolve(Buffer.concat(stdout));
      if (timedOut) return reject(new ToolError(`${name} took longer than ${Math.round(options.timeoutMs / 1000)} s`, stderr, true));
      const how = signal ? `was stopped (${signal})` : `exited with code ${code}`;
      reject(new ToolError(`${name} ${how}: ${stderr.trim().split('\n').at(-1) ?? ''}`, stderr));
    });
  });
}

const streamSchema = z.looseObject({
  index: z.number(),
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  pix_fmt: z.string().optional(),
  disposition: z.looseObject({ attached_pic: z.number().optional() }).optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.looseObject({ rotation: z.number().optional() })).optional(),
});

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.looseObject({
    format_name: z.string(),
    duration: z.string().optional(),
    tags: z.record(z.string(), z.string()).optional(),
  }),
});

export type ProbeStream = z.infer<typeof streamSchema>;
export type Probe = z.infer<typeof probeSchema>;

const PROBE_TIMEOUT_MS = 30_000;

/** What ffprobe sees in a file: container, streams and their tags. */
export async function probe(ffprobe: string, file: string, signal?: AbortSignal): Promise<Probe> {
  const output = await runTool(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    timeoutMs: PROBE_TIMEOUT_MS,
    signal,
  });
  try {
    return probeSchema.parse(JSON.parse(output.toString('utf8')));
  } catch (error) {
    throw new ToolError(`ffprobe's report could not be understood: ${(error as Error).message}`, '');
  }
}

/** Duration in milliseconds, or null when the container does not say. */
export function durationMsOf(probed: Probe): number | null {
  const seconds = Number(probed.format.duration);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null;
}

/** The first real video stream (cover art embedded in audio files does not count). */
export function videoStreamOf(probed: Probe): ProbeStream | undefined {
  return probed.streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
}

export function audioStreamOf(probed: Probe): ProbeStream | undefined {
  return probed.streams.find((stream) => stream.codec_type === 'audio');
}

/** Width and height as shown, after the rotation a phone recorded in the stream. */
export function displaySize(stream: ProbeStream): { width: number; height: number } | null {
  if (!stream.width || !stream.height) return null;
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  const quarterTurn = Math.abs(rotation) % 180 === 90;
  return quarterTurn ? { width: stream.height, height: stream.width } : { width: stream.width, height: stream.height };
}
