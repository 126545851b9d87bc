/** The OpenTelemetry collector stand-in of the browser journeys, on its fixed port. */
import { OtlpStandIn } from '../../apps/server/test/otlp-stand-in.js';
import { OTLP_PORT } from './ports.js';

await new OtlpStandIn().start(OTLP_PORT);
