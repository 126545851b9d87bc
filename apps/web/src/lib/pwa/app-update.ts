let started = false;

/** Registers the service worker once per page load, in production builds (its code loads then). */
export function startServiceWorker(): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  import('./service-worker')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => console.error('Could not register the service worker.', error));
}
