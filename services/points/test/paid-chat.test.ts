import { messages } from '@honne/contracts';
import { infraModes, uniqueName } from '@honne/service-kit/testing';
import { describe, expect, it } from 'vitest';

import { ledgerRules } from '../src/config.ts';
import { transfer } from '../src/ledger/transfer.ts';
import { TEEN_AGE_ID } from '../src/domain/spend-caps.ts';
import { giftHarnessForSuite } from './gift-harness.ts';

describe.each(infraModes())('paid chat: the fee is charged once, when the room opens ($name)', (mode) => {
  const t = giftHarnessForSuite(mode);

  it('charges the replier the voice’s price for the owner, once: reopening costs nothing', async () => {
    const [owner, replier] = [await t.h.user('おうか'), await t.h.user('りく', 500)];
    const voice = t.h.voice(owner, 100);
    const opened = await t.h.openRoom(replier, voice, { confirm_price: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data).toMatchObject({ paid: true });
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([400, 100]);

    const again = await t.h.openRoom(replier, voice, { confirm_price: true });
    expect(again.json().data.id).toBe(opened.json().data.id);
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([400, 100]);
    // The owner opening it from their side pays nothing either.
    const fromOwner = await t.h.chat$('GET', `/rooms/${opened.json().data.id}`, owner);
    expect(fromOwner.statusCode).toBe(200);
    expect(await t.h.balance(owner)).toBe(100);
  });

  it('charges once when two tabs open the same paid room at the same moment', async () => {
    const [owner, replier] = [await t.h.user('おうか'), await t.h.user('りく', 500)];
    const voice = t.h.voice(owner, 200);
    const [one, two] = await Promise.all([
      t.h.openRoom(replier, voice, { confirm_price: true }),
      t.h.openRoom(replier, voice, { confirm_price: true }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.id).toBe(two.json().data.id);
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([300, 200]);
  });

  it('refuses a replier who cannot pay with the spec’s words, and opens no room', async () => {
    const [owner, replier] = [await t.h.user('おうか'), await t.h.user('りく', 50)];
    const voice = t.h.voice(owner, 100);
    const res = await t.h.openRoom(replier, voice, { confirm_price: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: messages.chatPointsShort,
      errors: { chat_price: 'ポイントが不足です。' },
    });
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([50, 0]);
    const rooms = await t.h.chat.ctx.db.selectFrom('rooms').select('id').where('topic_id', '=', voice).execute();
    expect(rooms).toEqual([]);
  });

  it('refuses a teen whose month is spent with the monthly cap’s message, and opens no room', async () => {
    const [owner, teen] = [await t.h.user('おうか'), await t.h.user('てつ', 6000, TEEN_AGE_ID)];
    // 4,950 of the month's 5,000 spent already.
    const spent = await transfer(
      t.h.points.ctx.db,
      { idempotencyKey: uniqueName('spent'), kind: 'gift', from: teen.userId, to: owner.userId, amount: 4950 },
      t.h.clock.now(),
      ledgerRules(t.h.points.ctx.config),
    );
    expect(spent.status).toBe('done');
    const voice = t.h.voice(owner, 100);
    const res = await t.h.openRoom(teen, voice, { confirm_price: true });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: messages.minorMonthlyCap,
      errors: { chat_price: messages.minorMonthlyCap },
    });
    expect(await t.h.balance(teen)).toBe(1050);
    const rooms = await t.h.chat.ctx.db.selectFrom('rooms').select('id').where('topic_id', '=', voice).execute();
    expect(rooms).toEqual([]);
  });

  it('charges nothing before the price is confirmed, and nothing for a free voice', async () => {
    const [owner, replier] = [await t.h.user('おうか'), await t.h.user('りく', 500)];
    const unconfirmed = await t.h.openRoom(replier, t.h.voice(owner, 100));
    expect(unconfirmed.statusCode).toBe(403);
    const free = await t.h.openRoom(replier, t.h.voice(owner, 0));
    expect(free.statusCode).toBe(200);
    expect(free.json().data).toMatchObject({ paid: false });
    expect([await t.h.balance(replier), await t.h.balance(owner)]).toEqual([500, 0]);
  });
});
