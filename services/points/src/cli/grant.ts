/**
 * Operator CLI over the same code as the console's `POST /api/v1/admin/safety/points/grants` (ADR 0034):
 *   node ../../scripts/pnpm.mjs run grant <user_id> <amount> <reason> <idempotency_key>   (in services/points)
 * The actor recorded is `cli:$USER`. Reads the same env as the service (DATABASE_URL, …).
 */
import os from 'node:os';

import { validAmount } from '../domain/ledger.ts';
import { grantPoints } from '../ledger/grant.ts';
import { service } from '../server.ts';

const [userId, amountText, reason, key] = process.argv.slice(2);
const amount = Number(amountText);
if (!userId || !reason || !key || !validAmount(amount)) {
  process.stderr.write('usage: grant <user_id> <amount 1..1000000> <reason> <idempotency_key>\n');
  process.exit(2);
}
const config = service.loadConfig();
// A deployed database is migrated by its own step; PGlite is this process's alone.
const ctx = await service.createContext(config, { migrate: !config.databaseUrl });
try {
  const result = await grantPoints(
    ctx,
    { user_id: userId, amount, reason, idempotency_key: key },
    `cli:${os.userInfo().username}`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await ctx.close();
}
