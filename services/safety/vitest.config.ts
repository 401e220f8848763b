import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PostgreSQL, Redis and NATS in containers when no *_URL names them (service-kit's testing-containers).
    globalSetup: ['@honne/service-kit/containers'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start PGlite or PostgreSQL schemas of their own; one file at a time keeps 2 cores responsive.
    fileParallelism: false,
  },
});
