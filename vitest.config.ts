import { defineConfig } from 'vitest/config';

// Each workspace keeps its own test config; this runs them all.
export default defineConfig({
  test: { projects: ['packages/core', 'apps/server', 'apps/web'] },
});
