import { randomUUID } from 'node:crypto';

import { EXPERT_STATUS } from '@honne/contracts/accounts';
import { events, type EventPayload } from '@honne/contracts/events';
import { eventually, infraModes } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { grantPoints as grantByCli } from '@honne/points';

import { startHarness } from './harness.ts';
import { safetyBeside } from './safety-beside.ts';

// The points operator API under the console's accounts (ADR 0034), across accounts, points and the
// moderation service on one bus: an operator (session with TOTP) or a scoped API key grants points,
// sets a rank and answers an expert request through safety; each lands in points or accounts and in
// safety's audit log by the operator's name; a role or key without the permission changes nothing.
describe.each(infraModes())('the points operator API under console accounts ($name)', (mode) => {
  it(
    'grants, ranks and approves experts for permitted operators and keys only, each audited',
    { timeout: 120_000 },
    async () => {
      const h = await startHarness(mode);
      const beside = await safetyBeside(h, mode);
      const { safety, consoleReq, signIn } = beside;
      const audit = async (action: string) =>
        safety.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
      const balanceOf = async (userId: string) =>
        Number(
          (
            await h.points.ctx.db
              .selectFrom('accounts')
              .select('balance')
              .where('user_id', '=', userId)
              .executeTakeFirst()
          )?.balance,
        );
      const detailOf = (row: { detail: unknown }) =>
        (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>;
      try {
        const me = await h.register('operator-api-me@example.jp');
        // Points opens the ledger account from accounts' registration event.
        await eventually(async () => {
          const row = await h.points.ctx.db
            .selectFrom('accounts')
            .select('user_id')
            .where('user_id', '=', me.user_id)
            .executeTakeFirst();
          if (!row) throw new Error('points does not know the user yet');
        }, 15_000);
        const admin = await signIn();
        const madeModerator = await consoleReq('POST', '/admin/safety/operators', admin.token, {
          email: 'mod-points@example.jp',
          password: 'a long moderator password',
          role: 'moderator',
        });
        expect(madeModerator.statusCode, madeModerator.body).toBe(200);
        const moderator = await signIn({
          email: 'mod-points@example.jp',
          password: 'a long moderator password',
          totp: madeModerator.json().data.totp_secret as string,
        });

        // A grant by the admin's session: points credits it once per key, and the audit names the admin.
        const grant = { user_id: me.user_id, amount: 700, reason: 'お詫び', idempotency_key: `apology-${me.user_id}` };
        const granted = await consoleReq('POST', '/admin/safety/points/grants', admin.token, grant);
        expect(granted.statusCode, granted.body).toBe(200);
        expect(granted.json().data).toMatchObject({ user_id: me.user_id, amount: 700, balance: 700, replayed: false });
        const again = await consoleReq('POST', '/admin/safety/points/grants', admin.token, grant);
        expect(again.json().data).toMatchObject({ balance: 700, replayed: true });
        // Points' own refusal passes through as points gave it: the same key with another amount.
        const conflict = await consoleReq('POST', '/admin/safety/points/grants', admin.token, { ...grant, amount: 1 });
        expect(conflict.statusCode).toBe(409);
        expect(conflict.json().error).toBe('この操作はすでに別の内容で受け付けられています。');
        const transfer = await h.points.ctx.db
          .selectFrom('transfers')
          .select(['actor', 'reason', 'amount'])
          .where('id', '=', granted.json().data.transfer_id as string)
          .executeTakeFirstOrThrow();
        expect(transfer).toEqual({ actor: `operator:${admin.operator.id}`, reason: 'お詫び', amount: 700 });
        // The grant's audit entry follows from points' own event, written with the transfer; the
        // replay moved nothing and is recorded by safety as asked again.
        const grants = await eventually(async () => {
          const rows = await audit('points.grant');
          if (rows.length === 0) throw new Error('the grant is not audited yet');
          return rows;
        }, 15_000);
        expect(grants).toHaveLength(1);
        expect(grants[0]).toMatchObject({ actor: `operator:${admin.operator.id}`, target: me.user_id });
        expect(detailOf(grants[0]!)).toMatchObject({
          amount: 700,
          reason: 'お詫び',
          transfer_id: granted.json().data.transfer_id,
        });
        expect(await audit('points.grant.replayed')).toEqual([
          expect.objectContaining({ actor: `operator:${admin.operator.id}`, target: me.user_id }),
        ]);

        // The points CLI's grant (the same function `pnpm grant` runs, actor cli:<login>) is in the
        // same audit log, once, also when its event is delivered a second time.
        const heard: EventPayload<typeof events.pointsGranted>[] = [];
        const sub = h.infra.bus.subscribe(events.pointsGranted, async (e) => void heard.push(e), {
          queue: 'test-listener',
        });
        if (h.infra.bus.kind === 'nats') await h.infra.bus.flush();
        const byCli = await grantByCli(
          h.points.ctx,
          { user_id: me.user_id, amount: 30, reason: 'CLIでの補填', idempotency_key: `cli-${me.user_id}` },
          'cli:tester',
        );
        const cliAudit = () => audit('points.grant').then((rows) => rows.filter((r) => r.actor === 'cli:tester'));
        await eventually(async () => {
          if ((await cliAudit()).length === 0) throw new Error('the CLI grant is not audited yet');
        }, 15_000);
        const event = await eventually(() => {
          const e = heard.find((x) => x.transfer_id === byCli.transfer_id);
          if (!e) throw new Error('the grant event was not heard');
          return e;
        }, 15_000);
        sub.unsubscribe();
        await h.infra.bus.publish(events.pointsGranted, event);
        await h.infra.bus.publish(events.pointsGranted, event);
        // A marker published after the redeliveries: once it is audited, they were handled before it.
        const marker = { ...event, transfer_id: randomUUID(), actor: 'cli:marker' };
        await h.infra.bus.publish(events.pointsGranted, marker);
        await eventually(async () => {
          if (!(await audit('points.grant')).some((r) => r.actor === 'cli:marker')) throw new Error('waiting');
        }, 15_000);
        expect((await audit('points.grant')).map((r) => r.actor).sort()).toEqual(
          ['cli:marker', 'cli:tester', `operator:${admin.operator.id}`].sort(),
        );
        expect(detailOf((await cliAudit())[0]!)).toMatchObject({ amount: 30, transfer_id: byCli.transfer_id });

        // A moderator may set ranks and answer experts, but not make money.
        const byModerator = await consoleReq('POST', '/admin/safety/points/grants', moderator.token, {
          ...grant,
          idempotency_key: 'moderator-try',
        });
        expect(byModerator.statusCode).toBe(403);
        const ranked = await consoleReq('PUT', `/admin/safety/users/${me.user_id}/rank`, moderator.token, {
          max_point_for_chatting: 300,
          max_point_for_a_call: 50,
        });
        expect(ranked.statusCode, ranked.body).toBe(200);
        expect((await h.get('/users/profile', h.as(me.caller))).json().data.rank).toEqual({
          max_point_for_chatting: 300,
          max_point_for_a_call: 50,
        });
        expect(await audit('rank.set')).toEqual([
          expect.objectContaining({ actor: `operator:${moderator.operator.id}`, target: me.user_id }),
        ]);
        // The rank's schema is checked at safety's door: nothing reaches accounts.
        const badRank = await consoleReq('PUT', `/admin/safety/users/${me.user_id}/rank`, moderator.token, {
          max_point_for_chatting: 15,
          max_point_for_a_call: 0,
        });
        expect(badRank.statusCode).toBe(403);
        expect(
          (
            await consoleReq('PUT', `/admin/safety/users/${admin.operator.id}/rank`, moderator.token, {
              max_point_for_chatting: 10,
              max_point_for_a_call: 10,
            })
          ).statusCode,
        ).toBe(404);

        // Experts: nothing to approve before the user asks (accounts' 403 passes through), then approved.
        const early = await consoleReq('PUT', `/admin/safety/users/${me.user_id}/expert`, moderator.token, {
          approve: true,
        });
        expect(early.statusCode).toBe(403);
        expect(await audit('expert.approve')).toEqual([]);
        const waiting = async () =>
          (await consoleReq('GET', '/admin/safety/experts/requests', moderator.token)).json().data as {
            user_id: string;
          }[];
        expect((await waiting()).map((r) => r.user_id)).not.toContain(me.user_id);
        expect((await h.post('/users/get_approval', {}, h.as(me.caller))).statusCode).toBe(200);
        // The console's 専門家申請 page lists the request while it waits, and no more once answered.
        expect(await waiting()).toContainEqual({
          user_id: me.user_id,
          user_name: null, // registered, no profile written yet
          updated_at: expect.any(String),
        });
        const approved = await consoleReq('PUT', `/admin/safety/users/${me.user_id}/expert`, moderator.token, {
          approve: true,
        });
        expect(approved.json().data).toEqual({ user_id: me.user_id, is_approval: EXPERT_STATUS.approved });
        expect(await audit('expert.approve')).toHaveLength(1);
        expect((await waiting()).map((r) => r.user_id)).not.toContain(me.user_id);

        // A key scoped to reading the money reports reads them, and cannot grant.
        const key = await consoleReq('POST', '/admin/safety/api_keys', admin.token, {
          name: 'accounting',
          scopes: ['points.read'],
        });
        expect(key.statusCode, key.body).toBe(200);
        const secret = key.json().data.secret as string;
        const purchases = await consoleReq('GET', '/admin/safety/points/purchases?status=unresolved', secret);
        expect(purchases.statusCode, purchases.body).toBe(200);
        expect(purchases.json().data).toEqual([]);
        const report = await consoleReq('GET', '/admin/safety/points/reports/unused', secret);
        expect(report.statusCode, report.body).toBe(200);
        expect(report.json().data).toMatchObject({ policy: expect.any(String), unused_purchased: 0 });
        expect(await audit('points.report.read')).toEqual([
          expect.objectContaining({ actor: `key:${key.json().data.key.id}` }),
        ]);
        const byKey = await consoleReq('POST', '/admin/safety/points/grants', secret, {
          ...grant,
          idempotency_key: 'key-try',
        });
        expect(byKey.statusCode).toBe(403);
        // A user's token is no operator's.
        const asUser = await consoleReq('POST', '/admin/safety/points/grants', me.access_token, {
          ...grant,
          idempotency_key: 'user-try',
        });
        expect(asUser.statusCode).toBe(401);
        // None of the refused grants moved a point or was audited: the console's 700 and the CLI's 30
        // (the marker was an event only).
        expect(await audit('points.grant')).toHaveLength(3);
        expect(await audit('points.grant.replayed')).toHaveLength(1);
        expect(await balanceOf(me.user_id)).toBe(730);
      } finally {
        await beside.close();
        await h.close();
      }
    },
  );
});
