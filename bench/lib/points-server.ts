// The points service alone, as the upstream both sides of the HTTP bench reach.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, loadConfig } from '@honne/points';

import { answerMeasurements, reply } from './child.ts';

const config = loadConfig({
  ...process.env,
  POINTS_PORT: '0',
  DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-points-')),
});
const schema = `bench_points_${process.pid}`;
const service = await createService(config, { inMemoryDb: !config.databaseUrl, schema });
const url = await service.app.listen({ host: '127.0.0.1', port: 0 });
answerMeasurements();
reply({ type: 'ready', url, schema, db: config.databaseUrl ? 'postgresql' : 'pglite' });
process.once('SIGTERM', () => void service.close().then(() => process.exit(0)));
