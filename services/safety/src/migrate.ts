import { service } from './server.ts';

await service.migrate(service.loadConfig());
