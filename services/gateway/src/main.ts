import { listenAndHandleSignals } from '@honne/service-kit';

import { limitsOf } from './config.ts';
import { createService, loadConfig } from './server.ts';

const config = loadConfig();
const gateway = await createService(config);
await listenAndHandleSignals(
  gateway.app,
  config.host,
  config.port,
  gateway.ctx.log,
  gateway.close,
  limitsOf(config).shutdownGraceMs,
);
