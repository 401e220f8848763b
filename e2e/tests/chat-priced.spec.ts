import { expect, test, type Page } from '@playwright/test';

import { auth, grantPoints, postVoice, setRank, signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `artifacts/screens/chat-${name}.png`, animations: 'disabled' });
};

test('a priced voice asks for the price before the room opens; an anonymous partner has no card and no add-friend; the room goes when the voice is replaced', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await userWithProfile(request, 'pr-a', { user_name: 'しおり', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'pr-b', { user_name: 'ゆうま', gender: 1, age_id: 2, area_id: 13 });
  await setRank(request, a);
  await grantPoints(request, b, 500);
  const balanceOf = async (who: typeof a) =>
    (await (await request.get('/api/v1/points/balance', { headers: auth(who) })).json()).data.balance as number;
  const voice = await postVoice(request, a, { title: '相談にのります', chat_price: 100 }, [b]);

  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/');
  await pb.locator('.tp-row', { hasText: '相談にのります' }).getByRole('button').first().click();
  await pb.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: 'チャット' }).click();
  await pb.getByRole('option', { name: '匿名で話す' }).click();
  await expect(
    pb.getByText('この声とのチャットは 100 ポイントです。（保有ポイント：500 P）チャットを始めますか？'),
  ).toBeVisible();
  await shot(pb, '20-price-confirm');
  await pb.getByRole('button', { name: 'チャットを始める' }).click();
  await expect(pb).toHaveURL(/\/chat\/[^/]+$/);
  const roomPath = new URL(pb.url()).pathname;
  await pb.getByRole('textbox', { name: 'メッセージ' }).fill('匿名で失礼します');
  await pb.getByRole('textbox', { name: 'メッセージ' }).press('Enter');

  // The owner sees an anonymous partner: no card, no add-friend; report needs text.
  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto(roomPath);
  await expect(pa.getByTestId('chat-message').getByText('匿名で失礼します')).toBeVisible();
  await expect(pa.getByRole('button', { name: '匿名さん' })).toBeDisabled();
  await pa.getByRole('button', { name: 'メニュー' }).click();
  await expect(pa.getByRole('button', { name: 'ともだちを追加' })).toHaveCount(0);
  await pa.getByRole('button', { name: '通報する' }).click();
  // No error line (and no stray red 「!」) before anything was sent (walk #50).
  await expect(pa.getByRole('dialog', { name: '通報' }).locator('.hn-field__error')).toHaveCount(0);
  await pa.getByRole('dialog', { name: '通報' }).getByRole('button', { name: '通報する' }).click();
  await expect(pa.getByText('通報内容を入力してください。')).toBeVisible();
  await shot(pa, '21-report-required');
  await pa.getByRole('dialog', { name: '通報' }).getByRole('textbox').fill('テストの通報です\n二行目');
  await pa.getByRole('dialog', { name: '通報' }).getByRole('button', { name: '通報する' }).click();
  await expect(pa.getByText('通報を受け付けました。')).toBeVisible();
  await pa.getByRole('button', { name: 'OK' }).click();

  // The owner asks for a bonus; B sees the request arrive live and pays it once.
  await pa.getByRole('button', { name: 'ボーナスをリクエスト（100ポイント）' }).click();
  await expect(pa.getByText('ボーナスをリクエストしました。')).toBeVisible();
  await pa.getByRole('button', { name: 'OK' }).click();
  await expect(pa.getByRole('button', { name: 'ボーナスのお返事を待っています' })).toBeDisabled();
  const bonus = pb.getByRole('region', { name: 'ボーナス' });
  await expect(bonus).toContainText('お相手からボーナス（100ポイント）のリクエストが届きました。');
  // The price with what B holds: the decision is made with both in view.
  await expect(bonus.getByTestId('bonus-balance')).toHaveText('保有ポイント：400 P');
  await shot(pb, '24-bonus-asked');
  await bonus.getByRole('button', { name: '支払う' }).click();
  await expect(pb.getByText('ボーナスを支払いました。')).toBeVisible();
  await pb.getByRole('button', { name: 'OK' }).click();
  await expect(bonus).toHaveCount(0);
  // The owner is told it was paid, and what came in (walk #19).
  await expect(pa.getByText('課金を承認されました。ボーナス100ポイントを受け取りました。')).toBeVisible();
  await shot(pa, '25-bonus-paid-owner');
  await pa.getByRole('button', { name: 'OK' }).click();
  await expect(pa.getByRole('button', { name: 'ボーナスをリクエスト（100ポイント）' })).toBeEnabled();
  expect([await balanceOf(b), await balanceOf(a)]).toEqual([300, 200]);

  // Leaving the paid room, B (who paid) is asked to rate it once: 4 stars, thanks.
  const leaving = await signedInPage(browser, b);
  await leaving.setViewportSize({ width: 375, height: 667 });
  await leaving.goto(roomPath);
  await expect(leaving.getByTestId('chat-message').getByText('匿名で失礼します')).toBeVisible();
  await leaving.getByRole('button', { name: '戻る' }).click();
  const rate = leaving.getByRole('dialog', { name: 'このチャットを評価' });
  await expect(rate.getByRole('radio', { name: '5つ星' })).toHaveAttribute('aria-checked', 'true');
  await rate.getByRole('radio', { name: '4つ星' }).click();
  await shot(leaving, '23-rate');
  await rate.getByRole('button', { name: '評価する' }).click();
  await expect(leaving.getByText('レビューありがとうございます。')).toBeVisible();
  await leaving.getByRole('button', { name: 'OK' }).click();
  await expect(leaving).not.toHaveURL(/\/chat\//);
  const rated = (
    await (await request.get(`/api/v1${roomPath.replace('/chat/', '/rooms/')}`, { headers: auth(b) })).json()
  ).data;
  expect(rated.is_showed_rate_chat).toBe(true);
  await leaving.close();

  // The price was paid once, to the owner, and the bonus once ...
  expect([await balanceOf(b), await balanceOf(a)]).toEqual([300, 200]);
  // ... and reopening needs no second confirmation and costs nothing.
  const again = await request.post('/api/v1/rooms', {
    headers: auth(b),
    data: { topic_id: voice.id, room_type_id: 2 },
  });
  expect(again.status()).toBe(200);
  expect([await balanceOf(b), await balanceOf(a)]).toEqual([300, 200]);

  // B's point history lists the fee and the bonus once each, after the grant.
  const history = await signedInPage(browser, b);
  await history.goto('/manage-point');
  await history.getByRole('button', { name: 'ポイント履歴' }).click();
  const rows = history.getByTestId('point-history-row');
  await expect(rows).toHaveCount(3);
  // The bonus says so, not a second チャット料金 (walk #18).
  for (const [i, kind] of [
    [0, 'ボーナス'],
    [1, 'チャット料金'],
  ] as const) {
    await expect(rows.nth(i)).toContainText(kind);
    await expect(rows.nth(i)).toContainText('−100 P');
  }
  await expect(rows.nth(1)).not.toContainText('ボーナス');
  await shot(history, '26-history-bonus');
  await expect(rows.nth(2)).toContainText('運営からの付与');
  await history.close();

  // Three more bonuses paid through the API leave B with nothing; the fourth, refused for too
  // few points, offers the way to buy instead of a bare OK (walk #20).
  const roomApi = `/api/v1${roomPath.replace('/chat/', '/rooms/')}`;
  for (let i = 0; i < 3; i++) {
    expect((await request.post(`${roomApi}/bonuschat`, { headers: auth(a) })).status()).toBe(200);
    const paid = await request.post(`${roomApi}/confirmbonuschat`, { headers: auth(b), data: { status: 1 } });
    expect(paid.status()).toBe(200);
  }
  expect(await balanceOf(b)).toBe(0);
  expect((await request.post(`${roomApi}/bonuschat`, { headers: auth(a) })).status()).toBe(200);
  await bonus.getByRole('button', { name: '支払う' }).click();
  const short = pb.getByRole('alertdialog').filter({ hasText: 'ポイントが不足です。' });
  await expect(short.getByRole('button', { name: 'ポイントを追加する' })).toBeVisible();
  await shot(pb, '27-bonus-short-offer');
  await short.getByRole('button', { name: '閉じる' }).click();
  expect(await balanceOf(b)).toBe(0);

  // Posting again replaces the voice: the open rooms show 'no such voice' and go back.
  await postVoice(request, a, { title: '新しい相談', chat_price: 100 });
  await expect(pb.getByText('該当する声がありません。既に削除されている可能性があります。')).toBeVisible();
  await shot(pb, '22-voice-gone');
  await pb.getByRole('button', { name: 'OK' }).click();
  await expect(pb).not.toHaveURL(/\/chat\//);
});
