import { ManualClock } from '@honne/service-kit';
import { infraModes } from '@honne/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ledgerRules } from '../src/config.ts';
import { HOUSE, type TransferKind } from '../src/domain/ledger.ts';
import { TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { sweepExpiredLots } from '../src/jobs/expire-lots.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { startPoints } from './support.ts';

const DAY = 86_400_000;
// 12:00 on 20 June in Japan; the month of the caps began at midnight on 1 June there.
const NOW = new Date('2026-06-20T03:00:00.000Z');
const MONTH_START = new Date('2026-05-31T15:00:00.000Z');
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY);

// GET /points/balance reads the account, the person's age and month of spending, and the expiring
// lots in one statement: every figure here is one that statement could get wrong (another person's
// or last month's spending, a lot of someone else's, spent, expired or beyond the reminder window).
describe.each(infraModes())('the balance, read in one statement ($name)', (mode) => {
  let env: Awaited<ReturnType<typeof startPoints>>;
  const clock = new ManualClock(NOW);
  let n = 0;
  const move = async (kind: TransferKind, from: string, to: string, amount: number, at: Date) => {
    const result = await transfer(
      env.points.ctx.db,
      { idempotencyKey: `bal:${n++}`, kind, from, to, amount },
      at,
      ledgerRules(env.config),
    );
    expect(result.status).toBe('done');
  };
  const buy = (user: string, amount: number, at: Date) => move('purchase', HOUSE.sales, user, amount, at);
  const grant = (user: string, amount: number, at: Date) => move('grant', HOUSE.issued, user, amount, at);
  const balance = async (user: string) => {
    const res = await env.points.app.inject({ method: 'GET', url: '/points/balance', headers: env.as(user) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    env = await startPoints(mode, {}, clock);
  });
  afterAll(async () => {
    await env?.close();
  });

  it("answers a minor their person's cap and this month's spending, and only their own lots that expire soon", async () => {
    await env.profile('bk-kid', 'bf-kid', TEEN_AGE_ID);
    await env.profile('bk-sib', 'bf-kid', 3); // the same person's second character says 30代
    await env.profile('bk-other', 'bf-other', TEEN_AGE_ID);

    // Lots of 180 days: A expired 10 days ago (not swept yet), B, C, D within the 30-day reminder, E beyond it.
    await buy('bk-kid', 300, daysFromNow(-190)); // A
    await buy('bk-kid', 400, daysFromNow(-175)); // B, expires in 5 days
    await buy('bk-kid', 500, daysFromNow(-170)); // C, in 10
    await buy('bk-kid', 600, daysFromNow(-160)); // D, in 20
    await buy('bk-kid', 700, daysFromNow(-100)); // E, in 80
    await buy('bk-sib', 250, daysFromNow(-165)); // the sibling's own lot, in 15

    // Last month's spending is not this month's: 100 on 26 May, 30 a millisecond before 1 June (both out of A).
    await move('gift', 'bk-kid', 'bk-shop', 100, daysFromNow(-25));
    await move('gift', 'bk-kid', 'bk-shop', 30, new Date(MONTH_START.getTime() - 1));
    // This month, both characters: 70 at midnight on 1 June, then a gift, a fee and a call minute.
    await move('gift', 'bk-sib', 'bk-shop', 70, MONTH_START);
    await move('gift', 'bk-kid', 'bk-shop', 400, daysFromNow(-5)); // A has expired: B pays, and is empty
    await move('chat_fee', 'bk-kid', 'bk-shop', 150, daysFromNow(-4)); // out of C: 350 left
    await move('call_minute', 'bk-sib', 'bk-shop', 50, daysFromNow(-3));
    // Points coming in are no spending; another person's spending is not this one's.
    await grant('bk-kid', 1000, daysFromNow(-2));
    await grant('bk-other', 500, daysFromNow(-2));
    await move('gift', 'bk-other', 'bk-kid', 100, daysFromNow(-1));

    const kid = {
      user_id: 'bk-kid',
      balance: 2500 - 100 - 30 - 400 - 150 + 1000 + 100,
      purchased: 2500 - 100 - 30 - 400 - 150,
      expiring: [
        { points: 350, expires_at: daysFromNow(10).toISOString() },
        { points: 600, expires_at: daysFromNow(20).toISOString() },
      ],
      monthly_cap: 5000,
      spent_this_month: 70 + 400 + 150 + 50,
      teen: true,
      age_bracket: null,
      purchase_valid_days: 180,
    };
    expect(await balance('bk-kid')).toEqual(kid);
    expect(await balance('bk-sib')).toEqual({
      ...kid,
      user_id: 'bk-sib',
      balance: 130,
      purchased: 130,
      expiring: [{ points: 130, expires_at: daysFromNow(15).toISOString() }],
    });
    expect(await balance('bk-other')).toEqual({
      ...kid,
      user_id: 'bk-other',
      balance: 400,
      purchased: 0,
      expiring: [],
      spent_this_month: 100,
    });

    // The sweep moves A's 170 out as an `expiry` transfer: a debit, but no spending.
    expect(await sweepExpiredLots(env.points.ctx)).toBe(1);
    expect(await balance('bk-kid')).toEqual({ ...kid, balance: kid.balance - 170, purchased: kid.purchased - 170 });

    // A declaration by one character is the person's: both answer the 16–17 cap.
    const declared = await env.points.app.inject({
      method: 'PUT',
      url: '/points/age_bracket',
      headers: env.as('bk-sib'),
      payload: { bracket: '16to17' },
    });
    expect(declared.statusCode).toBe(200);
    expect(await balance('bk-kid')).toMatchObject({
      monthly_cap: 20_000,
      spent_this_month: 670,
      age_bracket: '16to17',
      teen: true,
    });
  });

  it('answers an adult no cap and no spending, with their expiring lots; and a stranger zeros', async () => {
    await env.profile('bk-adult', 'bf-adult', 3);
    await buy('bk-adult', 500, daysFromNow(-165));
    await move('gift', 'bk-adult', 'bk-shop', 200, daysFromNow(-2));
    await move('chat_fee', 'bk-adult', 'bk-shop', 100, daysFromNow(-1));
    const adult = {
      user_id: 'bk-adult',
      balance: 200,
      purchased: 200,
      expiring: [{ points: 200, expires_at: daysFromNow(15).toISOString() }],
      monthly_cap: null,
      spent_this_month: 0,
      teen: false,
      age_bracket: null,
      purchase_valid_days: 180,
    };
    expect(await balance('bk-adult')).toEqual(adult);

    // Known to the ledger but never to the caps (no profile event yet): an adult until it comes.
    await grant('bk-granted', 300, daysFromNow(-1));
    await move('gift', 'bk-granted', 'bk-shop', 120, daysFromNow(-1));
    expect(await balance('bk-granted')).toEqual({
      ...adult,
      user_id: 'bk-granted',
      balance: 180,
      purchased: 0,
      expiring: [],
    });
    expect(await balance('bk-nobody')).toEqual({
      ...adult,
      user_id: 'bk-nobody',
      balance: 0,
      purchased: 0,
      expiring: [],
    });
  });

  it("still counts a minor's spending while their account's capped flag lags behind their age", async () => {
    await env.profile('bk-late', 'bf-late', TEEN_AGE_ID);
    await grant('bk-late', 1000, daysFromNow(-1));
    await move('gift', 'bk-late', 'bk-shop', 300, daysFromNow(-1));
    expect(await balance('bk-late')).toMatchObject({ monthly_cap: 5000, spent_this_month: 300 });
    // As between a declaration's write and the flag's (PUT /points/age_bracket makes two): the
    // statement sums nothing for an account not flagged, so the rule's cap is counted apart.
    await env.points.ctx.db.updateTable('accounts').set({ capped: false }).where('user_id', '=', 'bk-late').execute();
    expect(await balance('bk-late')).toMatchObject({ monthly_cap: 5000, spent_this_month: 300 });
  });
});
