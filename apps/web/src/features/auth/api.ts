import type {
  AccountSessionList,
  CurrentUser,
  DataExport,
  LatestDataExport,
  PasskeyOptions,
  Preferences,
  SecondFactorAnswer,
  SetupProfileInput,
  SignInChallenge,
  SignInResult,
} from '@aurum/core';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api/client';
import { queryKeys } from '../../lib/query-keys';

/** Sign-in and account calls of the signed-in user. */

/** `botToken`: the bot check's token when it is on (see bot-check.ts). */
export const requestSignInCode = (email: string, botToken: string | undefined) =>
  api.post<SignInChallenge>('/auth/code', botToken ? { email, botToken } : { email });

export const submitSignInCode = (challengeId: string, code: string) => api.post<SignInResult>('/auth/session', { challengeId, code });

export const submitSignInLink = (challengeId: string, linkToken: string) =>
  api.post<SignInResult>('/auth/session', { challengeId, linkToken });

/** The second step of a sign-in, for an account with a second factor. */
export const completeSignIn = (ticket: string, answer: SecondFactorAnswer) =>
  api.post<CurrentUser>('/auth/second-factor', { ticket, ...answer });

export const ticketPasskeyOptions = (ticket: string) => api.post<PasskeyOptions>('/auth/second-factor/passkey-options', { ticket });

export const signOut = () => api.delete('/auth/session');

export const setupProfile = (input: SetupProfileInput) => api.post<CurrentUser>('/me/profile', input);

export const checkHandle = (handle: string) => api.get<{ handle: string; available: boolean }>(`/handles/${encodeURIComponent(handle)}`);

export const sendHeartbeat = () => api.post('/me/heartbeat');

export const savePreferences = (preferences: Preferences) => apiRequest<CurrentUser>('PUT', '/me/preferences', preferences);

export const deleteAccount = () => api.delete('/me');

export const dataExportQuery = queryOptions({
  queryKey: queryKeys.dataExport,
  queryFn: () => api.get<LatestDataExport>('/me/data-export'),
});

export const requestDataExport = () => api.post<DataExport>('/me/data-export');

export const accountSessionsQuery = queryOptions({
  queryKey: queryKeys.accountSessions,
  queryFn: () => api.get<AccountSessionList>('/me/sessions'),
});

export const endAccountSession = (sessionId: string) => api.delete(`/me/sessions/${encodeURIComponent(sessionId)}`);

export const endOtherAccountSessions = () => api.delete<{ ended: number }>('/me/sessions');
