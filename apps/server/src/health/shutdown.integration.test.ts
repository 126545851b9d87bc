import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../test/server-process.js';

/**
 * SIGTERM on the real server process: a request whose body is still arriving when the
 * signal lands is answered, new connections are refused, and the process exits 0.
 */

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-shutdown-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    // Info logs, to see when the server has the request in hand.
    const { child, baseUrl, exited, logged } = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
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
        // The signal lands once the server has the request (its headers), the rest of the body after the server began closing.
        logged((line) => line.includes('incoming request') && line.includes('/api/auth/code')).then(async () => {
          child.kill('SIGTERM');
          await logged((line) => line.includes('shutting down'));
          req.end(body.slice(half));
        });
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

  it('keeps serving through the drain time with readiness at 503, and a second signal exits at once', async () => {
    const { child, baseUrl, exited, logged } = await startServerProcess({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '60',
    });
    try {
      const shuttingDown = logged((line) => line.includes('shutting down'));
      child.kill('SIGTERM');
      await shuttingDown;
      const ready = await fetch(`${baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ type: 'not_ready' });
      // Still accepting: a load balancer that has not yet seen the 503 loses nothing.
      expect((await fetch(`${baseUrl}/api/health/live`)).status).toBe(200);
      expect(
        (
          await fetch(`${baseUrl}/api/auth/code`, {
            method: 'POST',
            headers: { origin: baseUrl, 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'drain@example.com' }),
          })
        ).status,
      ).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe('1');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
