import { listenAndHandleSignals, serveMetricsOn } from '@honne/service-kit';

import { limitsOf } from './config.ts';
import { createService, loadConfig } from './server.ts';

const config = loadConfig();
const gateway = await createService(config);
if (config.metricsPort) await serveMetricsOn(config.host, config.metricsPort);
await listenAndHandleSignals(
  gateway.app,
  config.host,
  config.port,
  gateway.ctx.log,
  gateway.close,
  limitsOf(config).shutdownGraceMs,
);
