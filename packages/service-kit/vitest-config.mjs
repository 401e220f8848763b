// Plain JavaScript: vitest loads config files with Node itself, which cannot import TypeScript.
import { defineConfig, mergeConfig } from 'vitest/config';

/**
 * The vitest settings every service's suites share; a service passes only what differs.
 * @param {import('vitest/config').UserConfig} [overrides]
 */
export function serviceTestConfig(overrides = {}) {
  return mergeConfig(
    defineConfig({
      test: {
        // PostgreSQL, Redis and NATS in containers when no *_URL names them (src/testing-containers.ts).
        globalSetup: ['@honne/service-kit/containers'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
        // Suites start PGlite or PostgreSQL schemas of their own; one file at a time keeps 2 cores
        // responsive and runs predictable where suites share NATS, Redis and PostgreSQL.
        fileParallelism: false,
        // One process for all of a package's files: each file's modules are loaded once, and its
        // embedded suites share the process's one in-memory PGlite (src/db.ts), whose start costs
        // seconds where a schema costs milliseconds. Suites already keep to schemas, users and bus
        // subjects of their own (uniqueName, testRunPrefix), as they must beside each other on NATS.
        isolate: false,
      },
    }),
    overrides,
  );
}
