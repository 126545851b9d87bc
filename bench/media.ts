/**
 * Media pipeline benchmark: wall time and peak memory to process a 12-megapixel JPEG and a
 * 30-second 1080p video with the real pipeline (processMediaFile: sharp in this process,
 * ffmpeg in child processes), each case in a fresh Node process so peaks do not mix.
 *
 *   node --import tsx bench/media.ts
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { processMediaFile } from '../apps/server/src/media/processor.js';
import { resolveMediaTools } from '../apps/server/src/media/tools.js';
import { jpegWithLocation, writeVideo } from '../apps/server/test/media-fixtures.js';

interface Case {
  name: string;
  kind: 'image' | 'video';
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
  derivatives: string[];
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

/** Runs in the forked process: processes one file and reports what it cost. */
async function measure(benchCase: Case): Promise<Measurement> {
  const tools = await resolveMediaTools(
    { ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH },
    pino({ level: 'warn' }),
  );
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
    const result = await processMediaFile(benchCase.kind, benchCase.file, tools, workDir, new AbortController().signal);
    const wallMs = performance.now() - started;
    return {
      wallMs: Math.round(wallMs),
      baselineRssMiB: round(baselineRss / MiB),
      nodeMaxRssMiB: round(process.resourceUsage().maxRSS / 1024),
      heapPeakMiB: round(heapPeak / MiB),
      childMaxRssMiB: round(childPeak),
      derivatives: Object.keys(result.derivatives),
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

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'aurum-bench-'));
  try {
    console.log('Generating inputs...');
    const jpeg = path.join(dir, 'photo-12mp.jpg');
    await writeFile(jpeg, await jpegWithLocation(4000, 3000));
    const h264 = path.join(dir, 'clip-1080p-h264.mp4');
    await writeVideo(h264, { seconds: 30, width: 1920, height: 1080, fps: 30, codec: 'h264', noise: 8 });
    const hevc = path.join(dir, 'clip-1080p-hevc.mp4');
    await writeVideo(hevc, { seconds: 30, width: 1920, height: 1080, fps: 30, codec: 'hevc', noise: 8 });

    const cases: Case[] = [
      { name: '12 MP JPEG (4000x3000)', kind: 'image', file: jpeg },
      { name: '30 s 1080p30 H.264/AAC MP4 (copied)', kind: 'video', file: h264 },
      { name: '30 s 1080p30 HEVC/AAC MP4 (converted to H.264)', kind: 'video', file: hevc },
    ];
    const rows: string[] = [];
    for (const benchCase of cases) {
      const { size } = await stat(benchCase.file);
      const m = await runInChild(benchCase);
      const child = m.childMaxRssMiB > 0 ? `${m.childMaxRssMiB} MiB` : '-';
      const row = `| ${benchCase.name} | ${round(size / MiB)} MiB | ${(m.wallMs / 1000).toFixed(2)} s | ${m.nodeMaxRssMiB} MiB (${m.baselineRssMiB} at rest) | ${m.heapPeakMiB} MiB | ${child} |`;
      rows.push(row);
      console.log(`${benchCase.name}: ${JSON.stringify(m)}`);
    }
    console.log('\n| input | size | wall time | Node peak RSS | peak V8 heap | ffmpeg peak RSS |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
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
