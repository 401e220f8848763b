import { describe, expect, it } from 'vitest';

import { faultSuiteRuns } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';
import { conversationUnder, expectWhole, talkOn } from '../support/traffic.ts';

const real = faultSuiteRuns();

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Two users talk through two gateways while the suite's own servers are killed and restarted.
describe.runIf(real)('a conversation survives a part failing', () => {
  const t = talkOn(() => Stack.start(2));

  it('NATS killed for 5 s while 200 messages are sent: each arrives once, in order, both histories hold all', async () => {
    const f = await conversationUnder(t.a, t.b, t.room, {
      name: 'NATS killed 5 s',
      run: async () => {
        await t.stack.nats.kill();
        await pause(5000);
        await t.stack.nats.start();
        return performance.now();
      },
    });
    t.figures.push(f);
    expectWhole(f);
  });

  it('Redis restarted mid-conversation: nothing lost or doubled', async () => {
    const f = await conversationUnder(
      t.a,
      t.b,
      t.room,
      {
        name: 'Redis restarted',
        run: async () => {
          await t.stack.redis.kill();
          await pause(1000);
          await t.stack.redis.start();
          return performance.now();
        },
      },
      { count: 100 },
    );
    t.figures.push(f);
    expectWhole(f);
  });

  it('PostgreSQL restarted (crash) mid-conversation: sends are retried, nothing lost or doubled', async () => {
    const f = await conversationUnder(
      t.a,
      t.b,
      t.room,
      {
        name: 'PostgreSQL crashed and restarted',
        run: async () => {
          await t.stack.pg.kill();
          await pause(2000);
          await t.stack.pg.start();
          return performance.now();
        },
      },
      { count: 100 },
    );
    t.figures.push(f);
    expectWhole(f);
  });

  it('kill -9 of the gateway holding a socket: the client reconnects to the other and resumes from its seq', async () => {
    const [first] = t.stack.gateways;
    const f = await conversationUnder(
      t.a,
      t.b,
      t.room,
      {
        name: 'gateway kill -9 (1 of 2)',
        run: async () => {
          await t.stack.killGateway(first!);
          return performance.now();
        },
      },
      { count: 100 },
    );
    t.figures.push(f);
    expectWhole(f);
    // Both users' sockets now live on the surviving gateway, reached by reconnecting by themselves.
    expect(t.a.statuses.some((s) => s.status === 'reconnecting')).toBe(true);
  });
});
