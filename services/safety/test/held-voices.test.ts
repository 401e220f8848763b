import { randomUUID } from 'node:crypto';

import { events, type EventPayload } from '@honne/contracts/events';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ADMIN, eventually, startHarness } from './harness.ts';

// ADR 0037: topics' `topics.voice.filtered` files a voice the filter held or flagged in the queue
// (source filter, subject the voice, the text as written frozen as evidence); releasing or
// discarding a held one closes the report, is audited and reaches topics as `safety.voice.decided`
// through the outbox. Topics' side (hidden until released, deleted on discard) is its own suite's.
describe.each(infraModes())('voices the filter held, in the queue ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  /** Topics' event as its outbox sends it, handled: the report is queued. */
  async function filed(action: 'hold' | 'flag', posterId: string) {
    const { h } = suite;
    const e: EventPayload<typeof events.voiceFiltered> = {
      topic_id: randomUUID(),
      thread_id: randomUUID(),
      poster_id: posterId,
      action,
      title: '聞いてほしい',
      detail: `じつは${action}語なんだ`,
      comment: 'だれか',
      entries: [`${action}語`],
      at: h.clock.now().toISOString(),
    };
    const ref = `filter-${action}:${e.topic_id}`;
    await h.publish(events.voiceFiltered, e, async () => (await h.reportBySource(ref))?.state === 'queued');
    return { e, report: (await h.reportBySource(ref))! };
  }

  it('queues a held voice with its text and lets a moderator show it or delete it, once each', async () => {
    const { h } = suite;
    const token = await h.signIn(ADMIN);
    const decided: EventPayload<typeof events.heldVoiceDecided>[] = [];
    const sub = h.infra.bus.subscribe(events.heldVoiceDecided, (d) => void decided.push(d));
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const poster = await h.user();
      const { e, report } = await filed('hold', poster.userId);

      const queue = (await h.console('GET', '/admin/safety/queue?source=filter&limit=200', token)).json().data as {
        id: string;
        subject_kind: string;
        subject_ref: string;
        held: boolean;
        content: string;
      }[];
      expect(queue.find((r) => r.id === report.id)).toMatchObject({
        subject_kind: 'voice',
        subject_ref: e.topic_id,
        held: true,
        content: '保留: hold語',
      });
      const evidence = (await h.console('GET', `/admin/safety/reports/${report.id}/evidence`, token)).json().data;
      expect(evidence).toContainEqual(
        expect.objectContaining({
          kind: 'voice',
          payload: expect.objectContaining({
            topic_id: e.topic_id,
            title: '聞いてほしい',
            detail: 'じつはhold語なんだ',
            comment: 'だれか',
            action: 'hold',
          }),
        }),
      );

      const released = await h.console('POST', `/admin/safety/reports/${report.id}/release`, token);
      expect(released.statusCode, released.body).toBe(200);
      expect(released.json().data.state).toBe('closed');
      await eventually(() =>
        expect(decided).toContainEqual(expect.objectContaining({ topic_id: e.topic_id, release: true })),
      );
      const again = await h.console('POST', `/admin/safety/reports/${report.id}/release`, token);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('この通報は対応済みです。');

      const second = await filed('hold', poster.userId);
      expect((await h.console('POST', `/admin/safety/reports/${second.report.id}/discard`, token)).statusCode).toBe(
        200,
      );
      await eventually(() =>
        expect(decided).toContainEqual(expect.objectContaining({ topic_id: second.e.topic_id, release: false })),
      );

      const audit = (await h.console('GET', '/admin/safety/audit?limit=50', token)).json().data as {
        action: string;
        target: string;
        detail: { topic_id?: string };
      }[];
      expect(audit).toContainEqual(
        expect.objectContaining({ action: 'filter.release', target: report.id, detail: { topic_id: e.topic_id } }),
      );
      expect(audit).toContainEqual(
        expect.objectContaining({
          action: 'filter.discard',
          target: second.report.id,
          detail: { topic_id: second.e.topic_id },
        }),
      );
    } finally {
      sub.unsubscribe();
    }
  });

  it('queues a flagged voice (already shown), which cannot be released', async () => {
    const { h } = suite;
    const token = await h.signIn(ADMIN);
    const poster = await h.user();
    const { report } = await filed('flag', poster.userId);
    expect(report).toMatchObject({ source: 'filter', content: '要確認: flag語' });
    const res = await h.console('POST', `/admin/safety/reports/${report.id}/release`, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('この通報はフィルターが保留した投稿ではありません。');
  });

  it('queues a flagged theme name or profile text about the character who wrote it, with the text', async () => {
    const { h } = suite;
    const token = await h.signIn(ADMIN);
    const writer = await h.user();
    for (const def of [events.profileTextFlagged, events.themeTextFlagged]) {
      const theme = def === events.themeTextFlagged;
      const e: EventPayload<typeof events.profileTextFlagged> = {
        event_id: randomUUID(),
        user_id: writer.userId,
        where: theme ? 'theme' : 'profile',
        ref: theme ? randomUUID() : writer.userId,
        texts: theme ? { name: '確認語の話' } : { userCharacterInputDetail: '趣味は確認語' },
        entries: ['確認語'],
        at: h.clock.now().toISOString(),
      };
      const ref = `filter-flag-text:${e.event_id}`;
      await h.publish(def, e, async () => (await h.reportBySource(ref))?.state === 'queued');
      const report = (await h.reportBySource(ref))!;
      expect(report.content).toBe(`要確認（${theme ? 'テーマ名' : 'プロフィール'}）: 確認語`);
      const queue = (await h.console('GET', '/admin/safety/queue?source=filter&limit=200', token)).json().data as {
        id: string;
        subject_kind: string;
        subject_ref: string;
        held: boolean;
      }[];
      expect(queue.find((r) => r.id === report.id)).toMatchObject({
        subject_kind: 'character',
        subject_ref: writer.userId,
        held: false,
      });
      const evidence = (await h.console('GET', `/admin/safety/reports/${report.id}/evidence`, token)).json().data;
      expect(evidence).toContainEqual(
        expect.objectContaining({ kind: 'text', payload: expect.objectContaining({ texts: e.texts }) }),
      );
    }
  });
});
