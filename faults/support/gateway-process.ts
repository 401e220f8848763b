// One gateway instance in a process of its own, so a test can kill -9 it while it holds sockets.
// Configured from the environment as in production; says its URL to the parent over IPC and
// answers memory questions (the slow-reader test reads its heap after a full collection).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createService, loadConfig } from '@honne/gateway';

const config = loadConfig({
  ...process.env,
  PORT: process.env.FAULTS_GATEWAY_PORT ?? '0',
  HOST: '127.0.0.1',
  // The built frontends only for the browser check (FAULTS_SERVE_FRONTENDS); otherwise none.
  ...(process.env.FAULTS_SERVE_FRONTENDS ? {} : { STATIC_DIR: mkdtempSync(path.join(os.tmpdir(), 'faults-static-')) }),
});
const gateway = await createService(config);
const url = await gateway.app.listen({ host: config.host, port: config.port });

process.on('message', (msg: { type: string }) => {
  if (msg.type !== 'memory') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  process.send?.({ type: 'memory', rss, heapUsed, external, sockets: gateway.hub.size });
});
process.send?.({ type: 'ready', url });
process.once('SIGTERM', () => void gateway.close().then(() => process.exit(0)));
// The test process died without stopping us (a crash, a timeout): go too.
process.once('disconnect', () => process.exit(0));
