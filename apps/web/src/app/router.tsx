import { lazy, Suspense, useState } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { BareLayout } from './layout/BareLayout';
import { loadPage } from './lazy-reload';
import { Root } from './Root';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { APP_ROUTES, type AppRoute } from './routes';

const comingSoon = () => import('./ComingSoonPage');

function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirectTo) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  const Page = lazy(() => loadPage(route.page ?? comingSoon));
  return { path: route.path, element: <Page /> };
}

/**
 * The route tree: the root guards every path and hosts the global UI; below it the two
 * layouts carry their pages. Unknown paths match the catch-all, which the guard redirects.
 * Pages and the menu layout are lazy: the router moves to a new path in a transition, so the
 * previous page stays on screen until the next one's code has loaded.
 */
function buildRoutes(): RouteObject[] {
  // The menus are code of their own: the landing and sign-in pages do not load them.
  const MenuLayout = lazy(async () => ({ default: (await loadPage(() => import('./layout/MenuLayout'))).MenuLayout }));
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
