import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { installGlobalErrorLogging } from './app/global-errors';
import { AppRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';

installGlobalErrorLogging();

// The cache (and its database library) loads in the background: no page waits for it.
import('./lib/cache/cache')
  .then(async ({ openCache, checkCacheHealth }) => checkCacheHealth(await openCache()))
  .then((health) => {
    if (!health.healthy) console.info('Local cache is empty or unreadable; it fills as you browse.', health);
  })
  .catch((error: unknown) => console.error('Local cache check failed.', error));

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
