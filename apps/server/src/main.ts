import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.js';

/** A bad environment stops the start with one line per problem, before anything is opened. */
function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.logLevel, base: { service: 'aurum' } });
  process.on('uncaughtException', (error) => logger.fatal({ err: error }, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection dropped; it will be replaced'),
  });
  logger.info({ driver: database.driver }, 'database ready, migrations applied');
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), logger);
  if (!mailer.delivers) logger.warn('SMTP_URL is not set: mail goes to the dev outbox and sign-in codes are logged');

  const { app } = await buildApp({ config, database, mailer, logger });
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Aurum is running at ${config.publicUrl}`);
  console.log(`\n  Aurum is running at ${config.publicUrl}\n`);

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await mailer.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
