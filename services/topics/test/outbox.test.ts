import { cutDurablePublishes, infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { topicsRelay } from '../src/events/outbox.ts';

import { startHarness, type Harness } from './harness.ts';

// Issue 12: a voice's removal commits with its durable event; a NATS outage at that moment delays
// the event (chat removes the voice's rooms from it), never loses it, and it goes out once.
describe.each(infraModes())('topics outbox ($name)', (mode) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(mode);
  });
  afterAll(() => h?.close());

  /** Durable publishes fail as on a lost connection (the outbox keeps them). */
  const cutOff = () => cutDurablePublishes(h.ctx.bus);
  const pending = async () =>
    (await h.ctx.db.selectFrom('outbox').select('event_id').where('published_at', 'is', null).execute()).map(
      (r) => r.event_id,
    );

  it('keeps an expiry purged while the bus is down and sends it once when it is back', async () => {
    const poster = await h.user();
    const theme = await h.theme(poster, { category_id: 8, sub_category_id: 32 }); // 5 minutes
    const voice = (await h.postVoice(poster, theme)).json().data as { id: string };
    h.clock.advance(5 * 60_000);
    const restore = cutOff();
    try {
      expect((await h.purge()).topics).toBeGreaterThanOrEqual(1);
      expect(await pending()).toContain(`expired:${voice.id}`);
    } finally {
      restore();
    }
    const heard = () => h.seen.expired.filter((e) => e.topic_id === voice.id).length;
    expect(heard()).toBe(0);
    await topicsRelay(h.ctx).now();
    await topicsRelay(h.ctx).now();
    await expect.poll(heard).toBe(1);
    expect(await pending()).toEqual([]);
  });
});
