import { MemoryCache } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, describe, expect, it } from 'vitest';

import { revokeSessions } from '../src/db/repos/sessions.ts';

import { startHarness } from './harness.ts';

// Issue 11: on the embedded start sessions lived only in the memory cache, so a restart logged
// everyone out. A restart here is a new accounts service on the same database with a new,
// empty memory cache, as `npm start` run again gets.
describe.each(infraModes())('sessions across a restart ($name)', (mode) => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  it('keeps a signed-in user signed in, and an ended session ended', async () => {
    const h = await startHarness(mode, {}, { persistentDb: true });
    closers.push(() => h.close());
    const kept = await h.register('kept@example.jp');
    const ended = await h.register('ended@example.jp');
    await revokeSessions(h.ctx.db, [ended.caller.sessionId], 'logout', h.clock.now());

    const restarted = await h.restartAccounts(new MemoryCache());
    expect(await restarted.ctx.tokens.verify(kept.access_token, h.clock.now())).toEqual(kept.caller);
    expect(await restarted.ctx.tokens.verify(ended.access_token, h.clock.now())).toBeUndefined();
    // Two start-ups of PGlite from files: ~18 s on an idle 2-core machine, twice that under load.
  }, 120_000);
});
