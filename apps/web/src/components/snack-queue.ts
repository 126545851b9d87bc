import type { AlertColor } from '@mui/material/Alert';
import { createStore, useStore } from '../lib/store';

export interface SnackMessage {
  id: number;
  text: string;
  severity: AlertColor;
}

export const snackStore = createStore<SnackMessage[]>([]);
let nextId = 1;

/** Queues a short message; messages are shown one at a time, oldest first. */
export function addSnack(text: string, severity: AlertColor = 'info'): void {
  const message = { id: nextId++, text, severity };
  snackStore.set((queue) => [...queue, message]);
}

/** Drops the message being shown so the next one can appear. */
export function dismissSnack(id: number): void {
  snackStore.set((queue) => queue.filter((message) => message.id !== id));
}

export function clearSnacks(): void {
  snackStore.set([]);
}

export const useSnackQueue = () => useStore(snackStore);
