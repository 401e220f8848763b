import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each file starts a whole stack on servers of its own and breaks them: one at a time.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
