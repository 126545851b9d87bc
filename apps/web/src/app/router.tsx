import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { AdminOnly, isAdminPath } from './AdminOnly';
import { BareLayout } from './layout/BareLayout';
import { MenuLayout } from './layout/MenuLayout';
import { loadPage } from './lazy-reload';
import { Root } from './Root';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { APP_ROUTES, type AppRoute, matchAppRoute, type PageModule } from './routes';

const comingSoon = () => import('./ComingSoonPage');

/** Pages whose code has loaded, by their import: such a page renders at once instead of suspending. */
const loadedPages = new Map<() => Promise<PageModule>, ComponentType>();

async function loadAndKeep(load: () => Promise<PageModule>): Promise<PageModule> {
  const module = await load();
  loadedPages.set(load, module.default);
  return module;
}

/**
 * A page loaded on first use (lazy), except that one whose code is already there (preloadRoute
 * finished before the first render) renders in the same pass, without a suspended render in
 * between: the prerendered landing page is taken over as it is. Each mounted page keeps the
 * choice it made, so it is never swapped for the other kind while shown.
 */
export function lazyPage(load: () => Promise<PageModule>): ComponentType {
  const Lazy = lazy(() => loadPage(() => loadAndKeep(load)));
  return function Page() {
    const [Loaded] = useState(() => loadedPages.get(load));
    return Loaded ? <Loaded /> : <Lazy />;
  };
}

function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirectTo) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  const Page = lazyPage(route.page ?? comingSoon);
  const element = isAdminPath(route.path) ? (
    <AdminOnly>
      <Page />
    </AdminOnly>
  ) : (
    <Page />
  );
  return { path: route.path, element };
}

/**
 * The route tree: the root guards every path and hosts the global UI; below it the two
 * layouts carry their pages. Unknown paths match the catch-all, which the guard redirects.
 * Pages are lazy (but the home page, see routes.ts): the router moves to a new path in a
 * transition, so the previous page stays on screen until the next one's code has loaded. The
 * menu layout is part of the shell, which the landing page loads only once the visitor reaches for it.
 */
function buildRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { element: <MenuLayout />, children: APP_ROUTES.filter((route) => route.layout === 'menu').map(toRouteObject) },
        { element: <BareLayout />, children: APP_ROUTES.filter((route) => route.layout === 'bare').map(toRouteObject) },
        { path: '*', element: null },
      ],
    },
  ];
}

/**
 * The app's pages, inside a router. The route table is the declarative one (no data router:
 * nothing here loads data through the router), which keeps the router's code small.
 */
export function AppRoutes() {
  const [tree] = useState(buildRoutes);
  const element = useRoutes(tree);
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingOverlay />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** Longest a first render waits for the page's data once its code is here: past it, the page shows its loading state. */
const FIRST_DATA_WAIT_MS = 1000;

/**
 * Starts loading the code of the page at `pathname` and its data at once. Otherwise the page's
 * code is asked for only once the current user is known and the layout has rendered, and the
 * data once the page has. A failure is left to the page's own load, which handles it. Settles
 * once the code has loaded (or failed) and the data has come (or failed, or is slow): a first
 * render after that draws the page with its data in one pass.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient): Promise<void> {
  const route = matchAppRoute(pathname)?.route;
  if (!route || route.redirectTo) return Promise.resolve();
  const page = loadAndKeep(route.page ?? comingSoon);
  const data = route.prefetch?.(queryClient);
  const settled = (promise: Promise<unknown>) =>
    promise.then(
      () => {},
      () => {},
    );
  return settled(page).then(() =>
    data ? Promise.race([settled(data), new Promise<void>((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]) : undefined,
  );
}
