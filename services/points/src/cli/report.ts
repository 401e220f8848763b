/**
 * Operator CLI over the same code as the console's `GET /api/v1/admin/safety/points/reports/unused` (ADR 0034):
 *   node ../../scripts/pnpm.mjs run report [YYYY-03-31 | YYYY-09-30]   (in services/points)
 * Without a date: the latest base date that has ended. Reads the same env as the service.
 */
import { unusedBalanceReport } from '../ledger/report.ts';
import { service } from '../server.ts';

const [baseDate] = process.argv.slice(2);
const config = service.loadConfig();
// A deployed database is migrated by its own step; PGlite is this process's alone.
const ctx = await service.createContext(config, { migrate: !config.databaseUrl });
try {
  process.stdout.write(`${JSON.stringify(await unusedBalanceReport(ctx, baseDate))}\n`);
} catch (err) {
  process.stderr.write(`${(err as Error).message}: the base date is YYYY-03-31 or YYYY-09-30\n`);
  process.exitCode = 2;
} finally {
  await ctx.close();
}
