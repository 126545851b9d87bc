import type { CurrentUser, SetupProfileInput, SignInChallenge } from '@aurum/core';
import { TERMS_VERSION } from '@aurum/core';
import { api, isApiError } from '../../lib/api/client';

/** Sign-in and account calls of the signed-in user. */

export const requestSignInCode = (email: string) => api.post<SignInChallenge>('/auth/code', { email });

export const submitSignInCode = (challengeId: string, code: string) => api.post<CurrentUser>('/auth/session', { challengeId, code });

export const signOut = () => api.delete('/auth/session');

/** The signed-in user, or null when nobody is signed in (a 401 is an answer here, not an error). */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/me');
  } catch (error) {
    if (isApiError(error) && error.statusCode === 401) return null;
    throw error;
  }
}

export const acceptTerms = () => api.post<CurrentUser>('/me/terms', { version: TERMS_VERSION });

export const setupProfile = (input: SetupProfileInput) => api.post<CurrentUser>('/me/profile', input);

export const checkHandle = (handle: string) => api.get<{ handle: string; available: boolean }>(`/handles/${encodeURIComponent(handle)}`);

export const sendHeartbeat = () => api.post('/me/heartbeat');

export const deleteAccount = () => api.delete('/me');
