import { randomUUID } from 'node:crypto';

import { events } from '@honne/contracts/events';
import { harnessForSuite, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { totpCode } from '../src/domain/secrets.ts';
import { ADMIN, eventually, startHarness } from './harness.ts';

const HOUR = 3_600_000;

describe.each(infraModes())('moderation, end to end in the service ($name)', (mode) => {
  const suite = harnessForSuite(() => startHarness(mode));

  it('signs an operator in only with password and the current TOTP code; sessions expire', async () => {
    const { h } = suite;
    const wrongCode = await h.inject('POST', '/admin/safety/sessions', {
      body: {
        email: ADMIN.email,
        password: ADMIN.password,
        totp: totpCode(ADMIN.totp, new Date(h.clock.now().getTime() - 10 * 60_000)),
      },
    });
    expect(wrongCode.statusCode).toBe(401);
    const wrongPassword = await h.inject('POST', '/admin/safety/sessions', {
      body: { email: ADMIN.email, password: 'not it at all', totp: totpCode(ADMIN.totp, h.clock.now()) },
    });
    expect(wrongPassword.statusCode).toBe(401);

    const token = await h.signIn(ADMIN);
    expect((await h.console('GET', '/admin/safety/queue', token)).statusCode).toBe(200);
    h.clock.advance(8 * HOUR + 1000);
    expect((await h.console('GET', '/admin/safety/queue', token)).statusCode).toBe(401);
    const again = await h.signIn(ADMIN);
    expect((await h.console('DELETE', '/admin/safety/sessions/current', again)).statusCode).toBe(200);
    expect((await h.console('GET', '/admin/safety/queue', again)).statusCode).toBe(401);
  });

  it('files a room report from chat, freezes the messages, calls and points of the room, and audits each read', async () => {
    const { h } = suite;
    const a = await h.user();
    const b = await h.user();
    const roomId = randomUUID();
    const messages = Array.from({ length: 41 }, (_, i) => ({
      id: randomUUID(),
      sender_id: i % 2 ? a.userId : b.userId,
      type: 1,
      content: `メッセージ${i}`,
      created_at: new Date(h.clock.now().getTime() - (41 - i) * 1000).toISOString(),
    }));
    h.owners.messages.set(roomId, { found: true, anchor_id: messages[20]!.id, messages });
    h.owners.calls.set(roomId, {
      calls: [
        {
          call_id: randomUUID(),
          caller_id: b.userId,
          callee_id: a.userId,
          state: 'ended',
          started_at: h.clock.now().toISOString(),
          connected_at: h.clock.now().toISOString(),
          ended_at: h.clock.now().toISOString(),
          end_cause: 'hangup',
          call_price: 30,
          paid_minutes: 3,
        },
      ],
    });
    h.owners.points.set(roomId, {
      movements: [{ kind: 'call_minute', from: b.userId, to: a.userId, amount: 30, at: h.clock.now().toISOString() }],
    });

    const { event } = await h.reportRoom(roomId, b, a, '脅された');
    // Delivered again (an outbox relay's retry): still one report.
    await h.infra.bus.publish(events.roomReported, event);
    const token = await h.signIn(ADMIN);
    const queue = (await h.console('GET', '/admin/safety/queue', token)).json().data as {
      id: string;
      content: string;
      person_id: string;
    }[];
    const mine = queue.filter((r) => r.content === '脅された');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.person_id).toBe(a.personId);

    const ev = await h.console('GET', `/admin/safety/reports/${mine[0]!.id}/evidence`, token);
    expect(ev.statusCode).toBe(200);
    const items = ev.json().data as {
      kind: string;
      payload: { messages?: unknown[]; calls?: unknown[]; movements?: unknown[] };
      keep_until: string;
    }[];
    expect(items.map((i) => i.kind).sort()).toEqual(['calls', 'messages', 'points']);
    expect(items.find((i) => i.kind === 'messages')!.payload.messages).toHaveLength(41);
    expect(items.find((i) => i.kind === 'calls')!.payload.calls).toHaveLength(1);
    expect(items.find((i) => i.kind === 'points')!.payload.movements).toHaveLength(1);
    expect(new Date(items[0]!.keep_until).getTime() - h.clock.now().getTime()).toBeGreaterThan(179 * 24 * HOUR);

    const audit = (await h.console('GET', '/admin/safety/audit', token)).json().data as {
      action: string;
      target: string;
    }[];
    expect(audit.some((e) => e.action === 'evidence.read' && e.target === mine[0]!.id)).toBe(true);
  });

  it('puts reports about minors, from live calls and repeated ones ahead of older plain reports', async () => {
    const { h } = suite;
    const token = await h.signIn(ADMIN);
    // Close what earlier tests left, so the order below is only this test's.
    for (const r of (await h.console('GET', '/admin/safety/queue?limit=200', token)).json().data as {
      id: string;
      subject_id: string;
    }[]) {
      await h.console('POST', `/admin/safety/subjects/${r.subject_id}/actions/dismiss`, token, {
        reason: 'clean slate',
        report_id: r.id,
      });
    }
    const reporter = await h.user();
    const plain = await h.user();
    const teen = await h.user({ ageId: 1 });
    const repeated = await h.user();
    const caller = await h.user();
    const file = async (reported: string, content: string) => {
      const id = randomUUID();
      await h.publish(
        events.userReported,
        {
          report_id: id,
          reporter_id: reporter.userId,
          reported_id: reported,
          content,
          at: h.clock.now().toISOString(),
        },
        async () => (await h.reportBySource(`user:${id}`))?.state === 'queued',
      );
      h.clock.advance(1000);
    };
    await file(plain.userId, 'plain');
    await file(repeated.userId, 'repeated-1');
    await file(teen.userId, 'teen');
    await file(repeated.userId, 'repeated-2');
    const callRoom = randomUUID();
    h.owners.participants.set(callRoom, {
      found: true,
      participants: [
        { user_id: reporter.userId, is_anonymous: false },
        { user_id: caller.userId, is_anonymous: true },
      ],
    });
    const inCall = await h.asUser('POST', `/safety/rooms/${callRoom}/call_report`, reporter.userId, {
      content: '通話中に暴言',
    });
    expect(inCall.statusCode).toBe(200);
    // Someone outside the room cannot report from it.
    expect(
      (await h.asUser('POST', `/safety/rooms/${callRoom}/call_report`, teen.userId, { content: 'x' })).statusCode,
    ).toBe(404);

    const rows = (await h.console('GET', '/admin/safety/queue', token)).json().data as {
      content: string;
      priority: number;
      priority_reasons: { reason: string; points: number }[];
    }[];
    expect(rows.map((r) => r.content)).toEqual(['teen', '通話中に暴言', 'repeated-1', 'repeated-2', 'plain']);
    // Each rank comes with what it is made of (the console's 優先度 column), adding up to the rank.
    expect(rows.map((r) => [r.priority, r.priority_reasons])).toEqual([
      [100, [{ reason: 'minor', points: 100 }]],
      [50, [{ reason: 'live_call', points: 50 }]],
      [10, [{ reason: 'repeats', points: 10 }]],
      [10, [{ reason: 'repeats', points: 10 }]],
      [0, []],
    ]);
  });

  it('suspends the person (all characters), tells them in Japanese, lets them appeal once, and lifts it', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = await h.operator(admin, 'moderator');
    const reporter = await h.user();
    const parent = await h.user();
    const second = await h.user({ personId: parent.personId });
    const report = await h.reportUser(reporter, second, '出会い目的');
    const assigned = await h.console('POST', `/admin/safety/reports/${report.id}/assign`, moderator.token, {});
    expect(assigned.json().data).toMatchObject({ state: 'assigned', assigned_to: moderator.id });

    const res = await h.console(
      'POST',
      `/admin/safety/subjects/${report.subject_id}/actions/suspend`,
      moderator.token,
      {
        reason: '未成年への接触',
        policy: 'minor-safety',
        severity: 4,
        hours: 72,
        report_id: report.id,
      },
    );
    expect(res.statusCode).toBe(200);
    const { event, status } = res.json().data;
    expect(event).toMatchObject({
      action: 'suspend',
      actor: `operator:${moderator.id}`,
      policy: 'minor-safety',
      severity: 4,
    });
    expect(status.suspended_until).toBe(new Date(h.clock.now().getTime() + 72 * 3_600_000).toISOString());
    expect((await h.reportBySource(report.source_ref))!.state).toBe('closed');

    // The durable event for accounts, calls and topics names every character of the person.
    const restricted = await eventually(() => {
      const e = h.restricted.find((r) => r.person_id === parent.personId);
      if (!e) throw new Error('no restriction yet');
      return e;
    });
    expect(restricted.restriction).toBe('suspend');
    expect([...restricted.user_ids].sort()).toEqual([parent.userId, second.userId].sort());

    // Either character sees the notice, in Japanese, with until when.
    const notices = (await h.asUser('GET', '/safety/notices', parent.userId)).json().data as {
      id: string;
      title: string;
      body: string;
      appeal_until: string;
    }[];
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('アカウントの一時停止');
    expect(notices[0]!.body).toContain('未成年への接触');
    expect(notices[0]!.appeal_until).not.toBeNull();
    const noticeId = notices[0]!.id;

    expect(
      (await h.asUser('POST', `/safety/notices/${noticeId}/appeal`, second.userId, { content: 'あ'.repeat(2001) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.asUser('POST', `/safety/notices/${noticeId}/appeal`, reporter.userId, { content: '他人の通知' }))
        .statusCode,
    ).toBe(404);
    const appealed = await h.asUser('POST', `/safety/notices/${noticeId}/appeal`, second.userId, {
      content: '誤解です',
    });
    expect(appealed.statusCode).toBe(200);
    expect(
      (await h.asUser('POST', `/safety/notices/${noticeId}/appeal`, second.userId, { content: 'もう一度' })).statusCode,
    ).toBe(403);
    const queue = (await h.console('GET', '/admin/safety/queue?source=appeal', moderator.token)).json().data as {
      id: string;
      content: string;
      subject_id: string;
    }[];
    const theAppeal = queue.find((r) => r.content === '誤解です')!;
    expect(theAppeal).toBeDefined();

    // A second moderator reverses it; the person's status is derived from the events again.
    const other = await h.operator(admin, 'moderator');
    const lifted = await h.console('POST', `/admin/safety/subjects/${theAppeal.subject_id}/actions/lift`, other.token, {
      reason: '異議を認める',
      report_id: theAppeal.id,
    });
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data.status).toMatchObject({ suspended_until: null, banned: false });
    const subject = (await h.console('GET', `/admin/safety/subjects/${theAppeal.subject_id}`, other.token)).json().data;
    expect(subject.events.map((e: { action: string }) => e.action)).toEqual(['suspend', 'lift']);
    await eventually(() => {
      if (!h.restricted.some((r) => r.person_id === parent.personId && r.restriction === 'lift'))
        throw new Error('no lift');
    });
  });

  it('decides an appeal against a hidden voice on the voice: restore_voice answers it and shows the voice again', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const moderator = (await h.operator(admin, 'moderator')).token;
    const poster = await h.user();
    const reporter = await h.user();
    const topicId = randomUUID();
    const reportId = randomUUID();
    await h.publish(
      events.voiceReported,
      {
        report_id: reportId,
        topic_id: topicId,
        poster_id: poster.userId,
        reporter_id: reporter.userId,
        content: 'voice-to-hide',
        voice: { title: '夜の相談', detail: null, is_anonymous: false, expire_at: null },
        at: h.clock.now().toISOString(),
      },
      async () => (await h.reportBySource(`voice:${reportId}`))?.state === 'queued',
    );
    const report = (await h.reportBySource(`voice:${reportId}`))!;
    const voiceSubject = report.subject_id;
    const hidden = await h.console('POST', `/admin/safety/subjects/${voiceSubject}/actions/hide_voice`, moderator, {
      reason: '不適切な表現',
      report_id: report.id,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);

    // The poster appeals the notice; the appeal is filed on their person, naming the hidden voice.
    const notice = (
      (await h.asUser('GET', '/safety/notices', poster.userId)).json().data as { id: string; action: string }[]
    ).find((n) => n.action === 'hide_voice')!;
    const appealed = await h.asUser('POST', `/safety/notices/${notice.id}/appeal`, poster.userId, {
      content: '誤解です。表現を確認してください。',
    });
    expect(appealed.statusCode, appealed.body).toBe(200);
    const appealId = appealed.json().data.id as string;
    const inbox = (await h.console('GET', '/admin/safety/queue?source=appeal&limit=200', moderator)).json().data as {
      id: string;
      appeal_of: { action: string; subject_id: string } | null;
    }[];
    expect(inbox.find((r) => r.id === appealId)?.appeal_of).toEqual({ action: 'hide_voice', subject_id: voiceSubject });
    // The voice's page lists it, so restore_voice there can answer it.
    const voicePage = async () =>
      (await h.console('GET', `/admin/safety/subjects/${voiceSubject}`, moderator)).json().data as {
        status: { voice_hidden: boolean };
        events: { action: string; report_id: string | null }[];
        appeals: { id: string }[];
      };
    expect((await voicePage()).appeals.map((a) => a.id)).toEqual([appealId]);
    expect((await voicePage()).status.voice_hidden).toBe(true);

    const before = h.hidden.length;
    const restored = await h.console(
      'POST',
      `/admin/safety/subjects/${voiceSubject}/actions/restore_voice`,
      moderator,
      {
        reason: '異議を認めました',
        report_id: appealId,
      },
    );
    expect(restored.statusCode, restored.body).toBe(200);
    const after = await voicePage();
    expect(after.status.voice_hidden).toBe(false);
    expect(after.events.at(-1)).toMatchObject({ action: 'restore_voice', report_id: appealId });
    expect(after.appeals).toEqual([]);
    expect((await h.reportBySource(`appeal:${notice.id}`))?.state).toBe('closed');
    // Topics is told to show the voice again (the durable event, through the outbox).
    await eventually(() => {
      expect(h.hidden.slice(before)).toContainEqual(expect.objectContaining({ topic_id: topicId, hidden: false }));
    });
  });

  it('refuses an appeal after 20 days, and a mute ends by itself', async () => {
    const { h } = suite;
    const admin = await h.signIn(ADMIN);
    const u = await h.user();
    const report = await h.reportUser(await h.user(), u, 'spam');
    const muted = await h.console('POST', `/admin/safety/subjects/${report.subject_id}/actions/mute`, admin, {
      reason: '連投',
      hours: 2,
    });
    expect(muted.json().data.status.muted_until).not.toBeNull();
    const personSubject = muted.json().data.event.subject_id as string;
    h.clock.advance(2 * HOUR + 1);
    const later = (await h.console('GET', `/admin/safety/subjects/${personSubject}`, admin)).json().data;
    expect(later.status.muted_until).toBeNull();
    h.clock.advance(20 * 24 * HOUR);
    const [notice] = (await h.asUser('GET', '/safety/notices', u.userId)).json().data as {
      id: string;
      appeal_until: string | null;
    }[];
    expect(notice!.appeal_until).toBeNull();
    expect(
      (await h.asUser('POST', `/safety/notices/${notice!.id}/appeal`, u.userId, { content: '遅すぎ' })).statusCode,
    ).toBe(403);
  });

  it('opens an お問い合わせ ticket in the same queue', async () => {
    const { h } = suite;
    const u = await h.user();
    expect((await h.asUser('POST', '/safety/contact', u.userId, { content: '  ' })).statusCode).toBe(403);
    const res = await h.asUser('POST', '/safety/contact', u.userId, {
      category: '不具合',
      content: 'ポイントが反映されません',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('受け付けました。');
    const token = await h.signIn(ADMIN);
    const tickets = (await h.console('GET', '/admin/safety/queue?source=contact', token)).json().data as {
      content: string;
      subject_kind: string;
    }[];
    expect(tickets).toContainEqual(
      expect.objectContaining({ content: '[不具合] ポイントが反映されません', subject_kind: 'ticket' }),
    );
  });
});
