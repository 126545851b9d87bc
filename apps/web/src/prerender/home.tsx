import type { CurrentUser, FeedPage } from '@aurum/core';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToStringAsync } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { guardRedirect } from '../app/guard';
import { AppRoutes, preloadRoute } from '../app/router';
import { seedFeed } from '../features/home/api';
import { setCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { emotionStyleTags } from './emotion-styles';
import { fillHomeDocument } from './home-document';

/** The API's answers the home page is drawn from, as the server gave them to the member. */
export interface HomeAnswers {
  /** GET /api/me */
  me: CurrentUser;
  /** GET /api/feed */
  feed: FeedPage;
}

/**
 * The home page's document for one signed-in member: what the app's first render at /home draws
 * on a phone in the dark theme (the root, the menu layout with its bottom bar, the greeting and
 * the feed's first cards), from the API's own answers, which the document carries too so the app
 * starts from them (lib/api/document-answers.ts). Run by the server for each such request, from
 * the bundle the prerender plugin builds (vite.config.ts), through the same Preact aliases as the
 * app, with an emotion cache of its own in compat mode so the styles are collected, not inlined.
 * Null for a member the app would not show the home page to.
 */
export async function renderHomeDocument(template: string, answers: HomeAnswers): Promise<string | null> {
  // A member the app would send elsewhere (an unfinished registration, new terms) is left to it.
  if (guardRedirect(paths.home, answers.me, true)) return null;
  const queryClient = createQueryClient();
  setCurrentUser(queryClient, answers.me);
  seedFeed(queryClient, answers.feed);
  // The page's code is in the bundle: this marks it loaded, so the render draws it instead of suspending.
  await preloadRoute(paths.home, queryClient);
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  // Async: the top bar's account menu is a lazy part of the app, rendered here once its code has loaded.
  const html = await renderToStringAsync(
    <CacheProvider value={cache}>
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[paths.home]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>
    </CacheProvider>,
  );
  queryClient.clear();
  return fillHomeDocument(template, { html, styles: emotionStyleTags(cache) }, { '/me': answers.me, '/feed': answers.feed });
}
