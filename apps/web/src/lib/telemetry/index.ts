import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clientConfigQuery } from '../client-config';

let starting: Promise<void> | null = null;

/**
 * Starts the browser's OpenTelemetry once `ready` (the page is on screen and the browser idle),
 * if the server collects telemetry: its modules are their own chunk (`./browser-telemetry`),
 * never loaded otherwise, so the first load does not pay for them.
 */
export function useTelemetry(ready: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!ready || starting) return;
    starting = queryClient
      .fetchQuery(clientConfigQuery)
      .then(async ({ telemetry }) => {
        if (!telemetry) return;
        const { startBrowserTelemetry } = await import('./browser-telemetry');
        startBrowserTelemetry(telemetry);
      })
      .catch((error: unknown) => console.error('Telemetry did not start.', error));
  }, [ready, queryClient]);
}
