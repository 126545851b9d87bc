import { createStore } from '../store';

/** Set once a new version of the app is installed and waiting: `reload` switches to it. */
export const waitingUpdate = createStore<{ reload: () => Promise<void> } | null>(null);
