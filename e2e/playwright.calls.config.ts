import { defineConfig } from '@playwright/test';

import base from './playwright.config.ts';

/**
 * The call journeys (support/calls-run.mjs runs them in a loopback-only network namespace, once
 * per transport). Chromium gets a fake microphone playing a steady tone from a file the journey
 * writes, and may pair peer connections over loopback. With LIVEKIT_* set by calls-run.mjs the
 * app under test carries calls through that livekit-server.
 */
export const FAKE_AUDIO_WAV = `${process.env.E2E_DATA_DIR ?? '/tmp'}/fake-voice.wav`;

const livekit: Record<string, string> =
  process.env.HONNE_E2E_KEEP_LIVEKIT === '1'
    ? {
        LIVEKIT_URL: process.env.LIVEKIT_URL ?? '',
        LIVEKIT_API_KEY: process.env.LIVEKIT_API_KEY ?? '',
        LIVEKIT_API_SECRET: process.env.LIVEKIT_API_SECRET ?? '',
      }
    : {};

// The app alone: the call runs keep no traces (the main journeys' teardown reads them) and no metrics port.
const app = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
const {
  OTEL_EXPORTER_OTLP_ENDPOINT: _traces,
  METRICS_PORT: _metrics,
  PROMETHEUS_URL: _prometheus,
  ...appEnv
} = app.env ?? {};
const webServer = { ...app, env: appEnv };

export default defineConfig({
  ...base,
  testMatch: /(^|[\\/])calls-[^\\/]*\.spec\.ts$/,
  testIgnore: [],
  // Apart from the main journeys' (one run of `npm test` runs both), per transport.
  outputDir: `./artifacts/results-calls-${process.env.HONNE_CALLS_TRANSPORT ?? 'any'}`,
  reporter: [
    ['list'],
    ['html', { outputFolder: `./artifacts/report-calls-${process.env.HONNE_CALLS_TRANSPORT ?? 'any'}`, open: 'never' }],
  ],
  timeout: 180_000,
  globalSetup: './support/fake-audio.ts',
  // The log's secrets only: the traces and metrics are the main journeys' (support/teardown.ts).
  globalTeardown: './support/log-scrub.ts',
  use: {
    ...base.use,
    permissions: ['microphone'],
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-audio-capture=${FAKE_AUDIO_WAV}`,
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: { ...webServer, env: { ...webServer.env, ...livekit } },
});
