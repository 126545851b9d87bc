import type { PasskeyOptions, RecoveryCodes, SecondFactorAnswer, SecondFactorStatus, TotpSetup } from '@aurum/core';
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { queryKeys } from './query-keys';

/** The member's second factors: passkeys, an authenticator app, recovery codes, and the fresh check. */

export const secondFactorStatusQuery = queryOptions({
  queryKey: queryKeys.secondFactor,
  queryFn: () => api.get<SecondFactorStatus>('/me/second-factor'),
});

export const startTotpSetup = () => api.post<TotpSetup>('/me/second-factor/totp');
export const confirmTotp = (code: string) => api.post<{ recoveryCodes: string[] | null }>('/me/second-factor/totp/confirm', { code });
export const removeTotp = () => api.delete('/me/second-factor/totp');
export const removePasskey = (passkeyId: string) => api.delete(`/me/second-factor/passkeys/${encodeURIComponent(passkeyId)}`);
export const newRecoveryCodes = () => api.post<RecoveryCodes>('/me/second-factor/recovery-codes');

/** Creates a passkey on this device (the browser's own prompt) and adds it to the account. */
export async function addPasskey(): Promise<{ recoveryCodes: string[] | null }> {
  const { challengeId, options } = await api.post<PasskeyOptions>('/me/second-factor/passkeys/options');
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return api.post('/me/second-factor/passkeys', { challengeId, response });
}

/** Asks the browser for a passkey answering options the server gave. */
export async function passkeyAnswer({ challengeId, options }: PasskeyOptions) {
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { challengeId, response: response as unknown as { id: string; rawId: string; type: 'public-key' } };
}

/** A fresh check of the signed-in member with one of their second factors. */
export const passFreshCheck = (answer: SecondFactorAnswer) => api.post<{ verifiedAt: string }>('/me/second-factor/check', answer);
export const freshCheckPasskeyOptions = () => api.post<PasskeyOptions>('/me/second-factor/check/passkey-options');

export const canUsePasskeys = () => typeof window !== 'undefined' && browserSupportsWebAuthn();

/** Stops a passkey prompt still open (the member chose another way). */
export const cancelPasskeyPrompt = () => WebAuthnAbortService.cancelCeremony();

/** The browser's refusal of a passkey prompt (cancelled, timed out, no passkey) in the member's words. */
export function passkeyErrorMessage(error: unknown): string | null {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey prompt was closed before a passkey was used. Try again, or choose another way.';
  }
  if (error instanceof Error && error.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return null;
}
