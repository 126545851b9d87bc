import { rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { createStorage } from '../storage/index.js';
import type { Storage } from '../storage/storage.js';
import { type BackupManifest, restoreBackup, takeBackup } from './backup.js';

/**
 * `backup <folder>` and `restore <folder>`, run as `node dist/main.js backup <folder>` (the
 * README's `npm run backup`). The embedded database can be read by one process only: while a
 * server runs on the data folder, the command asks it for the backup over a socket in that folder
 * and waits for the answer; otherwise it opens the database itself. PostgreSQL is dumped by
 * pg_dump whether or not a server runs.
 */

/** Where a server on the embedded database takes backup requests: one JSON line `{"dir"}`, answered with one line. */
const SOCKET_FILE = 'backup.sock';

type BackupAnswer = { manifest: BackupManifest } | { error: string };

/** Runs the command; resolves to what to tell the operator. */
export async function runBackupCommand(command: 'backup' | 'restore', folder: string | undefined, config: Config): Promise<string> {
  if (!folder) throw new Error(`Name the backup folder: ${command} <folder>`);
  const dir = path.resolve(folder);
  const storage = await createStorage(config);
  if (command === 'restore') {
    const target = config.databaseUrl
      ? ({ driver: 'postgres', url: config.databaseUrl } as const)
      : ({ driver: 'pglite', dataDir: config.dataDir } as const);
    const manifest = await restoreBackup(dir, target, storage);
    return `Restored the backup of ${manifest.createdAt} (${manifest.mediaObjects} media objects).`;
  }
  const manifest = config.databaseUrl
    ? await takeBackup({ driver: 'postgres', url: config.databaseUrl }, storage, dir, new Date())
    : await backupEmbedded(config.dataDir, storage, dir);
  return `Backed up to ${dir} (${manifest.mediaObjects} media objects).`;
}

async function backupEmbedded(dataDir: string, storage: Storage, dir: string): Promise<BackupManifest> {
  const answer = await askRunningServer(path.join(dataDir, SOCKET_FILE), dir);
  if (answer === null) {
    const database = await openDatabase({ dataDir });
    try {
      return await takeBackup({ driver: 'pglite', db: database.db }, storage, dir, new Date());
    } finally {
      await database.close();
    }
  }
  if ('error' in answer) throw new Error(`The running server could not take the backup: ${answer.error}`);
  return answer.manifest;
}

/** The running server's answer, or null when no server listens (no socket, or one left by a server that died). */
function askRunningServer(socketFile: string, dir: string): Promise<BackupAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketFile);
    let connected = false;
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.once('connect', () => {
      connected = true;
      createInterface({ input: socket }).once('line', (line) => resolve(JSON.parse(line) as BackupAnswer));
      socket.write(`${JSON.stringify({ dir })}\n`);
    });
    // The server went away before answering (stopped or killed): said, rather than waiting forever.
    socket.once('close', () => reject(new Error('The running server stopped before it finished the backup.')));
  });
}

/**
 * A server on the embedded database takes backups when asked (see above). Returns what stops
 * listening and removes the socket.
 */
export async function answerBackupRequests(
  config: Config,
  database: DatabaseHandle,
  storage: Storage,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (database.driver !== 'pglite') return async () => {};
  const socketFile = path.join(config.dataDir, SOCKET_FILE);
  // Left by a server that died: nobody listens on it.
  await rm(socketFile, { force: true });
  let taking: Promise<unknown> = Promise.resolve();
  const server = createServer((socket) => {
    createInterface({ input: socket }).once('line', (line) => {
      // One backup at a time.
      taking = taking.then(async () => {
        let answer: BackupAnswer;
        try {
          const { dir } = JSON.parse(line) as { dir: string };
          const manifest = await takeBackup({ driver: 'pglite', db: database.db }, storage, dir, new Date());
          logger.info({ dir, mediaObjects: manifest.mediaObjects }, 'backup taken');
          answer = { manifest };
        } catch (error) {
          logger.error({ err: error }, 'backup failed');
          answer = { error: error instanceof Error ? error.message : String(error) };
        }
        socket.end(`${JSON.stringify(answer)}\n`);
      });
    });
    socket.on('error', (error) => logger.warn({ err: error }, 'backup request socket error'));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketFile, resolve));
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(socketFile, { force: true });
  };
}
