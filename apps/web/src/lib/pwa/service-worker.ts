import { waitingUpdate } from './waiting-update';

/** Lets the waiting worker take over, then loads the page afresh under it. */
async function switchTo(update: (reload?: boolean) => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await update(true);
}

/**
 * The first visit loaded its page's code before the worker existed: hand the worker those URLs,
 * so that visit alone is enough to open the app offline. The worker's own rules decide what it
 * keeps (code and the pictures it may keep; never the API).
 */
async function cacheWhatThisPageLoaded(): Promise<void> {
  const worker = (await navigator.serviceWorker.ready).active;
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === window.location.origin);
  worker?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/**
 * Registers the service worker (loaded once the first page is on screen, in production builds).
 * A new version waits until the person chooses to reload, so a page in use never changes under
 * them; the worker takes over when they do (its SKIP_WAITING message, vite.config.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  const { registerSW } = await import('virtual:pwa-register');
  const update = registerSW({
    onNeedRefresh: () => waitingUpdate.set({ reload: () => switchTo(update) }),
    // The reload is switchTo's, whether or not this page started under an older worker.
    onNeedReload: () => {},
    onRegisteredSW: () => void cacheWhatThisPageLoaded(),
    onRegisterError: (error: unknown) => console.error('Could not register the service worker.', error),
  });
}
