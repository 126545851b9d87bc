import { type CurrentUser, routeRedirect } from '@aurum/core';
import { afterSignInPath, paths } from '../lib/paths';

/** Pages for entering an e-mail address: pointless for someone already signed in. */
const SIGNED_OUT_ENTRY_PATHS = new Set([paths.landing, '/auth', paths.login, paths.register, '/auth/register/signup']);

type GuardUser = Pick<CurrentUser, 'registrationCompletedAt' | 'termsAcceptedAt'>;

/**
 * Where the router must send the visitor instead of `path`, or null to show it.
 * The access rules are the product's (routeRedirect); on top of them a signed-in user
 * skips the landing and sign-in pages and goes to home or the next registration step.
 */
export function guardRedirect(path: string, user: GuardUser | null, knownPath: boolean): string | null {
  const redirect = routeRedirect(
    path,
    { signedIn: user !== null, registrationComplete: Boolean(user?.registrationCompletedAt) },
    knownPath,
  );
  if (redirect !== null) return redirect;
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (user && SIGNED_OUT_ENTRY_PATHS.has(normalised)) return afterSignInPath(user);
  return null;
}
