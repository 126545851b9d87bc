import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { installGlobalErrorLogging } from './app/global-errors';
import { AppRoutes } from './app/router';
import { currentUserQuery } from './lib/current-user';
import { createQueryClient } from './lib/query-client';

installGlobalErrorLogging();

const queryClient = createQueryClient();

/** Opens the local cache and logs when it is empty or unreadable. */
async function checkLocalCache(): Promise<void> {
  try {
    const { openCache, checkCacheHealth } = await import('./lib/cache/cache');
    const health = await checkCacheHealth(await openCache());
    if (!health.healthy) console.info('Local cache is empty or unreadable; it fills as you browse.', health);
  } catch (error) {
    console.error('Local cache check failed.', error);
  }
}

// The local cache holds a member's data: it (and its database library) loads in the background
// once someone is signed in, never for visitors, and no page waits for it. A failed user request
// is the root's to show.
queryClient.fetchQuery(currentUserQuery).then(
  (user) => (user ? checkLocalCache() : undefined),
  () => {},
);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
