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

// findBy/waitFor stop as soon as their condition holds; the library's 1 s default is shorter than a
// lazy page's first render takes when the test workers share two busy cores and the UI packages
// are run through Vite (for Preact) rather than loaded by Node.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  if (browser) {
    cleanup();
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
