import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';
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

// Preact runs effects, and the cleanups of unmounted components, after the next paint: on an animation
// frame, or after 35 ms should no frame come. A render outside `act` near a test's end (a response
// arriving) could leave that timer to fire after the test file's window was torn down, where it fails
// for want of `cancelAnimationFrame`. The same schedule, held here so that each test's cleanup ends it.
let pendingAfterPaint: { flush: () => void; frame: number; timeout: ReturnType<typeof setTimeout> } | undefined;
function runPendingAfterPaint() {
  const pending = pendingAfterPaint;
  if (!pending) return;
  pendingAfterPaint = undefined;
  cancelAnimationFrame(pending.frame);
  clearTimeout(pending.timeout);
  pending.flush();
}
if (browser)
  options.requestAnimationFrame = (flush) => {
    pendingAfterPaint = {
      flush,
      frame: requestAnimationFrame(runPendingAfterPaint),
      timeout: setTimeout(runPendingAfterPaint, 35),
    };
  };

afterEach(() => {
  if (browser) {
    cleanup();
    runPendingAfterPaint();
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
