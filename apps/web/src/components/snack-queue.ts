import type { AlertColor } from '@mui/material/Alert';
import { useEffect } from 'react';
import { createStore, useStore } from '../lib/store';

export interface SnackMessage {
  id: number;
  text: string;
  severity: AlertColor;
  /** performance.now() when it was added. */
  shownAt: number;
}

/** How long a message shows (longer while the pointer rests on it or the window is in the background). */
export const SNACK_DURATION_MS = 5000;

export const snackStore = createStore<SnackMessage[]>([]);
let nextId = 1;

/**
 * Shows a short message at once, in place of the one on screen: one snackbar at a time, the
 * newest (Material's consecutive snackbars), so the outcome of what the user just did is never
 * stuck behind an older message's timer.
 */
export function addSnack(text: string, severity: AlertColor = 'info'): void {
  snackStore.set([{ id: nextId++, text, severity, shownAt: performance.now() }]);
}

/** Closes the message being shown. */
export function dismissSnack(id: number): void {
  snackStore.set((queue) => queue.filter((message) => message.id !== id));
}

/**
 * The member went to another page: a message still on screen past its time (held by a resting
 * pointer) goes. A younger one stays: it may have come with the move ("Post deleted", then the
 * list), whose page can take a moment to load on a slow phone.
 */
export function leavePageSnacks(now = performance.now()): void {
  snackStore.set((queue) => queue.filter((message) => now - message.shownAt < SNACK_DURATION_MS));
}

export function clearSnacks(): void {
  snackStore.set([]);
}

/** The message on screen, if any. */
export const useCurrentSnack = (): SnackMessage | undefined => useStore(snackStore)[0];

/** How many mounted parts of the page take its bottom (a chat's message box, the install banner). */
const bottomTaken = createStore(0);

/** While the calling component is mounted, messages show at the top, clear of what it shows at the bottom. */
export function useSnacksClearOfBottom(): void {
  useEffect(() => {
    bottomTaken.set((count) => count + 1);
    return () => bottomTaken.set((count) => count - 1);
  }, []);
}

/** Whether messages show at the top of the window. */
export const useSnacksAtTop = (): boolean => useStore(bottomTaken) > 0;
