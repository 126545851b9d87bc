import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process.js';

const run = promisify(execFile);

/** PostgreSQL's own programs (initdb, pg_ctl, pg_basebackup), where the machine has them. */
function postgresBinDir(): string | null {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    return existsSync(path.join(dir, 'pg_basebackup')) ? dir : null;
  } catch {
    return null;
  }
}

const BIN_DIR = postgresBinDir();
/** PostgreSQL will not run as root: as root, its programs run as the `postgres` account. */
const AS_ROOT = process.getuid?.() === 0;
export const CAN_REPLICATE = BIN_DIR !== null && (!AS_ROOT || hasAccount('postgres'));

function hasAccount(name: string): boolean {
  try {
    execFileSync('id', [name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function postgresProgram(program: string, args: string[]): Promise<void> {
  const file = path.join(BIN_DIR ?? '', program);
  if (AS_ROOT) await run('runuser', ['-u', 'postgres', '--', file, ...args]);
  else await run(file, args);
}

export interface ReplicatedPostgres {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica (pausing and resuming its replay). */
  onReplica(statement: string): Promise<void>;
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A PostgreSQL primary and a streaming replica of it, made for a test: a new cluster on a free
 * port, and `pg_basebackup -R` of it started on another, both on loopback in a temporary folder.
 */
export async function startReplicatedPostgres(): Promise<ReplicatedPostgres> {
  const base = mkdtempSync(path.join(tmpdir(), 'aurum-replicated-'));
  if (AS_ROOT) chownSync(base, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryDir = path.join(base, 'primary');
  const replicaDir = path.join(base, 'replica');
  const settings = (port: number) =>
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${base} -c fsync=off -c full_page_writes=off`;
  const start = (dir: string, port: number) =>
    postgresProgram('pg_ctl', ['-D', dir, '-o', settings(port), '-l', `${dir}.log`, '-w', 'start']);
  const stop = (dir: string) => postgresProgram('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);

  await postgresProgram('initdb', ['-D', primaryDir, '--auth=trust', '-U', 'postgres', '--no-sync']);
  await start(primaryDir, primaryPort);
  await postgresProgram('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  await start(replicaDir, replicaPort);
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl,
    onReplica: async (statement) => {
      const client = new pg.Client({ connectionString: replicaUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    stopReplica: () => stop(replicaDir),
    stop: async () => {
      await stop(replicaDir);
      await stop(primaryDir);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
