import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { BareLayout } from '../app/layout/BareLayout';
import LandingPage from '../features/landing/LandingPage';
import { setCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { emotionStyleTags } from './emotion-styles';
import type { PrerenderedPage } from './landing-document';

/**
 * The landing page as the app's first render draws it for a visitor without a session (the
 * default dark theme): the bare layout's top bar and main landmark around the page, without the
 * root's guard and global UI, which add no markup to that first render. Run in Node at build time
 * (the prerender plugin in vite.config.ts), through the same Preact aliases as the app, with an
 * emotion cache of its own in compat mode so the styles are collected instead of written inline.
 */
export function renderLanding(): PrerenderedPage {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const queryClient = new QueryClient();
  setCurrentUser(queryClient, null);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[paths.landing]}>
          <Routes>
            <Route element={<BareLayout />}>
              <Route index element={<LandingPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  return { html, styles: emotionStyleTags(cache) };
}
