import { expect, test } from '@playwright/test';

import { auth, joinTheme, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

// Issue 18's smaller core-loop promises, as a person meets them.
test('a filter saved unchanged hides nobody, prices show before a chat, and the same name again changes nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await userWithProfile(request, 'details-a', { user_name: 'あやめ', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'details-b', { user_name: 'ぼたん', gender: 1, age_id: 2, area_id: 13 });
  await joinTheme(request, a);
  await postVoice(request, b, { title: 'ぼたんの本音' });

  // A opens the filter for the first time: it starts from everyone, and saving it unchanged keeps
  // B's voice (a man in his twenties) in A's list.
  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto('/filtertopic');
  await expect(pa.getByText('すべて').first()).toBeVisible();
  await pa.screenshot({ path: 'artifacts/screens/loop-filter.png' });
  await pa.getByRole('button', { name: '保存する' }).click();
  await expect(pa).toHaveURL(/\/$/);
  const saved = (await (await request.get('/api/v1/users/filter', { headers: auth(a) })).json()).data;
  expect(saved).toMatchObject({ gender: '0', age_id: 0 });
  const row = pa.locator('.tp-row', { hasText: 'ぼたんの本音' });
  await expect(row).toBeVisible();

  // The voice's prices are on its detail before any chat starts.
  await row.getByRole('button').first().click();
  const detail = pa.getByRole('dialog', { name: '声の詳細' });
  const prices = detail.getByLabel('料金');
  await expect(prices).toContainText('チャット料金（初回のみ）');
  await expect(prices).toContainText('無料');
  await pa.screenshot({ path: 'artifacts/screens/loop-detail-prices.png' });

  // The same name again: told so, nothing sent, nothing removed.
  await pa.goto('/changeusername');
  const field = pa.getByRole('textbox', { name: 'ユーザー名' });
  await expect(field).toHaveValue('あやめ');
  let renames = 0;
  pa.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/v1/users/change_user_name') renames++;
  });
  await pa.getByRole('button', { name: '変更する' }).click();
  await expect(pa.getByText('ユーザー名は変更されていません。')).toBeVisible();
  expect(renames).toBe(0);

  // A real rename says first what it removes; cancelling keeps everything.
  await field.fill('あやめ2');
  await pa.getByRole('button', { name: '変更する' }).click();
  await expect(pa.getByRole('alertdialog')).toContainText('ユーザー名を「あやめ2」に変更しますか？');
  await pa.screenshot({ path: 'artifacts/screens/loop-rename-confirm.png' });

  // A filter that hides people says so on the list, and one tap shows everyone again.
  const narrowed = await request.post('/api/v1/users/filter', { headers: auth(a), data: { gender: '2' } });
  expect(narrowed.status()).toBe(200);
  await pa.goto('/');
  const bar = pa.locator('.tp-filter-bar');
  await expect(bar).toContainText('絞り込み中：女性');
  await expect(pa.locator('.tp-row', { hasText: 'ぼたんの本音' })).toHaveCount(0);
  await pa.screenshot({ path: 'artifacts/screens/loop-filter-active.png' });
  await bar.getByRole('button', { name: '解除' }).click();
  await expect(bar).toHaveCount(0);
  await expect(pa.locator('.tp-row', { hasText: 'ぼたんの本音' })).toBeVisible();
});
