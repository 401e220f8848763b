import { createService as createSafety } from '@honne/safety';
import {
  eventually,
  infraModes,
  testConfig,
  testOverrides,
  uniqueName,
  dropTestSchemas,
} from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { startHarness } from './harness.ts';

// A room report, end to end across two real services: chat stores it and queues the event in its
// outbox; the moderation service files it and asks chat (over the bus) for the messages around the
// reported person's latest one, which it freezes before they vanish.
describe.each(infraModes())('a room report reaches the moderation service with its messages ($name)', (mode) => {
  it('freezes the reported message and the 20 before and after it; the user’s copy still vanishes', async () => {
    const h = await startHarness(mode);
    const schema = uniqueName('safety');
    const safetyConfig = { ...testConfig('safety', mode), sessionHours: 8 };
    const safety = await createSafety(safetyConfig, testOverrides(mode, h.infra, h.clock, schema));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const a = await h.user();
      const b = await h.user();
      await h.retention(a, 60);
      await h.retention(b, 60);
      const roomId = await h.topicRoom(b, await h.voice(a));
      // 30 messages, A's last at the 25th; the 20 before and 5 after it are what can be kept.
      for (let i = 0; i < 30; i++) {
        const who = i === 24 ? a : i % 3 === 0 ? a : b;
        const res = await h.send(who, roomId, { data: `発言${i}` });
        expect(res.statusCode).toBe(200);
        h.clock.advance(10);
      }
      const lastOfA = 27; // i % 3 === 0 after 24: 27 is A's last.
      const res = await h.post(`/rooms/${roomId}/report`, { type: 1, content: 'しつこい' }, b);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.message).toBe('success');

      const report = await eventually(async () => {
        const row = await safety.ctx.db
          .selectFrom('reports')
          .selectAll()
          .where('source_ref', '=', `room:${res.json().data.id}`)
          .executeTakeFirst();
        if (row?.state !== 'queued') throw new Error('not filed yet');
        return row;
      }, 15_000);
      expect(report).toMatchObject({
        reporter_id: b.userId,
        person_id: a.userId,
        room_id: roomId,
        content: 'しつこい',
      });

      const evidence = await safety.ctx.db
        .selectFrom('evidence')
        .selectAll()
        .where('report_id', '=', report.id)
        .execute();
      const messages = evidence.find((e) => e.kind === 'messages')!.payload as {
        anchor_id: string;
        messages: { content: string; sender_id: string }[];
      };
      expect(messages.messages.map((m) => m.content)).toEqual(
        Array.from({ length: 30 }, (_, i) => `発言${i}`).slice(lastOfA - 20, lastOfA + 21),
      );
      expect(messages.messages.find((m) => m.content === `発言${lastOfA}`)!.sender_id).toBe(a.userId);
      // Calls and points are not running in this suite: the evidence says so instead of hiding it.
      expect(
        evidence
          .filter((e) => e.kind === 'missing')
          .map((e) => (e.payload as { kind: string }).kind)
          .sort(),
      ).toEqual(['calls', 'points']);

      // The users' own copies still vanish on their timer; the frozen copy stays.
      h.clock.advance(2 * 3_600_000);
      await h.purge();
      expect((await h.get(`/rooms/${roomId}/messages`, b)).json().data).toHaveLength(0);
      expect(
        await safety.ctx.db.selectFrom('evidence').select('id').where('report_id', '=', report.id).execute(),
      ).toHaveLength(evidence.length);
    } finally {
      await safety.close();
      await dropTestSchemas(safetyConfig, [schema]);
      await h.close();
    }
  });
});
