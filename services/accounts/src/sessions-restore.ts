import type { AppContext } from './context.ts';
import { allLiveSessions } from './db/repos/sessions.ts';

/**
 * Sessions live in accounts' database; the cache only marks them live for the gateway's token
 * check. The embedded start's cache is memory, so a restart lost every mark and logged everyone
 * out. On a memory cache the marks are put back from the database at start-up (Redis keeps its
 * own). Each access token still ends at its own expiry; ended sessions stay ended.
 */
export async function restoreLiveSessions(ctx: AppContext): Promise<void> {
  if (ctx.cache.kind !== 'memory') return;
  const sessions = await allLiveSessions(ctx.db);
  for (const s of sessions) await ctx.tokens.markLive({ userId: s.user_id, sessionId: s.id });
  if (sessions.length > 0) ctx.log.info({ sessions: sessions.length }, 'live sessions restored to the memory cache');
}
