import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: { alias: { 'virtual:pwa-register': fileURLToPath(new URL('src/test/pwa-register.ts', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Whole-app tests render the router and lazy pages; on a busy two-core machine that takes seconds.
    testTimeout: 20_000,
  },
});
