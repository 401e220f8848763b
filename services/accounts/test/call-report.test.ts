import { events } from '@honne/contracts/events';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;

// Issue 27: a report from inside a named call leaves the reporter blocking the person, as the card's
// block menu would; an anonymous room's is chat's room block, and accounts leaves it alone (ADR 0020).
describe.each(infraModes())('the in-call report’s block ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  it('blocks the reported person for a named call, and no one for an anonymous one', async () => {
    const stamp = Date.now();
    const reporter = await h.register(`call-reporter-${stamp}@example.jp`);
    const named = await h.register(`call-named-${stamp}@example.jp`);
    const anonymous = await h.register(`call-anon-${stamp}@example.jp`);
    const report = (reported: string, isAnonymous: boolean) =>
      h.infra.bus.publish(events.callReported, {
        event_id: `r-${reported}`,
        report_id: `r-${reported}`,
        room_id: `room-${reported}`,
        reporter_id: reporter.user_id,
        reported_id: reported,
        anonymous: isAnonymous,
        at: h.clock.now().toISOString(),
      });
    await report(anonymous.user_id, true);
    await report(named.user_id, false);
    const blocked = () =>
      h.ctx.db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', reporter.user_id).execute();
    await eventually(async () => {
      if ((await blocked()).length === 0) throw new Error('no block yet');
    });
    expect((await blocked()).map((b) => b.blocked_id)).toEqual([named.user_id]);
  });
});
