import { type ClientConfig, ERROR_REPORT_DATA_COLLECTION, scrubErrorReport } from '@aurum/core';
import * as Sentry from '@sentry/browser';

/**
 * Sentry's browser SDK, started: unexpected errors and unhandled rejections are reported with
 * the release and the environment, every report scrubbed by core's `scrubErrorReport`. This
 * module is its own chunk, loaded only when the server has a DSN.
 */
export function startSentry(settings: NonNullable<ClientConfig['errorReporting']>): typeof Sentry {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    dataCollection: ERROR_REPORT_DATA_COLLECTION,
    beforeSend: (event) => scrubErrorReport(event),
  });
  return Sentry;
}
