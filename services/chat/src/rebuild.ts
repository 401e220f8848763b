/**
 * `pnpm --filter @honne/chat rebuild`: chat's copies of accounts' names, blocks and friendships
 * rebuilt from accounts (which must be running, on the same NATS), and the data of users accounts
 * no longer has removed; then exits. Safe while chat runs.
 */
import { rebuildReadModels } from './events/rebuild.ts';
import { loadConfig, service } from './server.ts';

const ctx = await service.createContext(loadConfig(process.env), { migrate: false });
try {
  ctx.log.info(await rebuildReadModels(ctx), 'read models rebuilt from accounts');
} finally {
  await ctx.close();
}
