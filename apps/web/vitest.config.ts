import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      // The service worker's registration, which only the production build provides.
      { find: 'virtual:pwa-register', replacement: fileURLToPath(new URL('src/test/pwa-register.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A guard against hangs, not a speed check: a whole-app test's first render compiles its lazy
    // page through Vite, and the longest take 9 s alone and 13 s while two files share two cores.
    testTimeout: 30_000,
  },
});
