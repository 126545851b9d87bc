import { useMemo, useRef } from 'react';
import { ApiError } from './api/client';

/**
 * Whether a payment request may have gone through without us hearing back: it never got an
 * answer, or the payment provider did not answer the server (502) or a proxy gave up (504).
 * Only then is the same idempotency key sent again, so the server can answer the first outcome
 * instead of charging twice.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.statusCode === 502 || error.statusCode === 504;
}

/**
 * A random 128-bit key in hex. getRandomValues works on plain-http addresses too (a server
 * reached by its LAN address), where crypto.randomUUID does not exist.
 */
function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Idempotency keys for one kind of payment request. An attempt is one thing the member asked
 * for (a plan with a method, say, named by `about`); it keeps its key while its outcome is
 * unknown and ends with any answer. Asking for something else, or again after an answer, is a
 * new attempt with a new key.
 */
export function useAttemptKeys() {
  const attempt = useRef<{ about: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(about: string): string {
        if (attempt.current?.about !== about) attempt.current = { about, key: newAttemptKey() };
        return attempt.current.key;
      },
      settled(error?: unknown): void {
        if (error === undefined || !outcomeUnknown(error)) attempt.current = null;
      },
    }),
    [],
  );
}
