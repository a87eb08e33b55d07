import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/i18n', 'apps/api', 'apps/web'],
    // Two test files at a time (vitest's default is cores - 1: one on a 2-core machine). Many API files spend their time
    // waiting on child processes, timers and the database's worker thread; the measured suite is ~40 % faster so.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95 },
    },
  },
});
