import { ManualClock } from '@honne/service-kit';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openAccount } from '../src/db/repos/accounts.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { OPERATOR_TOKEN, startPoints } from './support.ts';

const G1 = uuidOf('g-1');

describe.each(infraModes())('points operator grants and history ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  let closed: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  const grant = (body: object, authorization?: string, app = env.points.app) =>
    app.inject({
      method: 'POST',
      url: '/admin/points/grants',
      headers: authorization ? { authorization } : {},
      payload: body,
    });
  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
    closed = await startPoints(mode, { operatorToken: undefined });
    await openAccount(env.points.ctx.db, G1, clock.now());
  });
  afterAll(async () => {
    await env?.close();
    await closed?.close();
  });

  const body = { user_id: G1, amount: 1000, reason: 'キャンペーン', idempotency_key: 'camp-1' };

  it('grants points with the operator token, once per key, and records who and why', async () => {
    const res = await grant(body, `Bearer ${OPERATOR_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: G1, amount: 1000, balance: 1000, replayed: false });
    const again = await grant(body, `Bearer ${OPERATOR_TOKEN}`);
    expect(again.json().data).toMatchObject({
      balance: 1000,
      replayed: true,
      transfer_id: res.json().data.transfer_id,
    });
    const row = await env.points.ctx.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', res.json().data.transfer_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'grant',
      debit_account: 'house:issued',
      actor: 'operator-api',
      reason: 'キャンペーン',
    });
    const conflict = await grant({ ...body, amount: 5 }, `Bearer ${OPERATOR_TOKEN}`);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error).toBe('この操作はすでに別の内容で受け付けられています。');
  });

  it('refuses without the operator token, with a user identity, with a wrong token, and when none is configured', async () => {
    const before = await env.points.ctx.db.selectFrom('transfers').select('id').execute();
    const fresh = { ...body, idempotency_key: 'camp-2' };
    for (const res of [
      await grant(fresh),
      await grant(fresh, 'Bearer wrong-token-wrong-token-00'),
      await env.points.app.inject({
        method: 'POST',
        url: '/admin/points/grants',
        headers: env.as(G1),
        payload: fresh,
      }),
      await grant(fresh, `Bearer ${OPERATOR_TOKEN}`, closed.points.app),
      // Who may call is checked before what was sent: no shape error or 404 for a stranger.
      await grant({ user_id: 'not-a-uuid' }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ data: null, error: '運営者の認証が必要です。', code: 'operator_only' });
    }
    expect(await env.points.ctx.db.selectFrom('transfers').select('id').execute()).toHaveLength(before.length);
  });

  // Issue 25: a grant to a random id answered 200 and made an account for nobody.
  it('refuses a grant to an id that is no user, and writes nothing', async () => {
    const before = await env.points.ctx.db.selectFrom('transfers').select('id').execute();
    for (const user_id of [uuidOf('nobody-at-all'), uuidOf('nobody-either')]) {
      const res = await grant({ ...body, user_id, idempotency_key: `nobody-${user_id}` }, `Bearer ${OPERATOR_TOKEN}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ data: null, errors: { user_id: expect.any(String) } });
    }
    expect(await env.points.ctx.db.selectFrom('transfers').select('id').execute()).toHaveLength(before.length);
    expect(
      await env.points.ctx.db
        .selectFrom('accounts')
        .select('user_id')
        .where('user_id', '=', uuidOf('nobody-at-all'))
        .execute(),
    ).toEqual([]);
  });

  it('refuses bad grant bodies with field errors', async () => {
    const res = await grant({ ...body, amount: 0, idempotency_key: 'camp-3' }, `Bearer ${OPERATOR_TOKEN}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().data).toBeNull();
  });

  it('lists the caller’s movements newest first, signed, paged, and only their own', async () => {
    for (let i = 0; i < 5; i++) {
      clock.advance(60_000);
      await transfer(
        env.points.ctx.db,
        {
          idempotencyKey: `gift:h-${i}`,
          kind: 'gift',
          from: G1,
          to: 'h-2',
          amount: 100,
          giftId: `h-${i}`,
          roomId: 'room-h',
        },
        clock.now(),
        { lotPolicy: 'expire' },
      );
    }
    const page = (q: string, user = G1) =>
      env.points.app.inject({ method: 'GET', url: `/points/history${q}`, headers: env.as(user) });
    const first = (await page('?per_page=4')).json();
    expect(first.data.map((i: { gift_id: string | null }) => i.gift_id)).toEqual(['h-4', 'h-3', 'h-2', 'h-1']);
    expect(first.data[0]).toMatchObject({ kind: 'gift', amount: -100, room_id: 'room-h' });
    expect(first.data[0]).not.toHaveProperty('partner_id');
    const second = (await page(`?per_page=4&last_doc_id=${first.last_doc_id}`)).json();
    expect(second.data.map((i: { kind: string; amount: number }) => [i.kind, i.amount])).toEqual([
      ['gift', -100],
      ['grant', 1000],
    ]);
    expect(second.last_doc_id).toBeNull();
    const receiver = (await page('', 'h-2')).json();
    expect(receiver.data).toHaveLength(5);
    expect(receiver.data.every((i: { amount: number }) => i.amount === 100)).toBe(true);
    expect((await page('', 'nobody')).json().data).toEqual([]);
    expect((await env.points.app.inject({ method: 'GET', url: '/points/history' })).statusCode).toBe(401);
    expect((await page('?last_doc_id=not-a-cursor')).statusCode).toBe(403);
  });

  it('answers the balance with its purchased part', async () => {
    const res = await env.points.app.inject({ method: 'GET', url: '/points/balance', headers: env.as(G1) });
    expect(res.json().data).toMatchObject({ user_id: G1, balance: 500, purchased: 0, monthly_cap: null });
  });
});
