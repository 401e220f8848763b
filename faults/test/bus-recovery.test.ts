import { events } from '@honne/contracts/events';
import type { RealtimeEvent } from '@honne/contracts/realtime';
import { realtimeEvents } from '@honne/contracts/realtime-events';
import { createLogger, NatsBus, publishToUserSurely, RedisCache, replayFor, systemClock } from '@honne/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { faultSuiteRuns, NatsServer, RedisServer } from '../support/servers.ts';

const real = faultSuiteRuns('nats-server and redis-server');

/** Resolves the first time `listener` is called with `true`. */
function nextUp(on: (listener: (up: boolean) => void) => void): Promise<number> {
  return new Promise((resolve) => on((up) => up && resolve(performance.now())));
}

// The kit's retry of a stored message's real-time event, against a NATS server of its own that it
// kills: the event waits for NATS, and goes as soon as NATS is back rather than at its next pause.
describe.runIf(real)('publishToUserSurely while NATS is down', () => {
  let nats: NatsServer;
  let redis: RedisServer;
  let publisher: NatsBus;
  let cache: RedisCache;
  const log = createLogger('bus-recovery', process.env.FAULTS_LOG_LEVEL ?? 'silent');

  beforeAll(async () => {
    [nats, redis] = await Promise.all([NatsServer.create(), RedisServer.create()]);
    // Nothing held while down: a publish then fails, as it does once a long outage fills the hold.
    publisher = await NatsBus.connect(nats.url, 'publisher', log, { holdWhileDown: 0 });
    cache = await RedisCache.connect(redis.url, `bus-recovery-${process.pid}:`);
  });
  afterAll(async () => {
    await Promise.allSettled([publisher?.close(), cache?.close()]);
    await Promise.allSettled([nats?.close(), redis?.close()]);
  });

  it('the bus says when it is lost and back; the event is logged once and delivered once NATS is back, not at the end of a pause', async () => {
    const received: RealtimeEvent[] = [];
    // The publisher's own subscription stands for the gateway: a client re-subscribes before it says
    // it is back, so nothing sent after that can miss it (two clients reconnect in either order).
    publisher.subscribe(events.realtimeDelivered, ({ event }) => void received.push(event));
    const lost = new Promise<void>((resolve) => publisher.onAvailability((up) => !up && resolve()));
    const publisherBack = nextUp((l) => publisher.onAvailability(l));

    await nats.kill();
    await lost;
    const ctx = { bus: publisher, cache, clock: systemClock, log };
    await publishToUserSurely(ctx, 'u1', realtimeEvents.pointsChanged, { balance: 7 });
    // Logged for replay at once (Redis is up), not sent: NATS is away.
    expect((await replayFor(ctx, 'u1', 0)).map((e) => e.seq)).toEqual([1]);

    // Down long enough that the retries (250 ms, 500 ms, 1 s, 2 s, 4 s apart) are into an 8 s pause.
    await new Promise((r) => setTimeout(r, 8_000));
    expect(received).toHaveLength(0);
    await nats.start();
    const publisherAt = await publisherBack;

    while (received.length === 0) await new Promise((r) => setTimeout(r, 10));
    const arrivedAt = performance.now();
    // The next scheduled try is seconds away: only the bus's recovery can have sent it this soon.
    expect(arrivedAt - publisherAt).toBeLessThan(2_000);
    expect(received.map((e) => [e.seq, e.data])).toEqual([[1, { balance: 7 }]]);
    // Sent again with its seq, not logged a second time.
    expect((await replayFor(ctx, 'u1', 0)).map((e) => e.seq)).toEqual([1]);
  });
});
