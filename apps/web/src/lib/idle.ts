import { useEffect, useState } from 'react';

/** Longest wait for an idle moment; a browser that is never idle still gets there. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * True once `ready` has held and the browser then had an idle moment: for code and work that
 * must not compete with the page's first render (its requests, its main thread).
 */
export function useIdleAfter(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready || idle) return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), IDLE_TIMEOUT_MS);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }, [ready, idle]);
  return idle;
}
