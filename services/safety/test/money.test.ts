import { randomUUID } from 'node:crypto';

import { createService as createPoints, HOUSE, transfer, type RunningService } from '@honne/points';
import {
  dropTestSchemas,
  harnessForSuite,
  infraModes,
  testConfig,
  testOverrides,
  uniqueName,
} from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ensureSubject } from '../src/db/repos/subjects.ts';
import { ADMIN, eventually, startHarness, type Harness } from './harness.ts';

/**
 * Money in moderation (issue 27, ADR 0030), with the real points service on the same bus: a
 * reported paid chat refunded to its payer (once, however often asked), above the threshold only
 * after a second operator approves; bans waiting for a second operator; frozen points; strikes.
 */
describe.each(infraModes())('money in moderation ($name)', (mode) => {
  const suite = harnessForSuite(async () => {
    const h = await startHarness(mode);
    const schema = uniqueName('points');
    const points = await createPoints(
      { ...testConfig('points', mode), lotPolicy: 'expire' },
      testOverrides(mode, h.infra, h.clock, schema),
    );
    if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
    return {
      h,
      points,
      async close() {
        await points.close();
        await h.close();
        await dropTestSchemas(testConfig('points', mode), [schema]);
      },
    };
  });

  const balance = async (points: RunningService, userId: string) =>
    Number(
      (await points.ctx.db.selectFrom('accounts').select('balance').where('user_id', '=', userId).executeTakeFirst())
        ?.balance ?? 0,
    );

  /** B pays A `fee` for a paid chat in a new room (as chat's fee request does), then B reports A there. */
  async function paidChatReported(h: Harness, points: RunningService, fee: number) {
    const [a, b] = [await h.user(), await h.user()];
    const roomId = randomUUID();
    const now = h.clock.now();
    const rules = { lotPolicy: 'expire' as const };
    await transfer(
      points.ctx.db,
      { idempotencyKey: `seed:${b.userId}`, kind: 'grant', from: HOUSE.issued, to: b.userId, amount: 5000 },
      now,
      rules,
    );
    const paid = await transfer(
      points.ctx.db,
      { idempotencyKey: `fee:${roomId}`, kind: 'chat_fee', from: b.userId, to: a.userId, amount: fee, roomId },
      now,
      rules,
    );
    expect(paid.status).toBe('done');
    const { report } = await h.reportRoom(roomId, b, a, '有料チャットでお金だけ取られた');
    return { a, b, roomId, report };
  }

  it('refunds a small reported paid chat to the payer at once, once however often it is asked', async () => {
    const { h, points } = suite.h;
    const { a, b, report } = await paidChatReported(h, points, 300);
    const mod = await h.operator(await h.signIn(ADMIN), 'moderator');
    const [one, two] = await Promise.all([
      h.console('POST', `/admin/safety/reports/${report.id}/refund`, mod.token, { reason: '詐欺的なチャット' }),
      h.console('POST', `/admin/safety/reports/${report.id}/refund`, mod.token, { reason: '詐欺的なチャット' }),
    ]);
    const codes = [one.statusCode, two.statusCode].sort();
    expect(codes, `${one.body} ${two.body}`).toEqual([200, 409]);
    const done = [one, two].find((r) => r.statusCode === 200)!;
    expect(done.json().data).toMatchObject({ state: 'done', amount: 300, approval: null });
    expect(await balance(points, b.userId)).toBe(5000);
    expect(await balance(points, a.userId)).toBe(0);
    const again = await h.console('POST', `/admin/safety/reports/${report.id}/refund`, mod.token, {
      reason: 'もう一度',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('返金できる支払いはありません');

    // Both sides' histories hold the refund as its own kind.
    const rows = await points.ctx.db
      .selectFrom('transfers')
      .selectAll()
      .where('kind', '=', 'refund')
      .where('room_id', '=', report.room_id!)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        debit_account: a.userId,
        credit_account: b.userId,
        amount: 300,
        actor: `operator:${mod.id}`,
      }),
    ]);
    const subject = (await h.console('GET', `/admin/safety/subjects/${report.subject_id}`, mod.token)).json().data;
    expect(subject.events.map((e: { action: string }) => e.action)).toContain('refund');
  });

  it('holds a refund above the threshold until a different operator approves it; the requester cannot', async () => {
    const { h, points } = suite.h;
    const { a, b, report } = await paidChatReported(h, points, 1500);
    const admin = await h.signIn(ADMIN);
    const first = await h.operator(admin, 'moderator');
    const second = await h.operator(admin, 'moderator');
    const triage = await h.operator(admin, 'triage');

    const asked = await h.console('POST', `/admin/safety/reports/${report.id}/refund`, first.token, {
      reason: '高額の返金',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ state: 'pending', amount: 1500 });
    const approval = asked.json().data.approval as { id: string; state: string };
    expect(approval.state).toBe('pending');
    // A double click asks once.
    const twice = await h.console('POST', `/admin/safety/reports/${report.id}/refund`, first.token, {
      reason: '高額の返金',
    });
    expect(twice.json().data.approval.id).toBe(approval.id);
    expect(await balance(points, b.userId)).toBe(3500);

    const own = await h.console('POST', `/admin/safety/approvals/${approval.id}/approve`, first.token, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toContain('自分が申請した操作');
    expect(
      (await h.console('POST', `/admin/safety/approvals/${approval.id}/approve`, triage.token, {})).statusCode,
    ).toBe(403);
    expect(await balance(points, b.userId)).toBe(3500);

    const list = (await h.console('GET', '/admin/safety/approvals', second.token)).json().data as { id: string }[];
    expect(list[0]!.id).toBe(approval.id);
    const ok = await h.console('POST', `/admin/safety/approvals/${approval.id}/approve`, second.token, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ state: 'approved', decided_by: `operator:${second.id}` });
    expect(await balance(points, b.userId)).toBe(5000);
    expect(await balance(points, a.userId)).toBe(0);
    expect(
      (await h.console('POST', `/admin/safety/approvals/${approval.id}/approve`, second.token, {})).statusCode,
    ).toBe(409);

    const audit = (await h.console('GET', '/admin/safety/audit', admin)).json().data as { action: string }[];
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['approval.request', 'approval.approve', 'action.refund']),
    );
  });

  it('refunds from the house what the receiver has already spent, never pushing them below zero', async () => {
    const { h, points } = suite.h;
    const { a, b, report } = await paidChatReported(h, points, 400);
    // A spends what B paid.
    const spent = await transfer(
      points.ctx.db,
      { idempotencyKey: `spend:${a.userId}`, kind: 'gift', from: a.userId, to: b.userId, amount: 400 },
      h.clock.now(),
      { lotPolicy: 'expire' },
    );
    expect(spent.status).toBe('done');
    const mod = await h.operator(await h.signIn(ADMIN), 'moderator');
    const res = await h.console('POST', `/admin/safety/reports/${report.id}/refund`, mod.token, { reason: '返金' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(points, a.userId)).toBe(0);
    // 5,000 − 400 paid + 400 A's gift + 400 refunded by the house.
    expect(await balance(points, b.userId)).toBe(5400);
    expect(await balance(points, HOUSE.refunds)).toBe(-400);
  });

  it('makes a ban wait for a second operator; rejecting it bans no one', async () => {
    const { h } = suite.h;
    const a = await h.user();
    const admin = await h.signIn(ADMIN);
    const first = await h.operator(admin, 'moderator');
    const second = await h.operator(admin, 'moderator');
    const subject = (await ensureSubject(h.ctx.db, 'character', a.userId, a.personId, h.clock.now())).id;

    const asked = await h.console('POST', `/admin/safety/subjects/${subject}/actions/ban`, first.token, {
      reason: '重大な違反',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({
      event: null,
      status: { banned: false },
      approval: { action: 'ban', state: 'pending' },
    });
    const id = asked.json().data.approval.id as string;
    expect(h.restricted.filter((e) => e.person_id === a.personId)).toEqual([]);

    const rejected = await h.console('POST', `/admin/safety/approvals/${id}/reject`, second.token, {
      note: '証拠不足',
    });
    expect(rejected.json().data).toMatchObject({ state: 'rejected' });
    expect(h.restricted.filter((e) => e.person_id === a.personId)).toEqual([]);

    const again = await h.console('POST', `/admin/safety/subjects/${subject}/actions/ban`, first.token, {
      reason: '重大な違反',
    });
    const approved = await h.console(
      'POST',
      `/admin/safety/approvals/${again.json().data.approval.id}/approve`,
      second.token,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await eventually(() =>
      expect(h.restricted.filter((e) => e.person_id === a.personId).map((e) => e.restriction)).toEqual(['ban']),
    );
  });

  it('freezes points through the console, shows it in the points view, and counts strikes with a suggestion', async () => {
    const { h, points } = suite.h;
    const a = await h.user();
    const mod = await h.operator(await h.signIn(ADMIN), 'moderator');
    const subject = (await ensureSubject(h.ctx.db, 'character', a.userId, a.personId, h.clock.now())).id;

    const frozen = await h.console('POST', `/admin/safety/subjects/${subject}/actions/freeze_points`, mod.token, {
      reason: '不正の疑い',
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().data.status).toMatchObject({ points_frozen: true, points_frozen_until: null });
    await eventually(async () => {
      const view = (await h.console('GET', `/admin/safety/people/${subject}/points`, mod.token)).json().data;
      expect(view.characters).toEqual([
        expect.objectContaining({ user_id: a.userId, frozen: true, frozen_until: null }),
      ]);
    });
    // Points itself refuses the frozen person's spending.
    const gift = await transfer(
      points.ctx.db,
      { idempotencyKey: `gift:${a.userId}`, kind: 'gift', from: a.userId, to: HOUSE.issued, amount: 1 },
      h.clock.now(),
      { lotPolicy: 'expire' },
    );
    expect(gift.status).toBe('frozen');
    const notices = (await h.asUser('GET', '/safety/notices', a.userId)).json().data as { title: string }[];
    expect(notices.map((n) => n.title)).toContain('ポイントの利用制限');

    expect(frozen.json().data.status).toMatchObject({ strikes: 0, suggested: { action: 'warn' } });
    await h.console('POST', `/admin/safety/subjects/${subject}/actions/warn`, mod.token, { reason: '一回目' });
    const muted = await h.console('POST', `/admin/safety/subjects/${subject}/actions/mute`, mod.token, {
      reason: '二回目',
      hours: 1,
    });
    expect(muted.json().data.status).toMatchObject({ strikes: 2, suggested: { action: 'suspend', hours: 168 } });
    // Strikes expire after 90 days.
    h.clock.advance(91 * 24 * 3_600_000);
    const fresh = await h.operator(await h.signIn(ADMIN), 'moderator');
    const later = await h.console('POST', `/admin/safety/subjects/${subject}/actions/unfreeze_points`, fresh.token, {
      reason: '確認済み',
    });
    expect(later.json().data.status).toMatchObject({ points_frozen: false, strikes: 0, suggested: { action: 'warn' } });
    await eventually(async () => {
      const view = (await h.console('GET', `/admin/safety/people/${subject}/points`, fresh.token)).json().data;
      expect(view.characters[0].frozen).toBe(false);
    });
  });
});
