import { createStore, useStore } from '../lib/store';

export interface ErrorState {
  error: Error | null;
  show: boolean;
}

export const errorStore = createStore<ErrorState>({ error: null, show: false });

/** Shows the error dialog; a string becomes an Error so the dialog always reads `.message`. */
export function setError(error: Error | string): void {
  errorStore.set({ error: typeof error === 'string' ? new Error(error) : error, show: true });
}

export function clearError(): void {
  errorStore.set({ error: null, show: false });
}

export const useErrorState = () => useStore(errorStore);
