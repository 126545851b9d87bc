/**
 * Media pipeline benchmark: wall time and peak memory to process a 12-megapixel JPEG and a
 * 30-second 1080p video with the real pipeline (processMediaFile: sharp in this process,
 * ffmpeg in child processes), each case in a fresh Node process so peaks do not mix. The
 * photo is also put through a bare sharp pipeline in the same run (the floor): the two passes
 * over the file any pipeline needs, the full-size copy and the shrunk-on-load thumbnail,
 * nothing else. Photo and floor alternate, each several times, so the machine's load weighs
 * on both alike.
 *
 *   node --import tsx bench/media.ts [--runs 5] [--images-only]
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { type DerivativeBody, processMediaFile } from '../apps/server/src/media/processor.js';
import { resolveMediaTools } from '../apps/server/src/media/tools.js';
import { jpegWithLocation, writeVideo } from '../apps/server/test/media-fixtures.js';

interface Case {
  name: string;
  /** 'floor': the bare sharp pipeline on an image. */
  kind: 'image' | 'video' | 'floor';
  file: string;
}

interface Measurement {
  wallMs: number;
  /** Resident memory once the modules are loaded, before processing starts. */
  baselineRssMiB: number;
  /** Peak resident memory of this Node process (sharp works in it). */
  nodeMaxRssMiB: number;
  /** Highest V8 heap use seen while sampling every 20 ms. */
  heapPeakMiB: number;
  /** Highest peak resident memory of any ffmpeg/ffprobe child (VmHWM from /proc). */
  childMaxRssMiB: number;
  /** Bytes of each output. */
  derivatives: Record<string, number>;
}

const MiB = 1024 * 1024;
const round = (value: number) => Math.round(value * 10) / 10;

/** Peak RSS of this process's children, read from /proc (Linux); 0 elsewhere. */
function childPeakRssMiB(): number {
  try {
    const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    let peak = 0;
    for (const pid of children) {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) peak = Math.max(peak, Number(match[1]) / 1024);
    }
    return peak;
  } catch {
    return 0;
  }
}

/**
 * The floor: what sharp alone costs for the two passes over the photo that any pipeline makes,
 * the full-size copy (streamed, same encoder settings) and the 640x320 preview (shrunk while
 * decoded), at the same time. No header check, no blurred versions, no placeholder.
 */
async function bareSharp(file: string, workDir: string): Promise<Record<string, number>> {
  const sharp = (await import('sharp')).default;
  const full = path.join(workDir, 'full.jpg');
  const thumb = path.join(workDir, 'thumb.webp');
  const [fullInfo, thumbInfo] = await Promise.all([
    sharp(file).autoOrient().jpeg({ quality: 88, optimiseCoding: false }).toFile(full),
    sharp(file).autoOrient().resize(640, 320, { fit: 'cover', position: sharp.strategy.attention }).webp({ quality: 80 }).toFile(thumb),
  ]);
  return { playable: fullInfo.size, thumb: thumbInfo.size };
}

async function sizes(derivatives: Partial<Record<string, DerivativeBody>>): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [kind, body] of Object.entries(derivatives)) {
    if (body) out[kind] = 'data' in body ? body.data.length : (await stat(body.path)).size;
  }
  return out;
}

/** Runs in the forked process: processes one file and reports what it cost. */
async function measure(benchCase: Case): Promise<Measurement> {
  const tools = await resolveMediaTools(
    { ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH },
    pino({ level: 'warn' }),
  );
  // The server keeps sharp loaded once it has processed its first picture: at rest includes it.
  await import('sharp');
  const workDir = await mkdtemp(path.join(tmpdir(), 'aurum-bench-work-'));
  const baselineRss = process.memoryUsage().rss;
  let heapPeak = 0;
  let childPeak = 0;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    childPeak = Math.max(childPeak, childPeakRssMiB());
  }, 20);
  try {
    const started = performance.now();
    const derivatives =
      benchCase.kind === 'floor'
        ? await bareSharp(benchCase.file, workDir)
        : await sizes((await processMediaFile(benchCase.kind, benchCase.file, tools, workDir, new AbortController().signal)).derivatives);
    const wallMs = performance.now() - started;
    return {
      wallMs: Math.round(wallMs),
      baselineRssMiB: round(baselineRss / MiB),
      nodeMaxRssMiB: round(process.resourceUsage().maxRSS / 1024),
      heapPeakMiB: round(heapPeak / MiB),
      childMaxRssMiB: round(childPeak),
      derivatives,
    };
  } finally {
    clearInterval(sampler);
    await rm(workDir, { recursive: true, force: true });
  }
}

function runInChild(benchCase: Case): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--case', JSON.stringify(benchCase)], { execArgv: ['--import', 'tsx'] });
    child.once('message', (message) => resolve(message as Measurement));
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`benchmark case ${benchCase.name} exited with ${code}`)));
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function argValue(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** Photo and floor, alternately, `runs` times each: median wall time, highest peak above rest. */
async function photoBesideFloor(jpeg: string, runs: number): Promise<string[]> {
  const { size } = await stat(jpeg);
  const cases: Case[] = [
    { name: '12 MP JPEG (4000x3000), pipeline', kind: 'image', file: jpeg },
    { name: '12 MP JPEG (4000x3000), bare sharp (floor)', kind: 'floor', file: jpeg },
  ];
  const results = new Map<Case, Measurement[]>(cases.map((benchCase) => [benchCase, []]));
  for (let run = 0; run < runs; run++) {
    for (const benchCase of cases) {
      const m = await runInChild(benchCase);
      results.get(benchCase)?.push(m);
      console.log(`${benchCase.name} #${run + 1}: ${JSON.stringify(m)}`);
    }
  }
  const rows: string[] = [];
  const walls = new Map<Case, number>();
  for (const [benchCase, ms] of results) {
    const wall = median(ms.map((m) => m.wallMs));
    walls.set(benchCase, wall);
    const above = Math.max(...ms.map((m) => m.nodeMaxRssMiB - m.baselineRssMiB));
    const rest = median(ms.map((m) => m.baselineRssMiB));
    const walls5 = ms.map((m) => m.wallMs).join(', ');
    rows.push(
      `| ${benchCase.name} | ${round(size / MiB)} MiB | ${wall} ms (${walls5}) | ${round(above)} MiB (${rest} at rest) | ${Math.max(...ms.map((m) => m.heapPeakMiB))} MiB | ${Object.entries(
        ms[0]?.derivatives ?? {},
      )
        .map(([kind, bytes]) => `${kind} ${round(bytes / 1024)} KiB`)
        .join(', ')} |`,
    );
  }
  const [pipeline, floor] = cases.map((benchCase) => walls.get(benchCase) ?? 0);
  rows.push(`\nPipeline / floor (median wall time): ${((pipeline ?? 0) / (floor || 1)).toFixed(2)}x`);
  return rows;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aurum-bench-'));
  const runs = argValue('--runs', 5);
  try {
    console.log(
      `Load before: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')} (1, 5, 15 min), ${availableParallelism()} cores`,
    );
    console.log('Generating inputs...');
    const jpeg = path.join(dir, 'photo-12mp.jpg');
    await writeFile(jpeg, await jpegWithLocation(4000, 3000));
    const photoRows = await photoBesideFloor(jpeg, runs);

    const rows: string[] = [];
    if (!process.argv.includes('--images-only')) {
      const h264 = path.join(dir, 'clip-1080p-h264.mp4');
      await writeVideo(h264, { seconds: 30, width: 1920, height: 1080, fps: 30, codec: 'h264', noise: 8 });
      const hevc = path.join(dir, 'clip-1080p-hevc.mp4');
      await writeVideo(hevc, { seconds: 30, width: 1920, height: 1080, fps: 30, codec: 'hevc', noise: 8 });
      const cases: Case[] = [
        { name: '30 s 1080p30 H.264/AAC MP4 (copied)', kind: 'video', file: h264 },
        { name: '30 s 1080p30 HEVC/AAC MP4 (converted to H.264)', kind: 'video', file: hevc },
      ];
      for (const benchCase of cases) {
        const { size } = await stat(benchCase.file);
        const m = await runInChild(benchCase);
        const child = m.childMaxRssMiB > 0 ? `${m.childMaxRssMiB} MiB` : '-';
        rows.push(
          `| ${benchCase.name} | ${round(size / MiB)} MiB | ${(m.wallMs / 1000).toFixed(2)} s | ${m.nodeMaxRssMiB} MiB (${m.baselineRssMiB} at rest) | ${m.heapPeakMiB} MiB | ${child} |`,
        );
        console.log(`${benchCase.name}: ${JSON.stringify(m)}`);
      }
    }
    console.log(`\nPhoto, ${runs} runs each, alternating (median wall time, each run's time, highest peak RSS above rest):`);
    console.log('| input | size | wall time | peak RSS above rest | peak V8 heap | outputs |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const row of photoRows) console.log(row);
    if (rows.length > 0) {
      console.log('\n| input | size | wall time | Node peak RSS | peak V8 heap | ffmpeg peak RSS |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const row of rows) console.log(row);
    }
    console.log(
      `\nLoad after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const caseArg = process.argv.indexOf('--case');
if (caseArg >= 0) {
  const benchCase = JSON.parse(process.argv[caseArg + 1] ?? '{}') as Case;
  measure(benchCase).then(
    (result) => process.send?.(result, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
