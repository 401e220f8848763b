/**
 * `pnpm --filter @honne/points rebuild`: points' copies of accounts' facts (age groups and parent
 * accounts, a ledger account per user) rebuilt from accounts, which must be running on the same
 * NATS, and the data of users accounts no longer has removed; then exits. Safe while points runs.
 */
import { rebuildReadModels } from '../events/rebuild.ts';
import { service } from '../server.ts';

const config = service.loadConfig();
// A deployed database is migrated by its own step; PGlite is this process's alone.
const ctx = await service.createContext(config, { migrate: !config.databaseUrl });
try {
  ctx.log.info(await rebuildReadModels(ctx), 'read models rebuilt from accounts');
} finally {
  await ctx.close();
}
