import { createStore, useStore } from './store';

/**
 * The fresh check (step-up) the server asks for before sensitive actions: a request answered
 * 403 step_up_required waits here while the dialog asks for a passkey or a code, and is sent
 * again once it passes. Requests that ask at the same time share one check.
 */
const pendingStore = createStore<{ settle: (passed: boolean) => void } | null>(null);
let pending: Promise<boolean> | null = null;

/** Opens the check (or joins the one open) and resolves whether it passed. */
export function requestFreshCheck(): Promise<boolean> {
  pending ??= new Promise<boolean>((resolve) => {
    pendingStore.set({
      settle: (passed) => {
        pending = null;
        pendingStore.set(null);
        resolve(passed);
      },
    });
  });
  return pending;
}

/** Ends the open check: passed, or given up (the waiting requests fail with the server's answer). */
export function settleFreshCheck(passed: boolean): void {
  pendingStore.get()?.settle(passed);
}

/** Whether a check is waiting for the member. */
export const useFreshCheckOpen = (): boolean => useStore(pendingStore) !== null;
