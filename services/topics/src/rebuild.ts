/**
 * `pnpm --filter @honne/topics rebuild`: topics' copies of accounts' user cards and blocks, and of
 * chat's rooms on voices (history and replies), rebuilt from accounts and chat (which must be
 * running, on the same NATS); the entries of rooms chat no longer has and the data of users
 * accounts no longer has removed; then exits. Safe while topics runs.
 */
import { rebuildReadModels } from './events/rebuild.ts';
import { loadConfig, service } from './server.ts';

const ctx = await service.createContext(loadConfig(process.env), { migrate: false });
try {
  ctx.log.info(await rebuildReadModels(ctx), 'read models rebuilt from accounts and chat');
} finally {
  await ctx.close();
}
