import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { ErrorDialog } from '../components/ErrorDialog';
import { InstallBanner } from '../components/install/InstallBanner';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { SnackHost } from '../components/SnackHost';
import { useHeartbeat } from '../features/auth/useHeartbeat';
import { useCurrentUser, useLiveCurrentUser } from '../lib/current-user';
import { guardRedirect } from './guard';
import { isKnownPath, type RouteHandle } from './routes';

function useDocumentTitle(): void {
  const matches = useMatches();
  const title = matches.map((match) => (match.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · Aurum` : 'Aurum';
  }, [title]);
}

/**
 * The root of every page: guards the path (spec section 2) once the current user is known,
 * and hosts the global UI — install banner above the page, error dialog and snack messages.
 */
export function Root() {
  const { pathname } = useLocation();
  const { data, isPending } = useCurrentUser();
  const user = data ?? null;
  useHeartbeat(user !== null);
  useLiveCurrentUser(user?.id ?? null);
  useDocumentTitle();

  if (isPending) return <LoadingOverlay />;
  const redirect = guardRedirect(pathname, user, isKnownPath(pathname));
  return (
    <>
      <InstallBanner />
      {redirect ? <Navigate to={redirect} replace /> : <Outlet />}
      <ErrorDialog />
      <SnackHost />
    </>
  );
}
