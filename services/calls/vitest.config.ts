import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Opening PGlite and a real PostgreSQL schema takes seconds on a busy 2-core machine.
  test: { hookTimeout: 60_000, testTimeout: 30_000 },
});
