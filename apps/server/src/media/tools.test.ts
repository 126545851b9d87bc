import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displaySize, resolveMediaTools, runTool, ToolError } from './tools.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'aurum-tools-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A logger that keeps what it is told. */
function recordingLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function fakeBinary(folder: string, name: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, '#!/bin/sh\necho "$@"\n');
  await chmod(file, 0o755);
  return file;
}

describe('choosing ffmpeg and ffprobe', () => {
  it('uses FFMPEG_PATH and FFPROBE_PATH when they are set', async () => {
    const { logger, lines } = recordingLogger();
    const custom = { ffmpegPath: path.join(dir, 'custom', 'ffmpeg'), ffprobePath: path.join(dir, 'custom', 'ffprobe') };
    expect(await resolveMediaTools(custom, logger, '')).toEqual({ ffmpeg: custom.ffmpegPath, ffprobe: custom.ffprobePath });
    expect(lines).toEqual([]);
  });

  it("prefers the system's binaries on PATH", async () => {
    const bin = await mkdtemp(path.join(dir, 'bin-'));
    const ffmpeg = await fakeBinary(bin, 'ffmpeg');
    const ffprobe = await fakeBinary(bin, 'ffprobe');
    const { logger, lines } = recordingLogger();
    expect(
      await resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined }, logger, `${path.join(dir, 'missing')}:${bin}`),
    ).toEqual({
      ffmpeg,
      ffprobe,
    });
    expect(lines).toEqual([]);
  });

  it('falls back to the bundled builds, saying so', async () => {
    const { logger, lines } = recordingLogger();
    const tools = await resolveMediaTools({ ffmpegPath: undefined, ffprobePath: undefined }, logger, path.join(dir, 'empty'));
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer/);
    const warnings = lines.filter((line) => line.level === 40).map((line) => line.msg);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/ffmpeg is not on PATH: using the ffmpeg build bundled with the npm package/);
  });
});

describe('running a tool', () => {
  // Node itself stands in for ffmpeg: it is certain to be installed.
  const node = (script: string, options: Parameters<typeof runTool>[2]) => runTool(process.execPath, ['-e', script], options);

  it('returns what it prints, and reports failures, time-outs and aborts', async () => {
    expect((await node('console.log("hello")', { timeoutMs: 10_000 })).toString()).toBe('hello\n');
    const failed = node('console.error("broken input"); process.exit(3)', { timeoutMs: 10_000 });
    await expect(failed).rejects.toThrow(/exited with code 3: broken input$/);
    const slow = await node('setTimeout(() => {}, 10_000)', { timeoutMs: 200 }).catch((error) => error);
    expect(slow).toBeInstanceOf(ToolError);
    expect(slow.timedOut).toBe(true);
    const controller = new AbortController();
    const stopped = node('setTimeout(() => {}, 10_000)', { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(stopped).rejects.toThrow(/was stopped/);
    await expect(runTool(path.join(dir, 'no-such-tool'), [], { timeoutMs: 1000 })).rejects.toThrow(/could not be started/);
  });

  it('hands over stdout line by line as it comes, without keeping it', async () => {
    const lines: string[] = [];
    const script = 'process.stdout.write("out_time_us=1\\nprogress=con"); setTimeout(() => console.log("tinue\\nout_time_us=2"), 50)';
    const result = await node(script, { timeoutMs: 10_000, onStdoutLine: (line) => lines.push(line) });
    expect(result.length).toBe(0);
    expect(lines).toEqual(['out_time_us=1', 'progress=continue', 'out_time_us=2']);
  });

  it('runs a background conversion at a lower CPU priority than the server', async () => {
    const niceness = 'setTimeout(() => console.log(require("os").getPriority()), 200)';
    const own = getPriority();
    expect(Number((await node(niceness, { timeoutMs: 10_000 })).toString())).toBe(own);
    expect(Number((await node(niceness, { timeoutMs: 10_000, background: true })).toString())).toBe(Math.min(19, own + 10));
  });
});

describe('display size', () => {
  it('swaps width and height for video recorded on its side', () => {
    expect(displaySize({ index: 0, width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
    expect(displaySize({ index: 0, width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] })).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(displaySize({ index: 0, width: 1920, height: 1080, tags: { rotate: '270' } })).toEqual({ width: 1080, height: 1920 });
    expect(displaySize({ index: 0, width: 1920, height: 1080, side_data_list: [{ rotation: 180 }] })).toEqual({
      width: 1920,
      height: 1080,
    });
    expect(displaySize({ index: 0 })).toBeNull();
  });
});
