import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { buildApp } from './app.js';
import { answerBackupRequests, runBackupCommand } from './backup/commands.js';
import { type Config, ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { createOutboxMailer, createSmtpMailer } from './mail/mailer.js';
import { type ErrorReporter, REPORTING_OFF } from './observability/error-reporting.js';
import { localStorageAcrossInstancesWarning } from './storage/index.js';

/** How long a shutdown may take before the process exits without waiting. */
const SHUTDOWN_TIMEOUT_MS = 10_000;
/** How long the start waits for the bus to listen (Redis) before serving anyway. */
const BUS_READY_TIMEOUT_MS = 5000;

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
  const [command, folder] = process.argv.slice(2);
  if (command === 'backup' || command === 'restore') {
    const outcome = await runBackupCommand(command, folder, config);
    // Written out before exiting: a pipe's writes are asynchronous.
    await new Promise((resolve) => process.stdout.write(`${outcome}\n`, resolve));
    process.exit(0);
  }
  if (command !== undefined) {
    console.error(`Unknown command ${command}: start without one, or run backup <folder> or restore <folder>.`);
    process.exit(64);
  }
  const logger = pino({ level: config.logLevel, base: { service: 'aurum' } });
  // Until the app is built nothing reports; from then on the error tracker hears of these too.
  let errorReporter: ErrorReporter = REPORTING_OFF;
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'uncaught exception');
    errorReporter.capture(error, {});
  });
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection');
    errorReporter.capture(reason, {});
  });

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    replicas: { urls: config.databaseReplicaUrls, maxLagMs: config.replicaMaxLagMs },
    onConnectionError: (error) => logger.warn({ err: error }, 'database connection dropped; it will be replaced'),
  });
  logger.info({ driver: database.driver }, 'database ready, migrations applied');
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(path.join(config.dataDir, 'outbox'), logger);
  if (!mailer.delivers) logger.warn('SMTP_URL is not set: mail goes to the dev outbox and sign-in codes are logged');
  const storageWarning = localStorageAcrossInstancesWarning(config);
  if (storageWarning) logger.warn(storageWarning);

  const { app, context } = await buildApp({ config, database, mailer, logger });
  errorReporter = context.errorReporter;
  // Hear the other instances (sessions to forget, realtime events) before taking requests;
  // with Redis down, serve anyway: the bus catches up once it answers.
  const busListening = await Promise.race([context.bus.ready().then(() => true), sleep(BUS_READY_TIMEOUT_MS).then(() => false)]);
  if (!busListening)
    logger.warn({ timeoutMs: BUS_READY_TIMEOUT_MS }, 'Redis did not answer in time: serving before hearing other instances');
  const stopAnsweringBackups = await answerBackupRequests(config, database, context.storage, logger);

  // Graceful shutdown: readiness answers 503 at once and, for SHUTDOWN_DRAIN_SECONDS, requests
  // are still served while a load balancer notices; then the server stops accepting, requests
  // in flight finish, the job queue lets running jobs finish their step (an onClose hook), and
  // the mailer and the database close. A second signal, or the timeout, exits at once.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: finishing requests in flight and the current job steps');
    const timeoutMs = config.shutdownDrainMs + SHUTDOWN_TIMEOUT_MS;
    setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took too long: exiting without waiting');
      process.exit(1);
    }, timeoutMs).unref();
    try {
      context.lifecycle.beginShutdown();
      if (config.shutdownDrainMs > 0) await sleep(config.shutdownDrainMs);
      await app.close();
      await mailer.close();
      await stopAnsweringBackups();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Heard before the server answers: a signal right after the first answer is a shutdown, not a kill.
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  logger.info(`Aurum is running at ${config.publicUrl}`);
  console.log(`\n  Aurum is running at ${config.publicUrl}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
