import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PostgreSQL, Redis and NATS in containers when no *_URL names them (service-kit's testing-containers).
    globalSetup: ['@honne/service-kit/containers'],
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Suites share NATS/Redis/PostgreSQL in real mode; one file at a time keeps runs predictable on 2 cores.
    fileParallelism: false,
  },
});
