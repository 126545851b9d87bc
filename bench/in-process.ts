import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { createOutboxMailer } from '../apps/server/src/mail/mailer.js';
import { buildServices } from '../apps/server/src/services.js';

/** A PostgreSQL database of this server's, by name: the bench's own, beside the server's default one. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The server's services on a bench database, as `main.ts` builds them (development providers),
 * with background jobs not started: a bench calls what it measures itself, or starts the queue.
 */
export async function inProcessServices(databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'aurum-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PAYMENT_PROVIDER: 'dev',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const database = await openDatabase({ url: databaseUrl });
  const context = await buildServices({ config, database, mailer: createOutboxMailer(null, logger), logger });
  return {
    context,
    close: async () => {
      await context.jobs.stop();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
