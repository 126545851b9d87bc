import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** The exit code, or the signal that ended the process. */
  exited: Promise<string>;
  /** Resolves at the first line the server logs (at its LOG_LEVEL) that matches. */
  logged(match: (line: string) => boolean): Promise<void>;
}

/** A port nothing listens on now, for a process or server a test starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * The real server entry point (`src/main.ts`) in its own process on loopback, once it answers
 * `/api/health`; or at once, with `awaitHealth: false`, for a process expected to die while it starts.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /**
   * `serverDir`: another checkout's server folder (an earlier release), this one's by default;
   * `entry`: the compiled `dist/main.js` instead of the sources; `port`: a given one (a restart in place).
   */
  { awaitHealth = true, serverDir = SERVER_DIR, entry = 'src/main.ts', port: givenPort = 0 } = {},
): Promise<ServerProcess> {
  const port = givenPort || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const watchers = new Set<{ match: (line: string) => boolean; resolve: () => void }>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    for (const watcher of watchers) {
      if (!watcher.match(line)) continue;
      watchers.delete(watcher);
      watcher.resolve();
    }
  });
  const logged = (match: (line: string) => boolean) => new Promise<void>((resolve) => watchers.add({ match, resolve }));
  if (!awaitHealth) return { child, baseUrl, exited, logged };
  for (let tries = 0; ; tries++) {
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { child, baseUrl, exited, logged };
    if (tries > 300 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error('the server process did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
