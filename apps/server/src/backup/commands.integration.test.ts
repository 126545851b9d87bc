import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test/server-process.js';
import { seededPgliteDataDir, TEST_DRIVER } from '../../test/test-server.js';
import { openDatabase } from '../db/database.js';
import { signInCodes } from '../db/schema.js';
import { LocalStorage } from '../storage/local-storage.js';

const run = promisify(execFile);
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The commands as an operator runs them, on the embedded database: `backup` while the server runs, `restore` on a fresh folder. */
const command = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'warn' },
  });

describe.runIf(TEST_DRIVER === 'pglite')('the backup and restore commands on the embedded database', () => {
  const folders: string[] = [];
  let server: ServerProcess | undefined;
  const folder = async (name: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), `aurum-${name}-`));
    folders.push(dir);
    return dir;
  };
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('backs up a running server through it, and restores into a new data folder where the database opens with its rows and files', async () => {
    const dataDir = await folder('data');
    await seededPgliteDataDir(dataDir);
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const email = 'backed-up@example.com';
    const asked = await fetch(`${server.baseUrl}/api/auth/code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email }),
    });
    expect(asked.status).toBe(200);
    await new LocalStorage(path.join(dataDir, 'media')).put('originals/picture', Buffer.from('pixels'), { contentType: 'image/jpeg' });

    const backupDir = path.join(await folder('backups'), 'today');
    const taken = server.logged((line) => line.includes('backup taken'));
    const { stdout } = await command(dataDir, 'backup', backupDir);
    expect(stdout).toContain(`Backed up to ${backupDir} (1 media objects)`);
    await taken;
    server.child.kill('SIGTERM');
    await server.exited;

    const freshDir = await folder('restored');
    expect((await command(freshDir, 'restore', backupDir)).stdout).toContain('1 media objects');
    expect(await readFile(path.join(freshDir, 'media', 'originals', 'picture'), 'utf8')).toBe('pixels');
    const restored = await openDatabase({ dataDir: freshDir });
    try {
      expect((await restored.db.select().from(signInCodes)).map((code) => code.email)).toEqual([email]);
    } finally {
      await restored.close();
    }
    // Restoring over a database is refused.
    await expect(command(freshDir, 'restore', backupDir)).rejects.toThrow(/already holds/);
    expect((await stat(path.join(freshDir, 'pgdata'))).isDirectory()).toBe(true);
  }, 180_000);
});
