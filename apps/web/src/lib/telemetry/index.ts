import type { QueryClient } from '@tanstack/react-query';
import { clientConfigQuery } from '../client-config';

let starting: Promise<void> | null = null;

/**
 * Starts the browser's OpenTelemetry once, if the server collects telemetry: its modules are
 * their own chunk (`./browser-telemetry`), never loaded otherwise.
 */
export function startTelemetryOnce(queryClient: QueryClient): Promise<void> {
  starting ??= queryClient
    .fetchQuery(clientConfigQuery)
    .then(async ({ telemetry }) => {
      if (!telemetry) return;
      const { startBrowserTelemetry } = await import('./browser-telemetry');
      startBrowserTelemetry(telemetry);
    })
    .catch((error: unknown) => console.error('Telemetry did not start.', error));
  return starting;
}
