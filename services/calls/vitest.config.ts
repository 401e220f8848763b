import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Opening PGlite and a real PostgreSQL schema takes seconds on a busy 2-core machine, and the
  // call suites start two services (calls and the real chat) per mode.
  test: {
    hookTimeout: 120_000,
    testTimeout: 30_000,
    // PostgreSQL, Redis, NATS and LiveKit in containers when no *_URL names them.
    globalSetup: ['./test/containers.ts'],
    // One process for every file, one in-memory PGlite for every embedded suite (the kit's vitest-config.mjs says why).
    fileParallelism: false,
    isolate: false,
  },
});
