import type { ClientConfig } from '@aurum/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';

/**
 * Every background service off: what the app runs with when the settings cannot be read. Every
 * payout method is taken then: the payouts page still says when the server cannot pay one.
 */
const ALL_OFF: ClientConfig = {
  recaptcha: null,
  errorReporting: null,
  telemetry: null,
  sessionRecording: null,
  // Written out: a value from the core package would put it all into the first page's JavaScript.
  payoutMethodTypes: ['bank_account', 'paypal'],
};

/**
 * The browser's part of the server's settings, read once per page load. When it cannot be
 * read the app runs with everything off; the server, which decides, still refuses what needs
 * a service (a sign-in without the bot check's token is answered `bot_check_required`).
 */
async function loadClientConfig(): Promise<ClientConfig> {
  try {
    return await api.get<ClientConfig>('/client-config');
  } catch {
    return ALL_OFF;
  }
}

export const clientConfigQuery = queryOptions({
  queryKey: queryKeys.clientConfig,
  queryFn: loadClientConfig,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useClientConfig(): ClientConfig | undefined {
  return useQuery(clientConfigQuery).data;
}
