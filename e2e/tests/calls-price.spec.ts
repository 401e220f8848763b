import { expect, test } from '@playwright/test';

import { balanceOf, callPage, overlay, recordedAtLeast, shot } from './calls-helpers.ts';
import { grantPoints, postVoice, setRank, userWithProfile } from './topics-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';

// Walk 2026-11-27 #3 and #4: a voice with a talk price and a call charged from the start. The caller
// is shown each price with what they hold and says yes before anything is taken or anyone rings.
test(`calling a priced voice over ${transport}: the talk price, then 1分50ポイント, each confirmed before it is taken`, async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const payer = await userWithProfile(request, `price-${transport}-a`, {
    user_name: 'さくら',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const owner = await userWithProfile(request, `price-${transport}-b`, {
    user_name: 'ゆうと',
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  await setRank(request, owner, 500, 100);
  await grantPoints(request, payer, 500);
  const title = '転職の相談のります（有料）';
  await postVoice(
    request,
    owner,
    { title, chat_price: 100, call_price: 50, time_call_price: 1, purchase_on_start: true, is_callable: true },
    [payer],
  );

  const po = await callPage(browser, owner);
  await po.goto('/friendlist');
  const pp = await callPage(browser, payer);
  await pp.goto('/');

  const placeCall = async (greeting: boolean) => {
    await pp.locator('.tp-row', { hasText: title }).getByRole('button').first().click();
    await pp.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
    await pp.getByRole('option', { name: 'ニックネームで話す' }).click();
    const recorder = pp.getByRole('dialog', { name: 'あいさつメッセージ' });
    if (greeting) {
      await recorder.getByRole('button', { name: '録音する' }).click();
      await recordedAtLeast(recorder, 1);
      await recorder.getByRole('button', { name: '録音を終了' }).click();
    }
    await recorder.getByRole('button', { name: '相手に送る' }).click();
  };

  // Both prices in one question (the talk price, paid when the room opens, and the per-minute price
  // of a call charged from the start), with the balance. No: nothing.
  await placeCall(true);
  const bothPrices =
    'この声とのトークは100ポイント、通話は1分50ポイントです（つながった時から課金されます）。（保有ポイント：500 P）トークを始めて通話しますか？';
  await expect(pp.getByText(bothPrices)).toBeVisible();
  await shot(pp, '40-both-prices');
  await pp.getByRole('button', { name: 'いいえ' }).click();
  await expect(pp.getByText(bothPrices)).toBeHidden();
  await expect(overlay(po).getByText('さくらさんから着信があります')).toHaveCount(0);
  expect(await balanceOf(request, payer)).toBe(500);

  // Again, and yes: the call rings with no second question.
  await pp.goto('/');
  await placeCall(false);
  await expect(pp.getByText(bothPrices)).toBeVisible();
  await pp.getByRole('button', { name: '支払って通話する' }).click();
  await expect(overlay(pp).getByText('呼び出し中…').first()).toBeVisible({ timeout: 30_000 });
  await expect(pp.getByText(/1分50ポイントです。/)).toHaveCount(0);
  await expect(overlay(po).getByText('さくらさんから着信があります')).toBeVisible({ timeout: 30_000 });
  expect(await balanceOf(request, payer)).toBe(400);
  await overlay(po).getByRole('button', { name: 'トークを開始' }).click();
  for (const page of [pp, po]) {
    await expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });
  }
  // Charged from the connection, as agreed: the first minute at once.
  await expect(overlay(pp).getByText('課金中：50ポイント')).toBeVisible();
  await expect.poll(() => balanceOf(request, payer)).toBe(350);
  await overlay(pp).getByRole('button', { name: 'トークを終了' }).click();
  await expect(pp.getByRole('dialog', { name: 'この通話を評価' })).toBeVisible();
  expect(await balanceOf(request, payer)).toBe(350);
  expect(await balanceOf(request, owner)).toBe(150);

  // Walk #45: both sides' call record says what the call cost, as both points histories do.
  // The record comes from the caller to the owner: the owner's messages name its room.
  let roomId = '';
  await expect
    .poll(async () => {
      const res = await request.get('/api/v1/messages/toMe', { headers: { Authorization: `Bearer ${owner.token}` } });
      const record = ((await res.json()).data as { room_id: string; message_type_id: number }[]).find(
        (m) => m.message_type_id === 6,
      );
      roomId = record?.room_id ?? '';
      return roomId;
    })
    .not.toBe('');
  for (const page of [pp, po]) {
    await page.goto(`/chat/${roomId}`);
    await expect(
      page
        .getByTestId('chat-system')
        .filter({ hasText: /^通話しました \d+:\d\d・通話料金 50ポイント\s*\d{1,2}:\d\d$/ }),
    ).toBeVisible();
  }
  await shot(pp, '42-paid-record');
  for (const [page, sign] of [
    [pp, '−'],
    [po, '+'],
  ] as const) {
    await page.goto('/manage-point');
    await page.getByRole('button', { name: 'ポイント履歴' }).click();
    await expect(page.getByTestId('point-history-row').filter({ hasText: '通話料金' })).toHaveCount(1);
    await expect(page.getByTestId('point-history-row').filter({ hasText: '通話料金' })).toContainText(`${sign}50 P`);
  }
});
