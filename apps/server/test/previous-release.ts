import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: SERVER_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * The release before the newest schema change: the parent of the last commit that added or
 * changed a migration. Null outside a git checkout, or in a shallow one without that commit.
 */
export const PREVIOUS_RELEASE: string | null = (() => {
  const lastSchemaChange = git('log', '-n', '1', '--format=%H', '--', 'drizzle');
  return lastSchemaChange ? git('rev-parse', '--verify', '--quiet', `${lastSchemaChange}^`) : null;
})();

export interface PreviousReleaseCheckout {
  commit: string;
  /** Its server folder, to start with `startServerProcess(..., { serverDir })`. */
  serverDir: string;
  remove(): Promise<void>;
}

/**
 * The previous release's files in a temporary folder, with its own dependencies installed from
 * its lock file (from npm's cache, where this checkout's install left them), as a server still
 * running the previous release has them during a rolling deploy.
 */
export async function checkOutPreviousRelease(): Promise<PreviousReleaseCheckout> {
  if (!PREVIOUS_RELEASE) throw new Error('no previous release in this checkout');
  const root = git('rev-parse', '--show-toplevel');
  if (!root) throw new Error('not a git checkout');
  const dir = await mkdtemp(path.join(tmpdir(), 'aurum-previous-release-'));
  await run('sh', ['-c', `git -C "${root}" archive --format=tar "${PREVIOUS_RELEASE}" | tar -x -C "${dir}"`]);
  // The server's workspace only (and the core it links): the web app's tools are not needed to serve.
  await run(
    'npm',
    ['ci', '--workspace=apps/server', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
    {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return { commit: PREVIOUS_RELEASE, serverDir: path.join(dir, 'apps', 'server'), remove: () => rm(dir, { recursive: true, force: true }) };
}
