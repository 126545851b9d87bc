import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS } from '@aurum/core';

/** An earlier build's files are kept this long after the last start whose build had them. */
export const ARCHIVED_ASSETS_KEPT_MS = 30 * DAY_MS;

/**
 * Keeps the hashed files of the builds this server has served (`assets/`, with their compressed
 * twins) in `archiveDir`, so a tab opened on an earlier release still loads its lazy pages after
 * a deploy replaced the build: the names carry their content's hash, so files of different builds
 * never collide. The current build's files are copied in and marked as used now; files no build
 * has used for ARCHIVED_ASSETS_KEPT_MS are removed.
 */
export async function archiveAssets(distDir: string, archiveDir: string, nowMs: number): Promise<void> {
  const current = path.join(distDir, 'assets');
  const archived = path.join(archiveDir, 'assets');
  await mkdir(archived, { recursive: true });
  const now = new Date(nowMs);
  const names = new Set(await readdir(current));
  for (const name of names) {
    const copy = path.join(archived, name);
    await copyFile(path.join(current, name), copy, constants.COPYFILE_EXCL).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    await utimes(copy, now, now);
  }
  for (const name of await readdir(archived)) {
    if (names.has(name)) continue;
    const file = path.join(archived, name);
    if ((await stat(file)).mtimeMs < nowMs - ARCHIVED_ASSETS_KEPT_MS) await unlink(file);
  }
}
