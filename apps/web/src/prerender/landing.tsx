import { setCurrentUser } from '../lib/current-user';
import { paths } from '../lib/paths';
import { createQueryClient } from '../lib/query-client';
import type { PrerenderedPage } from './landing-document';
import { renderAppAt } from './render-app';

/**
 * The landing page as the app's first render draws it for a visitor without a session (the
 * default dark theme). Run in Node at build time by the prerender plugin (prerender-plugin.ts).
 */
export function renderLanding(): Promise<PrerenderedPage> {
  const queryClient = createQueryClient();
  setCurrentUser(queryClient, null);
  return renderAppAt(paths.landing, queryClient);
}
