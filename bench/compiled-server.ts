/**
 * The compiled server (`apps/server/dist/main.js`) as production runs it, in a child process on
 * loopback, and what the benches read of it: resident memory from `/proc/<pid>/status`.
 * Build first (`npm run build`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

export interface MemoryReading {
  rss: number;
  peak: number;
  anon: number;
  file: number;
}

/** The process's memory now, in MiB: VmRSS (resident now), VmHWM (the highest so far), RssAnon (heap, wasm memory), RssFile (code and libraries). */
export function readMemory(pid: number): MemoryReading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM'), anon: kib('RssAnon'), file: kib('RssFile') };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the compiled server with production settings and the given environment; resolves once `/api/health/ready` says 200. */
export async function startCompiledServer(options: {
  dataDir: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${baseUrl}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, pid: child.pid as number, baseUrl, dataDir: options.dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
