import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { auth, signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = (name: string) => ({ path: `artifacts/screens/topics-${name}.png` });

test('posting again in a theme warns, replaces the earlier voice for everyone, and offers only the expiry times the sub-category allows', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const poster = await userWithProfile(request, 'again', { user_name: 'じろう', gender: 1, age_id: 2, area_id: 27 });
  const viewer = await userWithProfile(request, 'watch', { user_name: 'さくら', gender: 2, age_id: 4, area_id: 13 });

  // A theme in 悩み・相談 / ちょっと聞いて (at most 10 minutes) with a first voice, set up through the API.
  const joined = await request.post('/api/v1/threads/join', {
    headers: auth(poster),
    data: { area_id: 27, category_id: 5, sub_category_id: 22 },
  });
  expect(joined.status()).toBe(200);
  const thread = (await joined.json()).data as { id: string; name: string };
  const first = await request.post(`/api/v1/topics/${thread.id}`, {
    headers: auth(poster),
    data: {
      title: '最初の声です',
      sub_category_id: 22,
      area_id: 27,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
    },
  });
  expect(first.status(), await first.text()).toBe(200);

  const list = await signedInPage(browser, viewer);
  await list.goto('/');
  await expect(list.locator('.tp-row', { hasText: '最初の声です' })).toBeVisible();

  const page = await signedInPage(browser, poster);
  await page.goto('/');
  await expect(page.getByText(thread.name)).toBeVisible();
  await page.getByRole('button', { name: '声を投稿する' }).click();
  await expect(page.getByText(messages.postAgainWarning)).toBeVisible();
  await page.screenshot(shot('21-post-again-warning'));
  await page.getByRole('button', { name: 'OK' }).click();

  const sheet = page.getByRole('dialog', { name: '声を投稿する' });
  await sheet.getByRole('button', { name: /声が消えるまでの時間.*10分/ }).click();
  const choices = page.getByRole('dialog', { name: '声が消えるまでの時間' }).getByRole('option');
  await expect(choices).toHaveText(['5分', '10分']);
  await page.getByRole('option', { name: '5分' }).click();
  await sheet.getByLabel('タイトル').fill('二回目の声です');
  // The words beside the switch flip it, as the switch does (walk #7: a voice went out named).
  const anonymousSwitch = sheet.getByRole('switch', { name: '匿名で投稿する' });
  await expect(anonymousSwitch).toHaveAttribute('aria-checked', 'false');
  await sheet.getByText('匿名で投稿する', { exact: true }).click();
  await expect(anonymousSwitch).toHaveAttribute('aria-checked', 'true');
  await sheet.getByRole('button', { name: '投稿する' }).click();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.tp-row', { hasText: '二回目の声です' })).toBeVisible();
  await expect(page.locator('.tp-row', { hasText: '最初の声です' })).toHaveCount(0);

  // The other user: the replaced voice goes, the new anonymous one comes, without a reload.
  await expect(list.locator('.tp-row', { hasText: '最初の声です' })).toHaveCount(0, { timeout: 45_000 });
  const anon = list.locator('.tp-row', { hasText: '二回目の声です' });
  await expect(anon).toBeVisible({ timeout: 45_000 });
  await expect(anon.getByText('匿名さん')).toBeVisible();
  await expect(anon.getByText('じろう')).toHaveCount(0);
  await expect(anon.locator('[data-countdown]')).toHaveText(/^[45]分$/);
  await anon.getByRole('button').click();
  const detail = list.getByRole('dialog', { name: '声の詳細' });
  await expect(detail.getByText('匿名の投稿者のプロフィールは表示されません。')).toBeVisible();
  // Anonymous voices can be reported too: the report goes to topics, which knows the poster.
  await expect(detail.getByRole('button', { name: '通報する' })).toBeVisible();
  await list.screenshot(shot('22-anonymous-detail'));
});
