import { defineConfig } from 'vitest/config';

// A PGlite in memory runs initdb as it opens: seconds alone, tens of seconds on a busy machine.
export default defineConfig({ test: { hookTimeout: 120_000, testTimeout: 30_000 } });
