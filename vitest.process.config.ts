import { defineConfig } from 'vitest/config';

// Process-level proofs (npm run test:durability, npm run test:cluster): each file starts the real
// server as child processes and signals or shares them. One file at a time: they load the machine.
export default defineConfig({
  test: {
    include: ['tests/process/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
