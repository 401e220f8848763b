import { requests } from '@honne/contracts/events';
import { REALTIME_CLOSE, REALTIME_TYPES, type RealtimeCommandResult } from '@honne/contracts/realtime';
import { Tokens, type Subscription } from '@honne/service-kit';
import { eventually, requireOrSkip, testConfig, uniqueName, type InfraMode } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Harness, TestSocket, type StartedGateway } from './helpers.ts';

const natsUrl = process.env.NATS_URL;
const redisUrl = process.env.REDIS_URL;
const present = requireOrSkip(
  'NATS_URL and REDIS_URL for the two-gateway per-user limits',
  Boolean(natsUrl && redisUrl),
);

/**
 * Issue 25: the per-user socket cap and command budget were counted in each gateway's memory, so
 * N instances allowed N times each. Two instances, each with its own NATS and Redis connections (as
 * two processes behind the proxy), share one count.
 */
describe.runIf(present)('per-user real-time limits across gateway instances (NATS + Redis)', () => {
  const mode: InfraMode = { name: 'real', natsUrl, redisUrl, databaseUrl: process.env.DATABASE_URL };
  const keyPrefix = `${uniqueName('honne')}:`;
  let h: Harness;
  let a: StartedGateway;
  let b: StartedGateway;
  let responder: Subscription;
  const instance = (name: string) =>
    h.separateInstance(name, keyPrefix, { rateLimitMax: 4, limits: { maxSocketsPerUser: 2 } });

  beforeAll(async () => {
    h = await Harness.start(mode);
    a = await instance('gateway-a');
    b = await instance('gateway-b');
    responder = a.ctx.bus.respond(
      requests.chatMessageSend,
      async () => ({ status: 200, body: { data: null, status: 200, error: null, last_doc_id: null } }),
      { queue: 'chat' },
    );
    await a.ctx.bus.flush();
  });
  afterAll(async () => {
    responder?.unsubscribe();
    await h?.close();
  });

  const tokenFor = (userId: string) =>
    new Tokens(testConfig('gateway', mode).jwtSecret, a.ctx.cache).issue(
      { userId, sessionId: uniqueName('session') },
      new Date(),
    );
  const open = async (gw: StartedGateway, token: string) => {
    const socket = await TestSocket.open(`${gw.wsUrl}/api/v1/realtime?token=${encodeURIComponent(token)}`);
    expect(await socket.next()).toMatchObject({ type: REALTIME_TYPES.hello });
    return socket;
  };

  it('holds the socket cap over both instances: the oldest closes (4408) wherever it is', async () => {
    const token = await tokenFor(uniqueName('user'));
    const first = await open(a, token);
    const second = await open(a, token);
    const third = await open(b, token);
    expect((await first.closed).code).toBe(REALTIME_CLOSE.replaced);
    await eventually(() => expect(a.hub.size + b.hub.size).toBe(2));
    // And the other way round: a socket on A makes the oldest left (on A) go, then B's.
    const fourth = await open(a, token);
    expect((await second.closed).code).toBe(REALTIME_CLOSE.replaced);
    await open(a, token);
    expect((await third.closed).code).toBe(REALTIME_CLOSE.replaced);
    await eventually(() => expect(a.hub.size + b.hub.size).toBe(2));
    await fourth.close();
  });

  it('shares one command budget among the user’s sockets on both instances', async () => {
    // Fresh instances: the budget is the general HTTP limit's number, which the upgrades above spent.
    const [c, d] = [await instance('gateway-c'), await instance('gateway-d')];
    const token = await tokenFor(uniqueName('user'));
    const sockets = [await open(c, token), await open(d, token)];
    for (const [n, socket] of sockets.entries())
      for (let i = 0; i < 3; i++) socket.send({ type: 'command', ref: `c-${n}-${i}`, name: 'message.send', body: {} });
    const results = (await Promise.all(sockets.map((s) => s.take(3)))).flat();
    const statuses = results.map((f) => (f.data as RealtimeCommandResult).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    await Promise.all(sockets.map((s) => s.close()));
  });

  it('lets commands far from the limit through on one instance’s word, and still stops at the limit over both', async () => {
    // A budget of 40 (above the margin): most commands go without waiting for Redis, each counted within
    // a flush; the last places wait for their own count, and one left for the other instance's unseen one.
    const [e, f] = await Promise.all(
      ['gateway-e', 'gateway-f'].map((name) =>
        h.separateInstance(name, keyPrefix, { rateLimitMax: 40, limits: { maxSocketsPerUser: 2 } }),
      ),
    );
    const userId = uniqueName('user');
    const token = await tokenFor(userId);
    const sockets = [await open(e!, token), await open(f!, token)];
    for (const [n, socket] of sockets.entries())
      for (let i = 0; i < 25; i++) socket.send({ type: 'command', ref: `b-${n}-${i}`, name: 'message.send', body: {} });
    const results = (await Promise.all(sockets.map((s) => s.take(25)))).flat();
    const allowed = results.filter((r) => (r.data as RealtimeCommandResult).status === 200).length;
    expect(allowed).toBeGreaterThanOrEqual(39);
    expect(allowed).toBeLessThanOrEqual(40);
    // Every command is in the shared count once, those let through on an instance's word included.
    await eventually(async () => expect(Number(await e!.ctx.cache.redis!.get(`rt:user-commands:${userId}`))).toBe(50));
    await Promise.all(sockets.map((s) => s.close()));
  });
});
