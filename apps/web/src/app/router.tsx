import { type createBrowserRouter, Navigate, type RouteObject, type RouterState } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { BareLayout } from './layout/BareLayout';
import { loadPage, markNavigationSucceeded } from './lazy-reload';
import { Root } from './Root';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { APP_ROUTES, type AppRoute, type RouteHandle } from './routes';

const comingSoon = () => import('./ComingSoonPage');

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title };
  if (route.redirectTo) return { path: route.path, handle, element: <Navigate to={route.redirectTo} replace /> };
  const page = route.page ?? comingSoon;
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await loadPage(page)).default }),
  };
}

/**
 * The route tree: the root guards every path and hosts the global UI; below it the two
 * layouts carry their pages. Unknown paths match the catch-all, which the guard redirects.
 */
export function buildRoutes(routes: AppRoute[] = APP_ROUTES): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <LoadingOverlay />,
      children: [
        {
          // The menus are code of their own: the landing and sign-in pages do not load them.
          lazy: async () => ({ Component: (await loadPage(() => import('./layout/MenuLayout'))).MenuLayout }),
          children: routes.filter((route) => route.layout === 'menu').map(toRouteObject),
        },
        { element: <BareLayout />, children: routes.filter((route) => route.layout === 'bare').map(toRouteObject) },
        { path: '*', element: null },
      ],
    },
  ];
}

/** Once a navigation has settled without errors, a later page-load failure may reload again. */
export function clearReloadFlagOnSuccess(router: Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'subscribe'>): () => void {
  const settle = (state: RouterState) => {
    if (state.initialized && state.navigation.state === 'idle' && !state.errors) markNavigationSucceeded();
  };
  settle(router.state);
  return router.subscribe(settle);
}
