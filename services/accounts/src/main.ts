import { listenAndHandleSignals } from '@honne/service-kit';

import { createService, loadConfig } from './server.ts';

const config = loadConfig();
const service = await createService(config);
await listenAndHandleSignals(service.app, config.host, config.port, service.ctx.log, service.close);
