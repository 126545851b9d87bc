import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './preact-aliases';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The tests run what ships: the packages that render go through Vite (below), resolved to their ES module
  // builds as a bundler would, so each one that imports React gets Preact like the app does.
  resolve: {
    alias: [
      ...PREACT_ALIASES,
      // The package's main is CommonJS, which Node would load with React itself.
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      // The service worker's registration, which only the production build provides.
      { find: 'virtual:pwa-register', replacement: fileURLToPath(new URL('src/test/pwa-register.ts', import.meta.url)) },
    ],
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'browser', 'main'],
  },
  // Tests of the server render (`@vitest-environment node`) resolve the same ES module builds, for Node:
  // a CommonJS build would require React itself.
  ssr: { resolve: { conditions: ['module', 'node', 'development'] } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole-app tests render the router and lazy pages; on a busy two-core machine that takes seconds.
    testTimeout: 60_000,
    // Packages that render with React, run through Vite so they get Preact (the rest load as they are).
    server: {
      deps: {
        inline: [
          /@testing-library\/react/,
          /@mui\//,
          /@emotion\//,
          /react-router/,
          /@tanstack\/react-query/,
          /@stripe\/react-stripe-js/,
          /react-transition-group/,
        ],
      },
    },
  },
});
