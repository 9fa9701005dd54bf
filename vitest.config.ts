import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Most of a test's time is spent waiting on disk syncs and PostgreSQL, not on the CPU: on a
    // 2-core machine four files at once finish in about half the time of the default one.
    maxWorkers: 4,
  },
});
