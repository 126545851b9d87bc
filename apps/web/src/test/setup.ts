import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// A test run as on the server (`@vitest-environment node`) has no window to fit out.
const browser = typeof window !== 'undefined';

// jsdom has no media queries; every query answers "no match" (a phone-sized, browser-tab app).
if (browser)
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });

// findBy and waitFor give up after 5 s, not 1: a lazy page's first render compiles its modules
// through Vite, which takes a second or two while the suites share two cores.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  if (browser) {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
