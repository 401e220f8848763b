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

  // First the talk price (the call room is paid once, when it opens), with the balance. No: nothing.
  await placeCall(true);
  const roomPrice = 'この声とのトークは100ポイントです。（保有ポイント：500 P）トークを始めて通話しますか？';
  await expect(pp.getByText(roomPrice)).toBeVisible();
  await shot(pp, '40-room-price');
  await pp.getByRole('button', { name: 'いいえ' }).click();
  await expect(pp.getByText(roomPrice)).toBeHidden();
  await expect(overlay(po).getByText('さくらさんから着信があります')).toHaveCount(0);
  expect(await balanceOf(request, payer)).toBe(500);

  // Again, yes to the talk price: then the per-minute price of a call charged from the start.
  await pp.goto('/');
  await placeCall(false);
  await expect(pp.getByText(roomPrice)).toBeVisible();
  await pp.getByRole('button', { name: '支払って通話する' }).click();
  const callPrice = 'この通話は1分50ポイントです。（保有ポイント：400 P）通話しますか？';
  await expect(pp.getByText(callPrice)).toBeVisible();
  await shot(pp, '41-call-price');
  // Nobody rings before the yes.
  await expect(overlay(po).getByText('さくらさんから着信があります')).toHaveCount(0);
  expect(await balanceOf(request, payer)).toBe(400);
  await pp.getByRole('button', { name: '通話する' }).click();

  await expect(overlay(pp).getByText('呼び出し中…').first()).toBeVisible({ timeout: 30_000 });
  await expect(overlay(po).getByText('さくらさんから着信があります')).toBeVisible({ timeout: 30_000 });
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
});
