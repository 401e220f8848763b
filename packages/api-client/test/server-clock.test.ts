import { describe, expect, it } from 'vitest';

import type { ApiClient } from '../src/client.ts';
import { ServerClock, TIME_SYNC_INTERVAL_MS } from '../src/server-clock.ts';

/** A phone clock we move by hand, and a server that answers after `rtt` ms of it. */
function world(serverAheadMs: number, rttMs = 200) {
  let local = 1_700_000_000_000;
  const calls: string[] = [];
  let fail = false;
  const client = {
    call: async (endpoint: { url: string }) => {
      calls.push(endpoint.url);
      if (fail) throw new Error('offline');
      local += rttMs / 2;
      const epoch_ms = local + serverAheadMs;
      local += rttMs / 2;
      return { data: { epoch_ms, now: new Date(epoch_ms).toISOString() }, status: 200, last_doc_id: null };
    },
  } as unknown as Pick<ApiClient, 'call'>;
  const timers: { fn: () => void; ms: number }[] = [];
  const clock = new ServerClock(client, {
    now: () => local,
    setInterval: (fn, ms) => timers.push({ fn, ms }),
    clearInterval: () => (timers.length = 0),
  });
  return {
    clock,
    calls,
    timers,
    local: () => local,
    failNext: (f: boolean) => (fail = f),
  };
}

describe('ServerClock', () => {
  it('corrects a phone 5 minutes slow to the server’s time (half the round trip counted)', async () => {
    const w = world(5 * 60_000);
    expect(w.clock.now()).toBe(w.local());
    await w.clock.sync();
    expect(w.calls).toEqual(['/users/timeserver']);
    expect(w.clock.offset).toBe(5 * 60_000);
    expect(w.clock.now()).toBe(w.local() + 5 * 60_000);
  });

  it('syncs at start and every 30 s, keeps the last offset when a sync fails, and stops', async () => {
    const w = world(-90_000);
    const changes: number[] = [];
    w.clock.onChange(() => changes.push(w.clock.offset));
    const stop = w.clock.start();
    await Promise.resolve();
    await Promise.resolve();
    expect(w.timers.map((t) => t.ms)).toEqual([TIME_SYNC_INTERVAL_MS]);
    expect(changes).toEqual([-90_000]);
    w.failNext(true);
    w.timers[0]!.fn();
    await Promise.resolve();
    expect(w.calls).toHaveLength(2);
    expect(w.clock.offset).toBe(-90_000);
    stop();
    expect(w.timers).toEqual([]);
  });
});
