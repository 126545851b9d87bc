import { createStore } from '../store';

/** Set once a new version of the app is installed and waiting: `reload` switches to it. */
export const waitingUpdate = createStore<{ reload: () => Promise<void> } | null>(null);

let started = false;

/** Registers the service worker once per page load, in production builds (its code loads then). */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  import('./service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('Could not register the service worker.', error));
}
