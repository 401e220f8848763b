import { defineConfig } from '@playwright/test';

import calls from './playwright.calls.config.ts';

/**
 * The call benchmarks (bench/README.md, "Calls"): the call journeys' browser and app, run by
 * support/calls-run.mjs in the same loopback-only namespaces, one run per transport. Not tests:
 * they assert nothing about time and print and save their figures.
 */
export default defineConfig({
  ...calls,
  testDir: './bench',
  testMatch: /\.bench\.ts$/,
  timeout: 900_000,
  retries: 0,
});
