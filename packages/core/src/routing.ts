/** Where the browser may go, decided from the path and what is known of the session (spec section 2). */

export interface RouteSession {
  signedIn: boolean;
  registrationComplete: boolean;
}

export const REGISTRATION_STEPS = ['/auth/register/setup-profile', '/auth/register/verify-identity'] as const;

/** Registration steps that need a session; /auth/register/accept-terms is reached from setup-profile. */
function isRegistrationStep(path: string): boolean {
  return (REGISTRATION_STEPS as readonly string[]).includes(path);
}

function normalise(path: string): string {
  if (path.length > 1 && path.endsWith('/')) return path.replace(/\/+$/, '');
  return path;
}

/**
 * Returns the path to redirect to, or null when the target may be shown.
 * `knownPath` says whether the router has a page for the path.
 */
export function routeRedirect(rawPath: string, session: RouteSession, knownPath: boolean): string | null {
  const path = normalise(rawPath);
  if (path === '/index' || !knownPath) return '/';
  if (path.startsWith('/auth')) {
    if (isRegistrationStep(path) && !session.signedIn) return '/';
    return null;
  }
  if (path === '/' || path === '/about' || path === '/legal/tos') {
    return null;
  }
  if (!session.signedIn) return '/';
  if (!session.registrationComplete) return '/auth/register/setup-profile';
  return null;
}
