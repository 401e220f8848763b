import { expect, test, type Page } from '@playwright/test';

import { auth, joinTheme, signedInPage, userWithProfile } from './topics-helpers.ts';

/** Counts the oscillators the page starts: the arrival chime is synthesised, nothing is fetched. */
async function countOscillators(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __oscillators: number };
    w.__oscillators = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__oscillators += 1;
      return original.call(this);
    };
  });
}
const oscillators = (page: Page) => page.evaluate(() => (window as unknown as { __oscillators: number }).__oscillators);

test('the message-sound setting rings on someone else’s message (and not when off); the offline banner uses the spec’s words', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'snd-a', { user_name: 'そら', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'snd-b', { user_name: 'うみ', gender: 1, age_id: 2, area_id: 13 });
  expect(
    (await request.post('/api/v1/users/friends', { headers: auth(a), data: { user_id: b.userId } })).status(),
  ).toBe(200);
  const room = await request.post('/api/v1/rooms', {
    headers: auth(a),
    data: { user_id: b.userId, room_type_id: 1 },
  });
  expect(room.status(), await room.text()).toBe(200);
  const roomId = (await room.json()).data.id as string;
  const send = async (text: string) =>
    expect(
      (
        await request.post('/api/v1/messages', {
          headers: auth(a),
          data: { room_id: roomId, message_type_id: 1, data: text },
        })
      ).status(),
    ).toBe(200);

  const page = await signedInPage(browser, b);
  await countOscillators(page);

  // Switched off in /settings: a message arrives (the badge counts it) and nothing rings.
  await page.goto('/settings');
  const toggle = page.getByRole('switch', { name: 'メッセージ着信音' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('link', { name: /ともだち/ }).click();
  const row = page.getByTestId('friend-row').filter({ hasText: 'そら' });
  await expect(row).toBeVisible();
  await send('しずかに');
  await expect(row.getByText('1', { exact: true })).toBeVisible();
  expect(await oscillators(page)).toBe(0);

  // Switched on: the next message rings (a two-note chime).
  await page.goto('/settings');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('link', { name: /ともだち/ }).click();
  await expect(row).toBeVisible();
  await send('こんにちは');
  await expect(row.getByText('2', { exact: true })).toBeVisible();
  await expect.poll(() => oscillators(page)).toBe(2);

  // Offline: the banner says the spec's 'ネットワークから切断されました。'.
  await page.context().setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'ネットワークから切断されました。' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/contract-06-offline.png' });
  await page.context().setOffline(false);
  await page.context().close();
});

test('offline on the post list and the create-voice sheet: one message, in the spec’s words (topics §5)', async ({
  browser,
  request,
}) => {
  // Issue 26: the post list said 'ネットワークに接続されていません。' under its button while the banner said
  // 'ネットワークから切断されました。', both at once.
  const user = await userWithProfile(request, 'offline-list', {
    user_name: 'おふらいん',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  await joinTheme(request, user);
  const page = await signedInPage(browser, user);
  await page.goto('/');
  const post = page.getByRole('button', { name: '声を投稿する' });
  await expect(post).toBeEnabled();

  await page.context().setOffline(true);
  await expect(post).toBeDisabled();
  await expect(page.getByText('ネットワークから切断されました。')).toHaveCount(1);
  await expect(page.getByText('ネットワークに接続されていません。')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/screens/contract-07-offline-post-list.png' });

  // The sheet opened before the connection went: its note says the same words, never the other ones.
  await page.context().setOffline(false);
  await expect(post).toBeEnabled();
  await post.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('button', { name: '投稿する' })).toBeVisible();
  await page.context().setOffline(true);
  await expect(sheet.getByText('ネットワークから切断されました。')).toBeVisible();
  await expect(page.getByText('ネットワークに接続されていません。')).toHaveCount(0);
  await page.context().close();
});
