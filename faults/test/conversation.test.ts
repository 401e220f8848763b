import { requireOrSkip } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { conversation, User } from '../support/client.ts';
import { canRunOwnServers } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';
import { conversationUnder, expectWhole, printFigures, type FaultFigures } from '../support/traffic.ts';

const real =
  requireOrSkip(
    'real infrastructure (DATABASE_URL, NATS_URL, REDIS_URL)',
    Boolean(process.env.DATABASE_URL && process.env.NATS_URL && process.env.REDIS_URL),
  ) && requireOrSkip('root with nats-server, redis-server and pg_createcluster (the fault suite)', canRunOwnServers());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two users talk through two gateways while the suite's own servers are killed and restarted.
describe.runIf(real)('a conversation survives a part failing', () => {
  let stack: Stack;
  let a: User;
  let b: User;
  let room: string;
  const figures: FaultFigures[] = [];

  beforeAll(async () => {
    stack = await Stack.start(2);
    [a, b] = [await User.signUp(stack, 'owner'), await User.signUp(stack, 'replier')];
    room = await conversation(a, b);
    // a's socket on the first gateway, b's on the second.
    await a.connect(stack.gateways[0]!);
    await b.connect(stack.gateways[1]!);
  });
  afterAll(async () => {
    a?.stop();
    b?.stop();
    if (figures.length) printFigures(figures);
    await stack?.close();
  });

  it('NATS killed for 5 s while 200 messages are sent: each arrives once, in order, both histories hold all', async () => {
    const f = await conversationUnder(a, b, room, {
      name: 'NATS killed 5 s',
      run: async () => {
        await stack.nats.kill();
        await pause(5000);
        await stack.nats.start();
        return performance.now();
      },
    });
    figures.push(f);
    expectWhole(f);
  });

  it('Redis restarted mid-conversation: nothing lost or doubled', async () => {
    const f = await conversationUnder(
      a,
      b,
      room,
      {
        name: 'Redis restarted',
        run: async () => {
          await stack.redis.kill();
          await pause(1000);
          await stack.redis.start();
          return performance.now();
        },
      },
      { count: 100 },
    );
    figures.push(f);
    expectWhole(f);
  });

  it('PostgreSQL restarted (crash) mid-conversation: sends are retried, nothing lost or doubled', async () => {
    const f = await conversationUnder(
      a,
      b,
      room,
      {
        name: 'PostgreSQL crashed and restarted',
        run: async () => {
          await stack.pg.kill();
          await pause(2000);
          await stack.pg.start();
          return performance.now();
        },
      },
      { count: 100 },
    );
    figures.push(f);
    expectWhole(f);
  });

  it('kill -9 of the gateway holding a socket: the client reconnects to the other and resumes from its seq', async () => {
    const [first] = stack.gateways;
    const f = await conversationUnder(
      a,
      b,
      room,
      {
        name: 'gateway kill -9 (1 of 2)',
        run: async () => {
          await stack.killGateway(first!);
          return performance.now();
        },
      },
      { count: 100 },
    );
    figures.push(f);
    expectWhole(f);
    // Both users' sockets now live on the surviving gateway, reached by reconnecting by themselves.
    expect(a.statuses.some((s) => s.status === 'reconnecting')).toBe(true);
  });
});
