/**
 * The synthetic user (issue 29): every SYNTHETIC_INTERVAL_MS, one round (round.ts) through the
 * gateway; its results on GET /metrics at SYNTHETIC_METRICS_PORT for Prometheus, one JSON log line
 * a round. SIGTERM ends it after the round under way.
 */
import { createLogger, serveMetricsOn } from '@honne/service-kit';

import { loadConfig } from './config.ts';
import { runRound } from './round.ts';

const config = loadConfig();
const log = createLogger('synthetic', config.logLevel);
const metrics = await serveMetricsOn(config.host, config.metricsPort);
log.info(
  { gateway: config.gatewayUrl, every_ms: config.intervalMs, metrics_port: config.metricsPort },
  'synthetic user started',
);

let stopping = false;
let wake: (() => void) | undefined;
const stop = () => {
  stopping = true;
  wake?.();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

while (!stopping) {
  const started = Date.now();
  const results = await runRound(config);
  const failed = results.find((r) => !r.ok && r.step !== 'overall');
  const steps = Object.fromEntries(results.map((r) => [r.step, r.ok ? Math.round(r.seconds * 1000) : 'failed']));
  if (failed) log.warn({ steps, failed: failed.step, error: failed.error }, 'synthetic round failed');
  else log.info({ steps }, 'synthetic round passed');
  const rest = Math.max(0, config.intervalMs - (Date.now() - started));
  await new Promise<void>((resolve) => {
    wake = resolve;
    setTimeout(resolve, rest).unref();
  });
}
metrics.close();
log.info('synthetic user stopped');
