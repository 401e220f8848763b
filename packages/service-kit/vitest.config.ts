import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PostgreSQL, Redis and NATS in containers when no *_URL names them (src/testing-containers.ts).
    globalSetup: ['./src/testing-containers.ts'],
    // Opening PGlite or a PostgreSQL schema takes seconds on a busy 2-core machine (a PGlite in
    // memory runs initdb as it opens: tens of seconds under load).
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One process for every file, one in-memory PGlite for every embedded suite (vitest-config.mjs says why).
    fileParallelism: false,
    isolate: false,
  },
});
