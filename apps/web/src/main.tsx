import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { installGlobalErrorLogging } from './app/global-errors';
import { AppRoutes, preloadRoute } from './app/router';
import { currentUserQuery } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

installGlobalErrorLogging();

const queryClient = createQueryClient();

// Who is signed in decides the first page: asked before the first render (index.html preloads it).
queryClient.prefetchQuery(currentUserQuery);

preloadRoute(window.location.pathname, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// Rendered as a transition, the first render works in slices that yield to the browser
// instead of one long task that would hold back input and paint.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
