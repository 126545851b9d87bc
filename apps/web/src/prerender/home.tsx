import type { CurrentUser, FeedPage } from '@aurum/core';
import { guardRedirect } from '../app/guard';
import { seedFeed } from '../features/home/api';
import { setCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import { fillHomeDocument } from './home-document';
import { renderAppAt } from './render-app';

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
 * the bundle the prerender plugin builds (prerender-plugin.ts).
 * Null for a member the app would not show the home page to.
 */
export async function renderHomeDocument(template: string, answers: HomeAnswers): Promise<string | null> {
  // A member the app would send elsewhere (an unfinished registration, new terms) is left to it.
  if (guardRedirect(paths.home, answers.me, true)) return null;
  const queryClient = createQueryClient();
  setCurrentUser(queryClient, answers.me);
  seedFeed(queryClient, answers.feed);
  const page = await renderAppAt(paths.home, queryClient);
  queryClient.clear();
  return fillHomeDocument(template, page, { '/me': answers.me, '/feed': answers.feed });
}
