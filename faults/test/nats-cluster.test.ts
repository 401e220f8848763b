import { eventually } from '@honne/service-kit/testing';
import { connect } from 'nats';
import { describe, expect, it } from 'vitest';

import { conversation, User } from '../support/client.ts';
import { faultSuiteRuns, type NatsCluster } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';
import { conversationUnder, expectWhole, talkOn } from '../support/traffic.ts';

const real = faultSuiteRuns();

/** Each durable stream: its copies, its leader, and how many copies are up to date with the leader. */
async function streams(
  cluster: NatsCluster,
): Promise<{ name: string; replicas: number; leader: string | undefined; current: number }[]> {
  const nc = await connect({ servers: cluster.servers.filter((s) => s.running).map((s) => s.url) });
  try {
    const jsm = await nc.jetstreamManager();
    const found = [];
    for await (const si of jsm.streams.list()) {
      const followers = si.cluster?.replicas ?? [];
      found.push({
        name: si.config.name,
        replicas: si.config.num_replicas,
        leader: si.cluster?.leader,
        current: (si.cluster?.leader ? 1 : 0) + followers.filter((r) => r.current && !r.offline).length,
      });
    }
    return found.sort((x, y) => x.name.localeCompare(y.name));
  } finally {
    await nc.close();
  }
}

// Issue 30: NATS as a three-server JetStream cluster with every durable stream replicated three
// times (compose runs the same). One server is killed for good mid-conversation: nothing is lost.
describe.runIf(real)('a conversation on a NATS cluster survives losing a server', () => {
  const t = talkOn(() => Stack.startOnCluster(2));

  it('the services made every durable stream with three copies, all current', async () => {
    const found = await streams(t.stack.nats);
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const s of found) expect(s, s.name).toMatchObject({ replicas: 3, current: 3 });
  });

  it('the meta leader killed (kill -9) while 200 messages are sent: each arrives once, in order, both histories hold all', async () => {
    const leader = await t.stack.nats.ready();
    const victim = t.stack.nats.servers.find((s) => s.name === leader)!;
    const f = await conversationUnder(t.a, t.b, t.room, {
      name: `NATS ${leader} killed (1 of 3)`,
      run: async () => {
        await victim.kill();
        // The two left elect a new leader; that moment is when the cluster is whole again.
        await t.stack.nats.ready();
        return performance.now();
      },
    });
    t.figures.push(f);
    expectWhole(f);
    expect(victim.running).toBe(false);
  });

  it('durable events still flow on the two servers left: a new person signs up and talks', async () => {
    // Sign-up publishes accounts' durable user event; chat and topics learn the person from it.
    const late = await User.signUp(t.stack, 'late');
    const lateRoom = await conversation(late, t.a);
    expect(lateRoom).toMatch(/[0-9a-f-]{36}/);
    // Each stream is led by a server still running (the killed one's peers took over where it led).
    // JetStream's API may time out while the streams the killed server led elect new leaders.
    const running = t.stack.nats.servers.filter((s) => s.running).map((s) => s.name);
    await eventually(async () => {
      for (const s of await streams(t.stack.nats)) {
        expect(s.replicas, s.name).toBe(3);
        expect(running, s.name).toContain(s.leader);
        expect(s.current, s.name).toBeGreaterThanOrEqual(2);
      }
    }, 30_000);
  });
});
