import { requireOrSkip } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { conversation, User } from '../support/client.ts';
import { canRunOwnServers } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';

const real =
  requireOrSkip(
    'real infrastructure (DATABASE_URL, NATS_URL, REDIS_URL)',
    Boolean(process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL),
  ) && requireOrSkip('root with nats-server, redis-server and pg_createcluster (the fault suite)', canRunOwnServers());

/** Resolves once `user` has received a live message with this text. */
async function arrival(user: User, data: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  // The faults client records arrivals in an array; checking it each 20 ms bounds the wait only.
  while (!user.received.some((m) => m.data === data)) {
    if (performance.now() > deadline) throw new Error(`"${data}" did not arrive within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// What the app is told while a part is down (the shell's banner), and that it is told it is back.
describe.runIf(real)('the gateway tells open sockets when Redis or NATS is down, and when it is back', () => {
  let stack: Stack;
  let a: User;
  let b: User;
  let room: string;

  // Both faults on one stack, one after the other, as they come in life: the Redis blip comes while
  // the services are still reconnecting to NATS (their backoff outlasts the gateway's). A message's
  // event published then was handed to nats.js, which drops what it holds at each reconnect try,
  // after the gateway had already caught up: stored but never delivered live (session 8). The bus
  // now holds such events itself and sends them once it is back.
  beforeAll(async () => {
    stack = await Stack.start(1);
    [a, b] = [await User.signUp(stack, 'owner'), await User.signUp(stack, 'replier')];
    room = await conversation(a, b);
    await a.connect(stack.gateways[0]!);
  });
  afterAll(async () => {
    a?.stop();
    b?.stop();
    await stack?.close();
  });

  it('NATS down: open sockets hear {down:[bus]}, a socket opened meanwhile hears it after hello; a send is stored and arrives once NATS is back, with {down:[]}', async () => {
    const down = a.nextSystemStatus((s) => s.down.includes('bus'));
    await stack.nats.kill();
    expect(await down).toEqual({ down: ['bus'] });

    // b opens the app during the outage: its socket is told at once.
    const told = new Promise<void>((resolve, reject) => {
      b.connect(stack.gateways[0]!).catch(reject);
      b.nextSystemStatus((s) => s.down.includes('bus')).then(() => resolve(), reject);
    });
    await told;

    // A send over HTTP needs no bus: it is stored now and answered (the chat screen falls back to it).
    const sent = await b.send(room, 'NATSが落ちている間に');
    expect(sent.status).toBeDefined();
    expect(a.received.some((m) => m.data === 'NATSが落ちている間に')).toBe(false);

    const back = a.nextSystemStatus((s) => s.down.length === 0);
    await stack.nats.start();
    expect(await back).toEqual({ down: [] });
    await arrival(a, 'NATSが落ちている間に');
    expect(a.received.filter((m) => m.data === 'NATSが落ちている間に')).toHaveLength(1);
    expect((await a.history(room)).filter((m) => m.data === 'NATSが落ちている間に')).toHaveLength(1);
  });

  it('Redis down: open sockets hear {down:[cache]}; a send retried through the outage is stored once and arrives once Redis is back, with {down:[]}', async () => {
    const down = a.nextSystemStatus((s) => s.down.includes('cache'));
    await stack.redis.kill();
    expect(await down).toEqual({ down: ['cache'] });

    // The app retries with the same client_id (the chat screen keeps it and resends on recovery).
    const sending = b.send(room, 'Redisが落ちている間に');
    const back = a.nextSystemStatus((s) => s.down.length === 0);
    await stack.redis.start();
    expect(await back).toEqual({ down: [] });
    await sending;
    await arrival(a, 'Redisが落ちている間に');
    expect(a.received.filter((m) => m.data === 'Redisが落ちている間に')).toHaveLength(1);
    expect((await b.history(room)).filter((m) => m.data === 'Redisが落ちている間に')).toHaveLength(1);
  });
});
