/**
 * The S3 the capacity bench's instances share: s3rver (the tests' S3 stand-in) in a child process
 * of its own, so its CPU is counted apart from the load generator's, with files in a scratch folder.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { type ChildServer, listening } from './child-server.js';

export const STAND_IN_BUCKET = 'aurum-capacity';

export function startS3StandIn(): Promise<ChildServer> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve-s3-stand-in'], { execArgv: ['--import', 'tsx'] });
  return listening(child, 'the S3 stand-in', () => child.kill('SIGTERM'));
}

async function serve(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'aurum-capacity-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: STAND_IN_BUCKET }],
  });
  const { port } = await server.run();
  process.send?.({ port });
  process.once('SIGTERM', () => {
    void server
      .close()
      .then(() => rm(folder, { recursive: true, force: true }))
      .finally(() => process.exit(0));
  });
}

if (process.argv.includes('--serve-s3-stand-in')) await serve();
