import { messages } from '@honne/contracts';
import { events } from '@honne/contracts/events';
import { REALTIME_CLOSE, REALTIME_TYPES } from '@honne/contracts/realtime';
import { hasOpenSocket, publishToUser, realtimeKeys, systemClock, Tokens } from '@honne/service-kit';
import { eventually, requireOrSkip, testConfig, uniqueName, type InfraMode } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, TestSocket, type StartedGateway } from './helpers.ts';

const natsUrl = process.env.NATS_URL;
const redisUrl = process.env.REDIS_URL;
const present = requireOrSkip('NATS_URL and REDIS_URL for the two-gateway fan-out test', Boolean(natsUrl && redisUrl));

/**
 * Two gateway instances, each with its own NATS connection and its own Redis connection (same
 * keys), as two processes behind a load balancer would have: an event published through one
 * instance's bus reaches a socket held by the other.
 */
describe.runIf(present)('real-time fan-out across gateway instances (NATS + Redis)', () => {
  const mode: InfraMode = { name: 'real', natsUrl, redisUrl, databaseUrl: process.env.DATABASE_URL };
  const keyPrefix = `${uniqueName('honne')}:`;
  let h: Harness;
  let a: StartedGateway;
  let b: StartedGateway;

  beforeAll(async () => {
    h = await Harness.start(mode);
    a = await h.separateInstance('gateway-a', keyPrefix);
    b = await h.separateInstance('gateway-b', keyPrefix);
  });
  afterAll(() => h?.close());

  it('delivers an event published through one instance to a socket on the other, with its seq', async () => {
    expect(a.ctx.bus).not.toBe(b.ctx.bus);
    const userId = uniqueName('user');
    const sessionId = uniqueName('session');
    // Issued into the instances' Redis (as accounts would), not the harness's.
    const token = await new Tokens(testConfig('gateway', mode).jwtSecret, a.ctx.cache).issue(
      { userId, sessionId },
      new Date(),
    );

    const onB = await TestSocket.open(`${b.wsUrl}/api/v1/realtime?token=${token}`);
    expect(await onB.next()).toMatchObject({ type: REALTIME_TYPES.hello, data: { seq: 0 } });
    expect(b.hub.size).toBe(1);
    expect(a.hub.size).toBe(0);

    const viaA = { bus: a.ctx.bus, cache: a.ctx.cache, clock: systemClock };
    for (let i = 1; i <= 5; i++) await publishToUser(viaA, userId, 'message.created', { i });
    const frames = await onB.take(5);
    expect(frames.map((f) => f.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(frames.map((f) => (f.data as { i: number }).i)).toEqual([1, 2, 3, 4, 5]);

    // A forced logout announced on A's connection closes the socket held by B.
    await a.ctx.bus.publish(events.sessionRevoked, { user_id: userId, session_id: sessionId, reason: 'other_device' });
    expect(await onB.next()).toMatchObject({
      type: REALTIME_TYPES.forcedLogout,
      data: { message: messages.forcedLogout },
    });
    expect((await onB.closed).code).toBe(REALTIME_CLOSE.forcedLogout);
  });

  it('counts a user online while any instance holds a socket: the last one closing on A leaves B’s mark (web push reads it)', async () => {
    const userId = uniqueName('user');
    const token = await new Tokens(testConfig('gateway', mode).jwtSecret, a.ctx.cache).issue(
      { userId, sessionId: uniqueName('session') },
      new Date(),
    );
    const members = () => a.ctx.cache.liveMembers(realtimeKeys.online(userId));
    expect(await hasOpenSocket(a.ctx, userId)).toBe(false);
    const onA = await TestSocket.open(`${a.wsUrl}/api/v1/realtime?token=${token}`);
    const onB = await TestSocket.open(`${b.wsUrl}/api/v1/realtime?token=${token}`);
    for (const socket of [onA, onB]) expect(await socket.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    await eventually(async () => expect(await members()).toBe(2));

    // A's last socket of the user closes: A's mark goes, B's stays, so no push goes out.
    await onA.close();
    await eventually(() => expect(a.hub.size).toBe(0));
    // A's cache connection has carried out what A sent it before this round trip.
    await a.ctx.cache.ping();
    expect(await members()).toBe(1);
    expect(await hasOpenSocket(a.ctx, userId)).toBe(true);
    expect(await hasOpenSocket(b.ctx, userId)).toBe(true);

    await onB.close();
    await eventually(async () => expect(await hasOpenSocket(a.ctx, userId)).toBe(false));
  });
});
