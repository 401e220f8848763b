import { service } from './server.ts';

await service.main();
