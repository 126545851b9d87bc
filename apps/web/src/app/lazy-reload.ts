import { waitingUpdate } from '../lib/pwa/waiting-update';

/**
 * Recovery for pages whose code fails to load, usually because a new release replaced the
 * hashed files this tab still refers to. The page reloads once; a flag in session storage
 * remembers that, so a second failure is only logged instead of reloading forever. The flag
 * is cleared after the first navigation that succeeds.
 */
export const RELOAD_FLAG_KEY = 'aurum.lazyReloaded';

const CHUNK_LOAD_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_LOAD_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  log: (message: string, error: unknown) => void;
}

/**
 * Loads this address again, under the newer version of the app when one is installed and
 * waiting: the waiting worker takes over first, so the page comes from the new build rather
 * than from the old shell the current worker keeps.
 */
export function reloadHere(): void {
  const update = waitingUpdate.get();
  if (update) void update.reload();
  else window.location.reload();
}

const browserEnvironment = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  reload: reloadHere,
  log: (message, error) => console.error(message, error),
});

/** Returns true when it started a reload; false when the error is left to the error boundary. */
export function handlePageLoadError(error: unknown, env: ReloadEnvironment = browserEnvironment()): boolean {
  if (!isChunkLoadError(error)) return false;
  if (env.storage.getItem(RELOAD_FLAG_KEY)) {
    env.log('A page failed to load again after reloading.', error);
    return false;
  }
  env.storage.setItem(RELOAD_FLAG_KEY, String(Date.now()));
  env.reload();
  return true;
}

export function markNavigationSucceeded(storage: Pick<Storage, 'removeItem'> = window.sessionStorage): void {
  storage.removeItem(RELOAD_FLAG_KEY);
}

/**
 * Wraps a page import: on a chunk failure it reloads once and stays pending so nothing
 * flashes before the reload; other failures reject as usual.
 */
export async function loadPage<T>(load: () => Promise<T>, env?: ReloadEnvironment): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (handlePageLoadError(error, env)) return new Promise<T>(() => {});
    throw error;
  }
}
