import { defineConfig } from 'vitest/config';

// The suite starts the embedded stack (scripts/start-embedded.ts) as a child process of its own:
// no servers from the kit's globalSetup are needed.
export default defineConfig({ test: { testTimeout: 120_000, hookTimeout: 180_000 } });
