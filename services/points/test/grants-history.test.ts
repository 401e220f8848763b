import { ManualClock } from '@honne/service-kit';
import { infraModes, uuidOf } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openAccount } from '../src/db/repos/accounts.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { OPERATOR, operatorGrant, startPoints } from './support.ts';

const G1 = uuidOf('g-1');

describe.each(infraModes())('points operator grants and history ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock('2026-05-01T00:00:00.000Z');
  // Operators grant in the console; safety checks them and asks points over the bus (ADR 0034).
  const grant = (body: { user_id: string; amount: number; reason: string; idempotency_key: string }) =>
    operatorGrant(env.infra.bus, body);
  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
    await openAccount(env.points.ctx.db, G1, clock.now());
  });
  afterAll(async () => {
    await env?.close();
  });

  const body = { user_id: G1, amount: 1000, reason: 'キャンペーン', idempotency_key: 'camp-1' };

  it('grants points for the operator safety names, once per key, and records who and why', async () => {
    const res = await grant(body);
    if (!res.ok) throw new Error(res.message);
    expect(res.data).toMatchObject({ user_id: G1, amount: 1000, balance: 1000, replayed: false });
    const again = await grant(body);
    expect(again).toMatchObject({
      ok: true,
      data: { balance: 1000, replayed: true, transfer_id: res.data.transfer_id },
    });
    const row = await env.points.ctx.db
      .selectFrom('transfers')
      .selectAll()
      .where('id', '=', res.data.transfer_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'grant',
      debit_account: 'house:issued',
      actor: OPERATOR,
      reason: 'キャンペーン',
    });
    expect(await grant({ ...body, amount: 5 })).toMatchObject({
      ok: false,
      status: 409,
      message: 'この操作はすでに別の内容で受け付けられています。',
    });
  });

  it('serves no operator path over HTTP: grants are the console’s, through safety (ADR 0034)', async () => {
    const before = await env.points.ctx.db.selectFrom('transfers').select('id').execute();
    for (const headers of [{}, env.as(G1), { authorization: 'Bearer hso_anything' }]) {
      const res = await env.points.app.inject({
        method: 'POST',
        url: '/admin/points/grants',
        headers,
        payload: { ...body, idempotency_key: 'camp-2' },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await env.points.ctx.db.selectFrom('transfers').select('id').execute()).toHaveLength(before.length);
  });

  // Issue 25: a grant to a random id answered 200 and made an account for nobody.
  it('refuses a grant to an id that is no user, and writes nothing', async () => {
    const before = await env.points.ctx.db.selectFrom('transfers').select('id').execute();
    for (const user_id of [uuidOf('nobody-at-all'), uuidOf('nobody-either')]) {
      const res = await grant({ ...body, user_id, idempotency_key: `nobody-${user_id}` });
      expect(res).toMatchObject({ ok: false, status: 403, errors: { user_id: expect.any(String) } });
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

  it('refuses bad grant bodies before they reach the ledger', async () => {
    await expect(grant({ ...body, amount: 0, idempotency_key: 'camp-3' })).rejects.toThrow(/invalid payload/);
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
