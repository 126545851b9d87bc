import { defineConfig } from 'vitest/config';

// Each workspace keeps its own test config; this runs them all.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // One file per core: vitest's default (cores - 1) ran one file at a time on two cores, while
    // the integration suites wait on sockets and child processes about a third of the time.
    maxWorkers: '100%',
  },
});
