import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
/** The embedded launcher's test clock control (scripts/start-embedded.ts); loopback only, never in production. */
export const E2E_CONTROL_PORT = E2E_PORT + 1;
/**
 * The embedded app's data (PGlite files, outbox) for this run; the journeys read codes from the
 * outbox. support/run.mjs makes a fresh one per run and passes it to every Playwright process.
 */
/** The payment provider's webhook signing secret of the app under test (the purchase journey signs with it). */
export const E2E_PURCHASE_SECRET = 'whsec_e2e_0123456789abcdef';
/**
 * The moderation service's first admin (services/safety README, Bootstrap): made from these while no
 * operator exists; the console journey signs in as it (its TOTP computed from the secret) and makes
 * the moderators it needs, and the journeys grant points and set ranks as it (ADR 0034).
 */
export const E2E_SAFETY_ADMIN = {
  email: 'e2e-safety-admin@example.jp',
  password: 'e2e safety admin password',
  totp: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `honne-e2e-${E2E_PORT}`);
/** The app's log of the run, read after it for secrets (support/log-scrub.ts). */
export const SERVER_LOG = path.join(E2E_DATA_DIR, 'server.log');
/** The app exports its traces to support/otlp-sink.mjs on this port, which keeps them in SPANS_FILE. */
export const E2E_OTLP_PORT = E2E_PORT + 2;
export const SPANS_FILE = path.join(E2E_DATA_DIR, 'spans.jsonl');
/** The app's Prometheus metrics (the gateway's METRICS_PORT), read after the run (support/observability.ts). */
export const E2E_METRICS_PORT = E2E_PORT + 3;
/** A real Prometheus scraping that port with the stack's SLO rules; the console's system page reads it. */
export const E2E_PROMETHEUS_PORT = E2E_PORT + 4;

// The journeys exercise the embedded defaults behind `npm start`; the API suites cover real servers.
const serverEnv: Record<string, string> = {};
for (const [k, v] of Object.entries(process.env)) {
  if (
    v !== undefined &&
    !k.endsWith('_DATABASE_URL') &&
    ![
      'DATABASE_URL',
      'NATS_URL',
      'REDIS_URL',
      'LIVEKIT_URL',
      'LIVEKIT_API_KEY',
      'LIVEKIT_API_SECRET',
      'SMTP_URL',
    ].includes(k)
  )
    serverEnv[k] = v;
}

export default defineConfig({
  testDir: './tests',
  // The call journeys need a fake microphone and a network namespace: support/calls-run.mjs.
  testIgnore: /(^|[\\/])calls-[^\\/]*\.spec\.ts$/,
  globalTeardown: './support/teardown.ts',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    viewport: { width: 375, height: 667 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    // The app's service worker answers the page's requests itself, which page.route() cannot see:
    // journeys run without it; pwa-*.spec.ts allow it and test it (docs/adr/0011).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // The log (info: every request) goes to a file the teardown reads for secrets.
      command: `mkdir -p '${E2E_DATA_DIR}' && npx tsx ${path.join(here, '..', 'scripts', 'start-embedded.ts')} >> '${SERVER_LOG}'`,
      url: `http://localhost:${E2E_PORT}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(E2E_PORT),
        HONNE_TEST_CONTROL_PORT: String(E2E_CONTROL_PORT),
        DATA_DIR: E2E_DATA_DIR,
        NODE_ENV: 'development',
        LOG_LEVEL: 'info',
        // Every journey signs up from 127.0.0.1; the limit itself is covered by the gateway's tests.
        RATE_LIMIT_AUTH_MAX: '1000',
        RATE_LIMIT_MAX: '10000',
        // New accounts sending fast in one room (chat-paging: 120 messages) and to many rooms: the
        // flood limits themselves are covered by services/chat/test/flood.test.ts (ADR 0028).
        FLOOD_ROOM_PER_MINUTE: '1000',
        FLOOD_NEW_ROOM_PER_MINUTE: '1000',
        FLOOD_SAME_TEXT_ROOMS: '50',
        FLOOD_NEW_SAME_TEXT_ROOMS: '50',
        // New accounts posting several voices a minute, often with the same text: the voices' limits
        // are covered by services/topics/test/flood.test.ts (ADR 0037).
        FLOOD_VOICES_PER_MINUTE: '1000',
        FLOOD_VOICES_PER_HOUR: '1000',
        FLOOD_NEW_VOICES_PER_MINUTE: '1000',
        FLOOD_NEW_VOICES_PER_HOUR: '1000',
        FLOOD_SAME_VOICE_TEXT: '1000',
        FLOOD_NEW_SAME_VOICE_TEXT: '1000',
        SAFETY_BOOTSTRAP_ADMIN_EMAIL: E2E_SAFETY_ADMIN.email,
        SAFETY_BOOTSTRAP_ADMIN_PASSWORD: E2E_SAFETY_ADMIN.password,
        SAFETY_BOOTSTRAP_ADMIN_TOTP_SECRET: E2E_SAFETY_ADMIN.totp,
        PURCHASE_WEBHOOK_SECRET: E2E_PURCHASE_SECRET,
        // An anonymous peer-to-peer call needs a relay (ADR 0021): the API journeys ring anonymously, so
        // the app is told of one (never reached: they place calls, no browser connects one). The call
        // journeys (support/calls-run.mjs) start a real TURN server and set these themselves.
        ICE_SERVERS: process.env.ICE_SERVERS ?? JSON.stringify([{ urls: ['turn:127.0.0.1:3478'] }]),
        // Issue 29: the journeys run with tracing on and metrics served, and the teardown reads both.
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${E2E_OTLP_PORT}`,
        OTEL_BSP_SCHEDULE_DELAY: '500',
        METRICS_PORT: String(E2E_METRICS_PORT),
        PROMETHEUS_URL: `http://127.0.0.1:${E2E_PROMETHEUS_PORT}`,
      },
    },
    {
      command: `mkdir -p '${E2E_DATA_DIR}' && node ${path.join(here, 'support', 'otlp-sink.mjs')} ${E2E_OTLP_PORT} '${SPANS_FILE}'`,
      url: `http://127.0.0.1:${E2E_OTLP_PORT}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `mkdir -p '${E2E_DATA_DIR}' && node ${path.join(here, 'support', 'prometheus.mjs')} ${E2E_PROMETHEUS_PORT} ${E2E_METRICS_PORT} '${E2E_DATA_DIR}'`,
      url: `http://127.0.0.1:${E2E_PROMETHEUS_PORT}/-/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
