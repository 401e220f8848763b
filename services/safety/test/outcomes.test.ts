import { randomUUID } from 'node:crypto';

import { events, type EventPayload } from '@honne/contracts/events';
import { OUTCOME_NOTES } from '@honne/contracts/safety';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ensureSubject } from '../src/db/repos/subjects.ts';
import { ADMIN, eventually, startHarness } from './harness.ts';

type Harness = Awaited<ReturnType<typeof startHarness>>;
interface QueueItem {
  id: string;
  subject_id: string;
  content: string;
  priority: number;
}

// Issue 27: the reporter hears that their report was reviewed (and whether action was taken, never
// which), and a reporter muted for abusive reports raises no priority until unmuted.
describe.each(infraModes())('reporters, the in-call report and deleting messages ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  const report = async (h: Harness, reporter: string, reported: string, content: string) => {
    const id = randomUUID();
    await h.publish(
      events.userReported,
      { report_id: id, reporter_id: reporter, reported_id: reported, content, at: h.clock.now().toISOString() },
      async () => (await h.reportBySource(`user:${id}`))?.state === 'queued',
    );
    h.clock.advance(1000);
  };
  const queued = async (h: Harness, token: string, content: string) => {
    const res = await h.console('GET', '/admin/safety/queue?limit=200', token);
    if (res.statusCode !== 200) throw new Error(res.body);
    return (res.json().data as QueueItem[]).find((r) => r.content === content)!;
  };
  const notices = async (h: Harness, userId: string) =>
    (await h.asUser('GET', '/safety/notices', userId)).json().data as { action: string; title: string; body: string }[];

  it('tells the reporter, in Japanese, that action was taken or that no violation was found, and nothing more', async () => {
    const { h } = suite;
    const moderator = (await h.operator(await h.signIn(ADMIN), 'moderator')).token;
    const reporter = await h.user();
    const other = await h.user({ personId: reporter.personId });
    const reported = await h.user();
    await report(h, reporter.userId, reported.userId, 'outcome-actioned');
    await report(h, other.userId, reported.userId, 'outcome-dismissed');
    const first = await queued(h, moderator, 'outcome-actioned');
    const acted = await h.console('POST', `/admin/safety/subjects/${first.subject_id}/actions/suspend`, moderator, {
      reason: '嫌がらせ',
      hours: 24,
      report_id: first.id,
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(await notices(h, reporter.userId)).toEqual([
      expect.objectContaining({
        action: 'outcome.actioned',
        body: 'ご報告ありがとうございました。確認のうえ対応しました。',
      }),
    ]);

    const second = await queued(h, moderator, 'outcome-dismissed');
    await h.console('POST', `/admin/safety/subjects/${second.subject_id}/actions/dismiss`, moderator, {
      reason: '違反なし',
      report_id: second.id,
    });
    // The second character's report belongs to the same person: both notes are theirs.
    const mine = await notices(h, other.userId);
    expect(mine.map((n) => n.action).sort()).toEqual(['outcome.actioned', 'outcome.dismissed']);
    expect(mine.find((n) => n.action === 'outcome.dismissed')!.body).toBe(OUTCOME_NOTES.dismissed.body);
    // Never the action, its reason, nor its length.
    for (const n of mine) expect(`${n.title}${n.body}`).not.toMatch(/停止|嫌がらせ|24|違反なし/);
    // The reported person sees their own notice, not the reporter's notes.
    expect((await notices(h, reported.userId)).map((n) => n.action)).toEqual(['suspend']);
  });

  it('stops a muted reporter’s reports raising priority, as their own or as repeats, until unmuted', async () => {
    const { h } = suite;
    const moderator = (await h.operator(await h.signIn(ADMIN), 'moderator')).token;
    const triage = (await h.operator(await h.signIn(ADMIN), 'triage')).token;
    const abusive = await h.user();
    const someone = await h.user();
    const teen = await h.user({ ageId: 1 });
    const target = await h.user();
    // A subject on the abusive reporter's person, to act on.
    await report(h, someone.userId, abusive.userId, 'about-the-abusive-reporter');
    const subject = (await queued(h, moderator, 'about-the-abusive-reporter')).subject_id;
    const mute = (token: string, action: string) =>
      h.console('POST', `/admin/safety/subjects/${subject}/actions/${action}`, token, { reason: '虚偽の通報が続く' });
    expect((await mute(triage, 'mute_reporter')).statusCode).toBe(403);
    const muted = await mute(moderator, 'mute_reporter');
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json().data.status.reporter_muted).toBe(true);

    await report(h, abusive.userId, teen.userId, 'muted-about-teen');
    await report(h, abusive.userId, target.userId, 'muted-repeat');
    await report(h, someone.userId, target.userId, 'plain-on-target');
    // Still queued for a human, but at the bottom: no minor bonus, and not counted as a repeat.
    expect((await queued(h, moderator, 'muted-about-teen')).priority).toBe(0);
    expect((await queued(h, moderator, 'plain-on-target')).priority).toBe(0);

    expect((await mute(moderator, 'unmute_reporter')).json().data.status.reporter_muted).toBe(false);
    await report(h, abusive.userId, teen.userId, 'unmuted-about-teen');
    expect((await queued(h, moderator, 'unmuted-about-teen')).priority).toBeGreaterThanOrEqual(100);
  });

  it('queues the in-call report’s block-and-hang-up for chat, accounts and calls, anonymous or not', async () => {
    const { h } = suite;
    const reporter = await h.user();
    const partner = await h.user();
    const heard: EventPayload<typeof events.callReported>[] = [];
    const sub = h.infra.bus.subscribe(events.callReported, async (e) => void heard.push(e), { queue: 'test-listener' });
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      for (const anonymous of [true, false]) {
        const room = randomUUID();
        h.owners.participants.set(room, {
          found: true,
          participants: [
            { user_id: reporter.userId, is_anonymous: false },
            { user_id: partner.userId, is_anonymous: anonymous },
          ],
        });
        const res = await h.asUser('POST', `/safety/rooms/${room}/call_report`, reporter.userId, { content: '暴言' });
        expect(res.statusCode).toBe(200);
        await eventually(() => {
          const e = heard.find((x) => x.room_id === room);
          if (!e) throw new Error('not published yet');
          expect(e).toMatchObject({ reporter_id: reporter.userId, reported_id: partner.userId, anonymous });
        });
      }
    } finally {
      sub.unsubscribe();
    }
  });

  it('deletes messages (moderator and admin, not triage): a message subject, or the person’s messages in a room', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = (await h.operator(admin, 'moderator')).token;
    const triage = (await h.operator(admin, 'triage')).token;
    const writer = await h.user();
    const heard: EventPayload<typeof events.messagesModerated>[] = [];
    const sub = h.infra.bus.subscribe(events.messagesModerated, async (e) => void heard.push(e), {
      queue: 'test-listener',
    });
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    try {
      const now = h.clock.now();
      const message = await ensureSubject(h.ctx.db, 'message', randomUUID(), writer.personId, now);
      const room = await ensureSubject(h.ctx.db, 'room', randomUUID(), writer.personId, now);
      const voice = await ensureSubject(h.ctx.db, 'voice', randomUUID(), writer.personId, now);
      const del = (subject: string, token: string) =>
        h.console('POST', `/admin/safety/subjects/${subject}/actions/delete_messages`, token, { reason: '脅迫' });
      expect((await del(message.id, triage)).statusCode).toBe(403);
      expect((await del(voice.id, moderator)).statusCode).toBe(409);
      expect((await del(message.id, moderator)).statusCode).toBe(200);
      expect((await del(room.id, moderator)).statusCode).toBe(200);
      // A durable listener on a reused NATS also hears earlier runs' deletions: only this test's count.
      const ours = () => heard.filter((e) => e.message_ids.includes(message.ref_id) || e.room_id === room.ref_id);
      await eventually(() => expect(ours()).toHaveLength(2));
      expect(ours().find((e) => e.room_id === null)).toMatchObject({ message_ids: [message.ref_id], sender_ids: [] });
      expect(ours().find((e) => e.room_id === room.ref_id)).toMatchObject({
        message_ids: [],
        sender_ids: expect.arrayContaining([writer.userId]),
      });
      const audit = (await h.console('GET', '/admin/safety/audit', admin)).json().data as { action: string }[];
      expect(audit.filter((a) => a.action === 'action.delete_messages').length).toBeGreaterThanOrEqual(2);
    } finally {
      sub.unsubscribe();
    }
  });
});
