import type { CurrentUser, PasskeyOptions } from '@aurum/core';
import { api } from '../../lib/api/client';
import { passkeyAnswer } from '../../lib/second-factor';

/**
 * Signs in with a passkey alone: the browser offers the passkeys it holds for this site.
 * Apart from api.ts, which the app's shell loads: the WebAuthn client comes with the sign-in page only.
 */
export async function signInWithPasskey(): Promise<CurrentUser> {
  const options = await api.post<PasskeyOptions>('/auth/passkey/options');
  return api.post<CurrentUser>('/auth/passkey', await passkeyAnswer(options));
}
