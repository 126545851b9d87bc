/** The Sentry stand-in of the browser journeys, on its fixed port (see error-reports.ts for its DSN). */
import { SentryStandIn } from '../../apps/server/test/sentry-stand-in.js';
import { SENTRY_PROJECT } from './error-reports.js';
import { SENTRY_PORT } from './ports.js';

await new SentryStandIn(SENTRY_PROJECT.id, SENTRY_PROJECT.publicKey).start(SENTRY_PORT);
