import { cutDurablePublishes, eventually, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { chatRelay } from '../src/events/outbox.ts';

import { moderationBeside } from './moderation-beside.ts';
import { startHarness, type Harness, type Person } from './harness.ts';

// A message hitting a `hold` entry (ADR 0028): stored, shown to its writer as sent, never to the
// receiver; it enters safety's queue (source filter) with the text frozen as evidence; a release
// delivers it, a discard deletes it. A `flag` entry's message is delivered and queued.
describe.each(infraModes())('held and flagged messages, chat and the moderation queue ($name)', (mode) => {
  it('holds, queues, releases and discards; flags deliver and queue', async () => {
    const h = await startHarness(mode);
    const moderation = await moderationBeside(h, mode);
    const consoleCall = moderation.console;
    try {
      const tag = Math.random().toString(36).slice(2, 7);
      const held = `保留語${tag}`;
      const flagged = `確認語${tag}`;
      const version = (await consoleCall('GET', '/admin/safety/filter/entries')).json().data.version as number;
      await consoleCall('POST', '/admin/safety/filter/entries', { kind: 'term', pattern: held, action: 'hold' });
      await consoleCall('POST', '/admin/safety/filter/entries', { kind: 'term', pattern: flagged, action: 'flag' });
      await h.ctx.filterLists!.reached(version + 2);

      const a = await h.user();
      const b = await h.user();
      const roomId = await h.topicRoom(b, await h.voice(a));
      const listOf = async (who: Person) =>
        (await h.get(`/rooms/${roomId}/messages`, who)).json().data as { id: string; data: string; status: string }[];

      // Held: the writer sees it as sent; the receiver neither reads it nor hears of it.
      const sent = await h.send(b, roomId, { data: `ねえ${held}だよ` });
      expect(sent.statusCode).toBe(200);
      const heldId = sent.json().data.id as string;
      expect(sent.json().data.status).toBe('sent_success');
      expect((await listOf(b)).find((m) => m.id === heldId)?.status).toBe('sent_success');
      expect((await listOf(a)).some((m) => m.id === heldId)).toBe(false);

      const report = await queued(consoleCall, heldId);
      expect(report).toMatchObject({ source: 'filter', subject_kind: 'message', subject_ref: heldId });
      const evidence = (await consoleCall('GET', `/admin/safety/reports/${report.id}/evidence`)).json().data;
      expect(evidence).toContainEqual(
        expect.objectContaining({
          kind: 'message',
          payload: expect.objectContaining({ text: `ねえ${held}だよ`, action: 'hold', entries: [held] }),
        }),
      );
      await h.settle();
      expect(h.eventsOf(a, 'message.created').some((e) => JSON.stringify(e).includes(heldId))).toBe(false);

      // Released: delivered to the receiver's reads and socket.
      const released = await consoleCall('POST', `/admin/safety/reports/${report.id}/release`);
      expect(released.statusCode).toBe(200);
      expect(released.json().data.state).toBe('closed');
      await eventually(async () => {
        if (!(await listOf(a)).some((m) => m.id === heldId)) throw new Error('not delivered yet');
      });
      await h.settle();
      expect(h.eventsOf(a, 'message.created').some((e) => JSON.stringify(e).includes(heldId))).toBe(true);
      expect((await consoleCall('POST', `/admin/safety/reports/${report.id}/release`)).statusCode).toBe(409);

      // Discarded: deleted, never delivered.
      const second = (await h.send(b, roomId, { data: `また${held}` })).json().data.id as string;
      const secondReport = await queued(consoleCall, second);
      expect((await consoleCall('POST', `/admin/safety/reports/${secondReport.id}/discard`)).statusCode).toBe(200);
      await eventually(async () => {
        if ((await listOf(b)).some((m) => m.id === second)) throw new Error('not deleted yet');
      });
      expect((await listOf(a)).some((m) => m.id === second)).toBe(false);

      // Flagged: delivered at once, and queued; it cannot be "released".
      const flaggedId = (await h.send(b, roomId, { data: `これ${flagged}` })).json().data.id as string;
      expect((await listOf(a)).some((m) => m.id === flaggedId)).toBe(true);
      const flagReport = await queued(consoleCall, flaggedId);
      expect(flagReport.content).toContain(flagged);
      expect((await consoleCall('POST', `/admin/safety/reports/${flagReport.id}/release`)).statusCode).toBe(409);

      // The bus down at the send: the message and its queue item commit together (chat's outbox),
      // and the item reaches the queue once the bus is back.
      const restore = cutDurablePublishes(h.ctx.bus);
      let cutId = '';
      try {
        const res = await h.send(b, roomId, { data: `切断中${held}` });
        expect(res.statusCode).toBe(200);
        cutId = res.json().data.id as string;
        const pending = await h.ctx.db
          .selectFrom('outbox')
          .select('event_id')
          .where('published_at', 'is', null)
          .execute();
        expect(pending.map((r) => r.event_id)).toContain(`chat.message.filtered:${cutId}`);
      } finally {
        restore();
      }
      await chatRelay(h.ctx).now();
      expect((await queued(consoleCall, cutId)).content).toContain(held);

      const audit = (await consoleCall('GET', '/admin/safety/audit?limit=50')).json().data as { action: string }[];
      expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['filter.release', 'filter.discard']));
    } finally {
      await moderation.close();
      await h.close();
    }
    // Embedded: two services each on PGlite (its start is most of the time).
  }, 90_000);
});

/** The queue's report about a message, once safety has filed it (the event crosses the bus). */
async function queued(
  consoleCall: (method: 'GET', url: string) => ReturnType<Harness['get']>,
  messageId: string,
): Promise<{ id: string; source: string; subject_kind: string; subject_ref: string; content: string }> {
  return eventually(async () => {
    const reports = (await consoleCall('GET', '/admin/safety/queue?source=filter&limit=200')).json().data as {
      id: string;
      source: string;
      subject_kind: string;
      subject_ref: string;
      content: string;
    }[];
    const found = reports.find((r) => r.subject_ref === messageId);
    if (!found) throw new Error('not queued yet');
    return found;
  });
}
