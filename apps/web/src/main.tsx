import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { installGlobalErrorLogging } from './app/global-errors';
import { AppRoutes, preloadRoute } from './app/router';
import { storedThemeMode } from './app/theme/ThemeModeProvider';
import { currentUserQuery } from './lib/current-user';
import { createQueryClient } from './lib/query-client';
import { PRERENDERED_ATTRIBUTE } from './prerender/landing-document';

installGlobalErrorLogging();

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The server sends the prerendered landing page only to a visitor without a session: nobody was
// signed in when it was sent, so the page is taken over as it is, and the app asks again in the
// background (the answer is marked stale), since it may start a while later (a sign-in in another
// tab). Otherwise who is signed in decides the first page: asked before the first render
// (index.html preloads it).
const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
if (prerendered) queryClient.setQueryData(currentUserQuery.queryKey, null, { updatedAt: 0 });
const userKnown = prerendered ? Promise.resolve() : queryClient.prefetchQuery(currentUserQuery);

const routeCode = preloadRoute(window.location.pathname, queryClient);

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Rendered as a transition, the first render works in slices that yield to the browser
// instead of one long task that would hold back input and paint.
if (prerendered) {
  // The prerendered page is on screen already. Once the page's code is here, the app's first
  // render draws the same elements in one pass and hydrates them: it keeps the nodes and their
  // styles, adding only its event handlers. The page was drawn in the dark theme; for someone who
  // chose the light one, the app draws it anew.
  void routeCode.then(() => {
    startTransition(() => {
      if (storedThemeMode() === 'dark') hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
  });
} else {
  // index.html's splash stays until the user and the page's code are known, so the first render
  // draws the page itself rather than a loading state first (on a slow phone, a render of its own).
  void Promise.all([userKnown, routeCode]).then(() => {
    startTransition(() => createRoot(root).render(app));
  });
}
