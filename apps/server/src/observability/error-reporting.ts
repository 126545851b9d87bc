import { ERROR_REPORT_DATA_COLLECTION, scrubErrorReport } from '@aurum/core';
import type { Logger } from 'pino';
import type { ErrorReportingSettings } from '../config/config.js';

/** Where an error happened, as far as a report may say: never more about the person than their id. */
export interface ErrorContext {
  userId?: string | null | undefined;
  requestId?: string | undefined;
  route?: string | undefined;
  job?: string | undefined;
}

/** Unexpected errors, sent to the error tracker when one is configured. */
export interface ErrorReporter {
  capture(error: unknown, context: ErrorContext): void;
  /** Sends what is queued, waiting at most this long (before the process exits). */
  flush(timeoutMs: number): Promise<void>;
}

/** No tracker configured: errors are only logged, where they already are. */
export const REPORTING_OFF: ErrorReporter = { capture: () => undefined, flush: async () => undefined };

/**
 * Sentry's Node SDK when a DSN is set (loaded only then): errors only, no tracing, no default
 * integrations that read requests or the environment, and every report scrubbed by core's
 * `scrubErrorReport` before it leaves.
 */
export async function createErrorReporter(
  settings: ErrorReportingSettings | null,
  info: { release: string; logger: Logger },
): Promise<ErrorReporter> {
  if (!settings) return REPORTING_OFF;
  const Sentry = await import('@sentry/node');
  Sentry.initWithoutDefaultIntegrations({
    dsn: settings.dsn,
    environment: settings.environment,
    release: info.release,
    dataCollection: ERROR_REPORT_DATA_COLLECTION,
    integrations: [Sentry.linkedErrorsIntegration(), Sentry.dedupeIntegration()],
    beforeSend: (event) => scrubErrorReport(event),
    // Breadcrumbs would collect log lines and outgoing URLs: not needed to find a bug here.
    beforeBreadcrumb: () => null,
  });
  info.logger.info({ environment: settings.environment }, 'error reporting to Sentry is on');
  return {
    capture(error, context) {
      Sentry.withScope((scope) => {
        if (context.userId) scope.setUser({ id: context.userId });
        if (context.requestId) scope.setTag('request_id', context.requestId);
        if (context.route) scope.setTag('route', context.route);
        if (context.job) scope.setTag('job', context.job);
        Sentry.captureException(error);
      });
    },
    flush: async (timeoutMs) => {
      await Sentry.flush(timeoutMs);
    },
  };
}
