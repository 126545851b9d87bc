import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { installGlobalErrorLogging } from './app/global-errors';
import { AppRoutes, preloadRoute } from './app/router';
import { storedThemeMode } from './app/theme/ThemeModeProvider';
import { acceptDocumentAnswers } from './lib/api/document-answers';
import { currentUserQuery } from './lib/current-user';
import { createQueryClient } from './lib/query-client';
import { HOME_DRAWN_FOR } from './prerender/home-document';
import { PRERENDERED_ATTRIBUTE } from './prerender/landing-document';

installGlobalErrorLogging();

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// A prerendered page is on screen already: the landing page (built once, sent only to visitors
// without a session) or the home page (rendered by the server for a signed-in member, carrying
// the API's answers it was drawn from). The landing page is taken over as it is, and the app asks
// who is signed in again in the background (the answer is marked stale), since it may start a
// while later (a sign-in in another tab). Otherwise who is signed in decides the first page:
// asked before the first render (index.html preloads it), or answered from the document.
const prerendered = root.hasAttribute(PRERENDERED_ATTRIBUTE);
const serverRendered = acceptDocumentAnswers();
const prerenderedLanding = prerendered && !serverRendered;
if (prerenderedLanding) queryClient.setQueryData(currentUserQuery.queryKey, null, { updatedAt: 0 });
const userKnown = prerenderedLanding ? Promise.resolve() : queryClient.prefetchQuery(currentUserQuery);

const routeReady = preloadRoute(window.location.pathname, queryClient);

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// The first render is a transition: not urgent, so React works it in slices that yield to the browser.
if (prerendered) {
  // Once the page's code (and for the home page, its data) is here, the app's first render draws
  // the same elements in one pass and hydrates them: it keeps the nodes and their styles, adding
  // only its event handlers. The page was drawn in the dark theme, the home page for a phone's
  // window: for someone who chose the light theme, or whose window is wider, the app draws it anew.
  void Promise.all([userKnown, routeReady]).then(() => {
    const asDrawn = storedThemeMode() === 'dark' && (prerenderedLanding || window.matchMedia(HOME_DRAWN_FOR).matches);
    startTransition(() => {
      if (asDrawn) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
  });
} else {
  // index.html's splash stays until the user, the page's code and its data are known, so the first
  // render draws the page itself rather than loading states first (on a slow phone, each a render).
  void Promise.all([userKnown, routeReady]).then(() => {
    startTransition(() => createRoot(root).render(app));
  });
}
