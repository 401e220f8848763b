import { expect, test, type Page } from '@playwright/test';

import { grantPoints, openRoom, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/screens/gift-${name}.png`, animations: 'disabled' });

test('A gives B a present from their chat: both see the gift stamp, both balances move live, a double tap gives once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await userWithProfile(request, 'gift-a', { user_name: 'あんず', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'gift-b', { user_name: 'ぼたん', gender: 1, age_id: 2, area_id: 13 });
  await grantPoints(request, a, 1000);
  const voice = await postVoice(request, b, { title: 'きいてくれてありがとう' }, [a]);
  const roomId = await openRoom(request, a, voice.id);

  // B keeps the points page open: the balance there follows the gift without a reload.
  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/manage-point');
  await expect(pb.getByText('0 P', { exact: true })).toBeVisible();

  // A opens the room and the gift button.
  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto(`/chat/${roomId}`);
  await pa.getByRole('button', { name: 'プレゼント' }).click();
  await expect(pa).toHaveURL(new RegExp(`/present/${roomId}$`));
  await expect(pa.getByRole('region', { name: '保有ポイント' })).toContainText('1,000 P');
  // 1000P would leave nothing: it cannot be chosen.
  await expect(pa.getByRole('button', { name: '1,000ポイントのプレゼント' })).toBeDisabled();
  await shot(pa, '01-choose');

  await pa.getByRole('button', { name: '300ポイントのプレゼント' }).click();
  await expect(pa.getByText('ぼたんさんへ')).toBeVisible();
  await expect(pa.getByText('プレゼント後の保有ポイント')).toBeVisible();
  await expect(pa.getByText('700 P', { exact: true })).toBeVisible();
  await shot(pa, '02-confirm');
  // Two quick taps on the button: one present.
  await pa.getByRole('button', { name: 'プレゼントする' }).dblclick();

  // Back in the room, the gift stamp is there for A ...
  await expect(pa).toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(pa.getByRole('img', { name: '300ポイントのプレゼント' })).toBeVisible();
  // ... with words saying what happened (walk #43) ...
  await expect(pa.getByTestId('gift-caption')).toHaveText('300ポイントをプレゼントしました');
  await shot(pa, '03-room-giver');
  // ... B's points page moved live ...
  await expect(pb.getByText('300 P', { exact: true })).toBeVisible();
  // ... and B finds it in the room.
  await pb.goto(`/chat/${roomId}`);
  await expect(pb.getByRole('img', { name: '300ポイントのプレゼント' })).toHaveCount(1);
  await expect(pb.getByTestId('gift-caption')).toHaveText('あんずさんから300ポイントのプレゼント');
  await shot(pb, '04-room-receiver');

  // Each finds it in their point history, with whom and how much.
  await pb.goto('/manage-point');
  await pb.getByRole('button', { name: 'ポイント履歴' }).click();
  const bRows = pb.getByTestId('point-history-row');
  await expect(bRows).toHaveCount(1);
  await expect(bRows.first()).toContainText('プレゼントを受け取りました');
  await expect(bRows.first()).toContainText('あんずさん');
  await expect(bRows.first()).toContainText('+300 P');
  await shot(pb, '05-history-receiver');
  await pa.goto('/manage-point');
  await pa.getByRole('button', { name: 'ポイント履歴' }).click();
  const aRows = pa.getByTestId('point-history-row');
  await expect(aRows).toHaveCount(2);
  await expect(aRows.nth(0)).toContainText('プレゼントを贈りました');
  await expect(aRows.nth(0)).toContainText('ぼたんさん');
  await expect(aRows.nth(0)).toContainText('−300 P');
  await expect(aRows.nth(1)).toContainText('運営からの付与');
  await expect(aRows.nth(1)).toContainText('+1,000 P');

  // The server agrees: one gift, 700 left for A, 300 for B.
  const balanceOf = async (token: string) =>
    (await (await request.get('/api/v1/points/balance', { headers: { Authorization: `Bearer ${token}` } })).json()).data
      .balance;
  expect(await balanceOf(a.token)).toBe(700);
  expect(await balanceOf(b.token)).toBe(300);

  // A gift from an anonymous chatter says 匿名さん and nothing that names A, in the room and in the
  // receiver's history.
  const second = await postVoice(request, b, { title: 'だれにも言えないこと' }, [a]);
  const anonRoom = await openRoom(request, a, second.id, true);
  const given = await request.put('/api/v1/users/send_coin', {
    headers: { Authorization: `Bearer ${a.token}` },
    data: { coin: 100, room_id: anonRoom, idempotency_key: `anon-gift-${anonRoom}` },
  });
  expect(given.status(), await given.text()).toBe(200);
  await pb.goto(`/chat/${anonRoom}`);
  await expect(pb.getByTestId('gift-caption')).toHaveText('匿名さんから100ポイントのプレゼント');
  await expect(pb.locator('.ch-log')).not.toContainText('あんず');
  await shot(pb, '06-room-anonymous-receiver');
  await pa.goto(`/chat/${anonRoom}`);
  await expect(pa.getByTestId('gift-caption')).toHaveText('100ポイントをプレゼントしました');
});
