import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useErrorState } from '../components/error-store';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { OnceNeeded } from '../components/OnceNeeded';
import { leavePageSnacks, useCurrentSnack } from '../components/snack-queue';
import { useHeartbeat } from '../features/auth/useHeartbeat';
import { useCurrentUser, useLiveCurrentUser } from '../lib/current-user';
import { useErrorReporting } from '../lib/error-reporting';
import { useFreshCheckOpen } from '../lib/fresh-check';
import { useIdleAfter } from '../lib/idle';
import { guardRedirect } from './guard';
import { markNavigationSucceeded } from './lazy-reload';
import { isKnownPath, matchAppRoute, offersInstallPrompt } from './routes';

// The global UI's dialogs, messages and banner are not part of a first render: their code
// (and MUI's modal machinery) loads once the page is on screen and the browser is idle.
const loadErrorDialog = () => import('../components/ErrorDialog');
const loadSnackHost = () => import('../components/SnackHost');
const ErrorDialog = lazy(async () => ({ default: (await loadErrorDialog()).ErrorDialog }));
const SnackHost = lazy(async () => ({ default: (await loadSnackHost()).SnackHost }));
const FreshCheckDialog = lazy(async () => ({ default: (await import('../components/second-factor/FreshCheckDialog')).FreshCheckDialog }));
// Loaded once the page is idle, online: offline is when code can no longer be fetched.
const AppStatus = lazy(async () => ({ default: (await import('../components/AppStatus')).AppStatus }));
const InstallBanner = lazy(async () => ({ default: (await import('../components/install/InstallBanner')).InstallBanner }));

function GlobalMessages({ prefetch }: { prefetch: boolean }) {
  const { show } = useErrorState();
  const snack = useCurrentSnack();
  const freshCheck = useFreshCheckOpen();
  // Fetched ahead of need: an error is most likely when the network is failing.
  useEffect(() => {
    if (!prefetch) return;
    loadErrorDialog().catch(() => {});
    loadSnackHost().catch(() => {});
  }, [prefetch]);
  return (
    <>
      <OnceNeeded needed={show}>
        <ErrorDialog />
      </OnceNeeded>
      <OnceNeeded needed={snack !== undefined}>
        <SnackHost />
      </OnceNeeded>
      <OnceNeeded needed={freshCheck}>
        <FreshCheckDialog />
      </OnceNeeded>
    </>
  );
}

function useDocumentTitle(pathname: string): void {
  const title = matchAppRoute(pathname)?.route.title;
  useEffect(() => {
    document.title = title ? `${title} · Aurum` : 'Aurum';
  }, [title]);
}

/**
 * The root of every page: guards the path (spec section 2) once the current user is known,
 * and hosts the global UI — the app's status (offline, a new version) above the page, install
 * banner after it, error dialog and snack messages.
 */
export function Root() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of page is the cue
  useEffect(() => leavePageSnacks(), [pathname]);
  const queryClient = useQueryClient();
  const current = useCurrentUser();
  // Deferred: once the user is known, the page renders in slices that yield to the browser
  // (a background render) instead of in the one long task of the query's update.
  const isPending = useDeferredValue(current.isPending);
  const user = useDeferredValue(current.data) ?? null;
  useHeartbeat(user !== null);
  useLiveCurrentUser(user?.id ?? null);
  useDocumentTitle(pathname);
  const redirect = isPending ? null : guardRedirect(pathname, user, isKnownPath(pathname));
  const pageShown = !isPending && !redirect;
  // Committed with its page (the page's code has loaded): a later failure to load a page may reload again.
  useEffect(() => {
    if (pageShown) markNavigationSucceeded();
  }, [pageShown]);
  const idle = useIdleAfter(pageShown);
  useErrorReporting(user?.id ?? null, idle);
  // Telemetry and, for a user who turned it on, session recording: their code loads once idle.
  const recordingUserId = user?.sessionRecording ? user.id : null;
  useEffect(() => {
    if (idle) void import('../lib/background-services').then((services) => services.syncBackgroundServices(queryClient, recordingUserId));
  }, [idle, recordingUserId, queryClient]);

  if (isPending) return <LoadingOverlay />;
  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <AppStatus />
        </Suspense>
      )}
      {redirect ? <Navigate to={redirect} replace /> : <Outlet />}
      {idle && offersInstallPrompt(pathname) && (
        <Suspense fallback={null}>
          <InstallBanner />
        </Suspense>
      )}
      <GlobalMessages prefetch={idle} />
    </>
  );
}
