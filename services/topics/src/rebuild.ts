/**
 * `pnpm --filter @honne/topics rebuild`: topics' copies of accounts' user cards and blocks rebuilt
 * from accounts (which must be running, on the same NATS), then exits. Safe while topics runs.
 */
import { rebuildReadModels } from './events/rebuild.ts';
import { loadConfig, service } from './server.ts';

const ctx = await service.createContext(loadConfig(process.env), { migrate: false });
try {
  ctx.log.info(await rebuildReadModels(ctx), 'read models rebuilt from accounts');
} finally {
  await ctx.close();
}
