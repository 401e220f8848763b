import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Suites share NATS/Redis/PostgreSQL in real mode; one file at a time keeps runs predictable on 2 cores.
    fileParallelism: false,
  },
});
