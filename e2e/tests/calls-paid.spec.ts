import { expect, test } from '@playwright/test';

import { balanceOf, overlay, paidCallConnected, shot } from './calls-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';

test(`a paid call over ${transport}: the owner asks, the payer approves, a minute is charged at once and both see it`, async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { payer, owner, pp, po } = await paidCallConnected(browser, request, {
    tag: `paid-${transport}`,
    payer: 'はるか',
    owner: 'みなと',
    title: 'みなとの人生相談',
    points: 500,
  });
  await expect(overlay(pp).getByText('通話料金：1分 30ポイント')).toBeVisible();

  // The owner asks for the charge; the button says so and cannot be pressed again.
  await overlay(po).getByRole('button', { name: '課金をリクエスト（1分 30ポイント）' }).click();
  await expect(po.getByText('課金リクエストを送信しました。').first()).toBeVisible();
  await po.getByRole('button', { name: 'OK' }).click();
  await expect(overlay(po).getByRole('button', { name: '課金リクエストを送信しました。' })).toBeDisabled();

  // The payer is asked, and approves.
  const prompt = overlay(pp).getByRole('alertdialog');
  await expect(prompt).toContainText('お相手から課金のリクエストが届きました。1分 30ポイントです。');
  await shot(pp, '30-charge-prompt');
  // The payer caps what this call may cost, then approves. The label and the chosen cap are readable
  // on the dark talk screen (walk #5: near-black on purple, white on light grey): light on dark, dark on white.
  const cap = prompt.getByLabel('この通話の上限');
  const colours = await prompt.evaluate((el) => {
    const label = getComputedStyle(el.querySelector('.hn-field__label')!);
    const select = getComputedStyle(el.querySelector('select')!);
    return { label: label.color, text: select.color, box: select.backgroundColor };
  });
  expect(colours).toEqual({ label: 'rgb(255, 255, 255)', text: 'rgb(43, 37, 35)', box: 'rgb(255, 255, 255)' });
  await cap.selectOption({ label: '100ポイントまで' });
  await prompt.getByRole('button', { name: '承認する' }).click();

  // The first minute is charged at once: both see it.
  await expect(overlay(pp).getByText('課金中：30ポイント（上限 100ポイント）')).toBeVisible();
  await expect(overlay(po).getByText('課金を承認されました。 課金中：30ポイント')).toBeVisible();
  await shot(pp, '31-charging-payer');
  await shot(po, '32-charging-owner');

  await overlay(pp).getByRole('button', { name: 'トークを終了' }).click();
  // The payer is asked to rate the call (once); the owner is not.
  const review = pp.getByRole('dialog', { name: 'この通話を評価' });
  await expect(review).toBeVisible();
  await expect(review).toContainText('みなとさんとの通話はいかがでしたか？');
  await shot(pp, '33-review');
  await review.getByRole('radio', { name: '4つ星' }).click();
  await review.getByRole('button', { name: '評価する' }).click();
  await expect(pp.getByText('レビューありがとうございます。')).toBeVisible();
  await pp.getByRole('button', { name: 'OK' }).click();
  await expect(review).toBeHidden();
  await expect(po.getByRole('dialog', { name: 'この通話を評価' })).toHaveCount(0);
  // Hung up within the first minute: one minute, 30 points, owner to payer.
  await expect.poll(() => balanceOf(request, payer)).toBe(470);
  expect(await balanceOf(request, owner)).toBe(30);
});
