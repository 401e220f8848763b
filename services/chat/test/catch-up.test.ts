import { events } from '@honne/contracts/events';
import { describeOnRealInfra } from '@honne/service-kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { eventually, startHarness, type Harness } from './harness.ts';

// Only real NATS can hold an event for a service that is down; in-process, nothing is ever down.
describeOnRealInfra('chat catches up on what happened while it was down', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a block made while chat was stopped refuses the blocked sender once chat is back', async () => {
    const [x, y] = [await h.user(), await h.user()];
    const room = await h.topicRoom(x, h.voice(y));
    expect((await h.sendCommand(x, room, { data: 'ブロック前' })).json().data).toMatchObject({
      status: 'sent_success',
    });

    await h.stop();
    // Accounts records the block while chat is down (the event accounts publishes, on the same bus).
    await h.infra.bus.publish(events.blockChanged, {
      blocker_id: y.userId,
      blocked_id: x.userId,
      blocked: true,
      at: new Date(h.clock.now().getTime() + 1000).toISOString(),
    });
    await h.restart();

    await eventually(async () => {
      const res = await h.sendCommand(x, room, { data: '戻ったあと' });
      expect(res.json().data).toMatchObject({ status: 'refused' });
    }, 10_000);
  });

  it('a deletion made while chat was stopped removes the user’s rooms once chat is back', async () => {
    const [x, y] = [await h.user(), await h.user()];
    const room = await h.topicRoom(x, h.voice(y));
    await h.stop();
    await h.infra.bus.publish(events.userDeleted, { user_id: x.userId, deleted_at: h.clock.now().toISOString() });
    await h.restart();
    await eventually(async () => {
      const left = await h.ctx.db.selectFrom('rooms').select('id').where('id', '=', room).executeTakeFirst();
      expect(left).toBeUndefined();
    }, 10_000);
  });
});
