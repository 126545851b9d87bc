import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes, preloadRoute } from '../app/router';
import { emotionStyleTags } from './emotion-styles';
import type { PrerenderedPage } from './landing-document';

/**
 * The app's first render at `path`, as markup the browser's `hydrateRoot` takes over node for
 * node: the same tree as main.tsx renders (providers, router, routes with their Suspense
 * boundaries), with the page's code loaded first so it is drawn, not its fallback, and every
 * lazy part inside (the account menu) waited for. Emotion's styles are collected from a cache of
 * its own in compat mode, so they go into the head rather than beside each element.
 */
export async function renderAppAt(path: string, queryClient: QueryClient): Promise<PrerenderedPage> {
  await preloadRoute(path, queryClient);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return { html, styles: emotionStyleTags(cache) };
}
