import { expect, test } from '@playwright/test';

import { balanceOf, overlay, paidCallConnected, shot } from './calls-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';

test(`a paid call over ${transport} runs the payer down to zero: the meter and the bar show it, the call ends by itself, the payer is asked for a review, history lists the minute`, async ({
  browser,
  request,
}) => {
  // One real minute: the server meters connected time, and the second minute cannot be paid.
  test.setTimeout(240_000);
  const { payer, owner, pp, po } = await paidCallConnected(browser, request, {
    tag: `zero-${transport}`,
    payer: 'あおい',
    owner: 'そうた',
    title: 'そうたの夜話',
    points: 30,
  });

  await overlay(po).getByRole('button', { name: '課金をリクエスト（1分 30ポイント）' }).click();
  await po.getByRole('button', { name: 'OK' }).click();
  await overlay(pp).getByRole('alertdialog').getByRole('button', { name: '承認する' }).click();

  // The meter: the first minute at once, everything the payer had.
  await expect(overlay(pp).getByText('課金中：30ポイント')).toBeVisible();
  // Minimised, the bar over every page carries the balance, live from the ledger: 0 left.
  await overlay(pp).getByRole('button', { name: '小さくする' }).click();
  const bar = pp.getByRole('button', { name: /タップしてトーク画面に戻る/ });
  await expect(bar).toContainText('0P');
  await shot(pp, '40-bar-balance-zero');

  // The second minute cannot be paid: the call ends by itself, for both, saying why.
  await expect(pp.getByText('ポイントが不足です。', { exact: false })).toBeVisible({ timeout: 90_000 });
  await expect(po.getByText('切断されました。', { exact: false }).first()).toBeVisible({ timeout: 15_000 });
  await shot(pp, '41-ended-at-zero');
  await pp.getByRole('button', { name: 'OK' }).click();

  // The payer is asked to rate the call.
  const review = pp.getByRole('dialog', { name: 'この通話を評価' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('そうたさんとの通話はいかがでしたか？');
  await review.getByRole('button', { name: '評価する' }).click();
  await expect(pp.getByText('レビューありがとうございます。')).toBeVisible();
  await pp.getByRole('button', { name: 'OK' }).click();

  // History lists the minute for each side.
  await pp.goto('/manage-point');
  await pp.getByRole('button', { name: 'ポイント履歴' }).click();
  const paid = pp.getByTestId('point-history-row');
  await expect(paid).toHaveCount(2);
  await expect(paid.nth(0)).toContainText('通話料金');
  await expect(paid.nth(0)).toContainText('−30 P');
  await shot(pp, '42-history-call-minute');
  await po.goto('/manage-point');
  await po.getByRole('button', { name: 'ポイント履歴' }).click();
  const earned = po.getByTestId('point-history-row');
  await expect(earned).toHaveCount(1);
  await expect(earned.first()).toContainText('通話料金の受け取り');
  await expect(earned.first()).toContainText('+30 P');

  expect([await balanceOf(request, payer), await balanceOf(request, owner)]).toEqual([0, 30]);
  // The next journey gets the machine (and the SFU) without these two pages.
  await pp.context().close();
  await po.context().close();
});
