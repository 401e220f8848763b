import { expect, test, type Page } from '@playwright/test';

import { auth, postVoice, setRank, signedInPage, userWithProfile, type TestUser } from './topics-helpers.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/screens/buy-${name}.png`, animations: 'disabled' });

// Issue 33: a user with no points meets a paid chat, is offered the way to buy, buys a pack through
// the checkout (the app's labelled test checkout: no provider is reachable here, and it credits
// through the same signed webhook), then confirms the chat's price and gives a present. Both sides'
// point histories agree.
test('out of points: the way to buy is offered, the checkout credits the pack, then the paid chat and a gift are confirmed and paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await userWithProfile(request, 'buy-a', { user_name: 'みさき', gender: 2, age_id: 3, area_id: 13 });
  const buyer = await userWithProfile(request, 'buy-b', { user_name: 'そうた', gender: 1, age_id: 3, area_id: 13 });
  await setRank(request, owner);
  await postVoice(request, owner, { title: '話をきかせてください', chat_price: 100 }, [buyer]);
  const balanceOf = async (who: TestUser) =>
    (await (await request.get('/api/v1/points/balance', { headers: auth(who) })).json()).data.balance as number;

  const pb = await signedInPage(browser, buyer);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/');
  const openChat = async () => {
    await pb.locator('.tp-row', { hasText: '話をきかせてください' }).getByRole('button').first().click();
    await pb.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: 'チャット' }).click();
    await pb.getByRole('option', { name: 'ニックネームで話す' }).click();
  };

  // With 0 P the price is shown with the balance; saying yes finds too few points, and the
  // message offers the way to buy instead of ending there.
  await openChat();
  await expect(
    pb.getByText('この声とのチャットは 100 ポイントです。（保有ポイント：0 P）チャットを始めますか？'),
  ).toBeVisible();
  await pb.getByRole('button', { name: 'チャットを始める' }).click();
  await expect(pb.getByText('ポイントが不足です。')).toBeVisible();
  await shot(pb, '01-short');
  await pb.getByRole('button', { name: 'ポイントを追加する' }).click();

  // The add-points sheet is open on /manage-point; a pack is a button that opens the checkout.
  await expect(pb).toHaveURL(/\/manage-point\?add=1$/);
  const sheet = pb.getByRole('dialog', { name: 'ポイントを追加する' });
  await shot(pb, '02-packs');
  await sheet.getByRole('button', { name: '1,000ポイントを¥1,000で購入する' }).click();

  // The test checkout says clearly what it is; paying returns to the points page, which tells
  // the buyer once the webhook has credited the pack.
  await expect(pb).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(pb.getByRole('note')).toHaveText('これはテスト用の決済画面です。実際のお金は支払われません。');
  await expect(pb.getByRole('region', { name: 'テスト決済' })).toContainText('¥1,000（税込）');
  await shot(pb, '03-test-checkout');
  await pb.getByRole('button', { name: '支払う（テスト）' }).click();
  await expect(pb).toHaveURL(/\/manage-point\?checkout=[0-9a-f-]{36}$/);
  await expect(pb.getByRole('status').filter({ hasText: '1,000ポイントを追加しました。' })).toBeVisible();
  await expect(pb.getByRole('region', { name: '保有ポイント' })).toContainText('1,000 P');
  await shot(pb, '04-credited');
  expect(await balanceOf(buyer)).toBe(1000);

  // Now the paid chat: the price with the new balance, the buyer's yes, and the room opens.
  await pb.goto('/');
  await openChat();
  await expect(
    pb.getByText('この声とのチャットは 100 ポイントです。（保有ポイント：1,000 P）チャットを始めますか？'),
  ).toBeVisible();
  await pb.getByRole('button', { name: 'チャットを始める' }).click();
  await expect(pb).toHaveURL(/\/chat\/[^/]+$/);
  const roomId = new URL(pb.url()).pathname.split('/').pop()!;
  await pb.getByRole('textbox', { name: 'メッセージ' }).fill('はじめまして');
  await pb.getByRole('textbox', { name: 'メッセージ' }).press('Enter');
  expect(await balanceOf(buyer)).toBe(900);

  // A present, confirmed on its own screen.
  await pb.getByRole('button', { name: 'プレゼント' }).click();
  await pb.getByRole('button', { name: '100ポイントのプレゼント' }).click();
  await expect(pb.getByText('プレゼント後の保有ポイント')).toBeVisible();
  await pb.getByRole('button', { name: 'プレゼントする' }).click();
  await expect(pb).toHaveURL(new RegExp(`/chat/${roomId}$`));
  expect(await balanceOf(buyer)).toBe(800);

  // Both histories tell the same story.
  await pb.goto('/manage-point');
  await pb.getByRole('button', { name: 'ポイント履歴' }).click();
  const bRows = pb.getByTestId('point-history-row');
  await expect(bRows).toHaveCount(3);
  await expect(bRows.nth(0)).toContainText('−100 P');
  await expect(bRows.nth(0)).toContainText('プレゼントを贈りました');
  await expect(bRows.nth(1)).toContainText('チャット料金');
  await expect(bRows.nth(1)).toContainText('−100 P');
  await expect(bRows.nth(2)).toContainText('+1,000 P');
  await shot(pb, '05-history-buyer');

  const pa = await signedInPage(browser, owner);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto('/manage-point');
  await pa.getByRole('button', { name: 'ポイント履歴' }).click();
  const aRows = pa.getByTestId('point-history-row');
  await expect(aRows).toHaveCount(2);
  await expect(aRows.nth(0)).toContainText('プレゼントを受け取りました');
  await expect(aRows.nth(0)).toContainText('そうたさん');
  await expect(aRows.nth(0)).toContainText('+100 P');
  await expect(aRows.nth(1)).toContainText('チャット料金の受け取り');
  await expect(aRows.nth(1)).toContainText('+100 P');
  expect(await balanceOf(owner)).toBe(200);
});
