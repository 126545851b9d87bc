import { describe, expect, it, vi } from 'vitest';
import { waitingUpdate } from '../lib/pwa/waiting-update';
import {
  handlePageLoadError,
  isChunkLoadError,
  loadPage,
  markNavigationSucceeded,
  RELOAD_FLAG_KEY,
  type ReloadEnvironment,
  reloadHere,
} from './lazy-reload';

function environment() {
  const values = new Map<string, string>();
  return {
    storage: {
      getItem: (key) => values.get(key) ?? null,
      setItem: (key, value) => void values.set(key, value),
      removeItem: (key) => void values.delete(key),
    },
    reload: vi.fn<() => void>(),
    log: vi.fn<(message: string, error: unknown) => void>(),
  } satisfies ReloadEnvironment;
}

const chunkError = new TypeError('Failed to fetch dynamically imported module: https://aurum.example/assets/HomePage-abc.js');

describe('lazy page reload', () => {
  it('recognises chunk load failures of the major browsers', () => {
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then only logs', () => {
    const env = environment();
    expect(handlePageLoadError(chunkError, env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.storage.getItem(RELOAD_FLAG_KEY)).not.toBeNull();

    expect(handlePageLoadError(chunkError, env)).toBe(false);
    expect(env.reload).toHaveBeenCalledTimes(1);
    expect(env.log).toHaveBeenCalledTimes(1);
  });

  it('may reload again after a successful navigation cleared the flag', () => {
    const env = environment();
    handlePageLoadError(chunkError, env);
    markNavigationSucceeded(env.storage);
    expect(handlePageLoadError(chunkError, env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('leaves other errors alone', () => {
    const env = environment();
    expect(handlePageLoadError(new Error('render failed'), env)).toBe(false);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('loadPage passes modules through and rethrows errors that are not chunk failures', async () => {
    const env = environment();
    await expect(loadPage(async () => ({ default: 'page' }), env)).resolves.toEqual({ default: 'page' });
    await expect(loadPage(() => Promise.reject(new Error('boom')), env)).rejects.toThrow('boom');
  });

  it('loadPage rethrows a chunk failure after the one reload has been spent', async () => {
    const env = environment();
    env.storage.setItem(RELOAD_FLAG_KEY, '1');
    await expect(loadPage(() => Promise.reject(chunkError), env)).rejects.toBe(chunkError);
    expect(env.reload).not.toHaveBeenCalled();
  });
});

describe('reloading this address', () => {
  it('switches to the waiting newer version when there is one, so the page comes from the new build', () => {
    const reload = vi.fn(async () => {});
    waitingUpdate.set({ reload });
    try {
      reloadHere();
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      waitingUpdate.set(null);
    }
  });
});
