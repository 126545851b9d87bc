import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * SIGTERM on the real server process: a request whose body is still arriving when the
 * signal lands is answered, new connections are refused, and the process exits 0.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-shutdown-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        SESSION_SECRET: randomBytes(32).toString('hex'),
        WEB_DIST_DIR: '/nonexistent-web-dist',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
    try {
      for (let tries = 0; ; tries++) {
        const ready = await fetch(`${baseUrl}/api/health/ready`).then(
          (response) => response.ok,
          () => false,
        );
        if (ready) break;
        if (tries > 300) throw new Error('the server process did not start');
        await sleep(100);
      }

      // A sign-in code request whose body arrives in two halves, the signal in between.
      const body = JSON.stringify({ email: 'shutdown@example.com' });
      const half = Math.floor(body.length / 2);
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(
          `${baseUrl}/api/auth/code`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), origin: baseUrl },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, half));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(half)), 500);
        }, 200);
      });

      const status = await answered;
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(await exited).toBe('0');
      await expect(fetch(`${baseUrl}/api/health/live`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
