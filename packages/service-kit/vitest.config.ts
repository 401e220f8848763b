import { defineConfig } from 'vitest/config';

export default defineConfig({
  // PostgreSQL, Redis and NATS in containers when no *_URL names them (src/testing-containers.ts).
  test: { globalSetup: ['./src/testing-containers.ts'] },
});
