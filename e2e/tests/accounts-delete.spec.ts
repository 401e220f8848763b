import { expect, test } from '@playwright/test';

import { grantPoints, signedInPage, userWithProfile } from './topics-helpers.ts';

// Issue 33 (walk #6): deleting an account spells out what is lost, with the balance, and asks for
// the password again; the deleted account can no longer sign in.
test('deleting an account says the points are lost and asks for the password first', async ({ browser, request }) => {
  const me = await userWithProfile(request, 'del-me', { user_name: 'はるか', gender: 2, age_id: 3, area_id: 13 });
  await grantPoints(request, me, 2400);
  const page = await signedInPage(browser, me);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/mypage');
  await page.getByRole('button', { name: 'アカウントを削除' }).click();
  const sheet = page.getByRole('dialog', { name: 'アカウントを削除' });
  await expect(sheet).toContainText('本当に削除しますか？');
  await expect(sheet).toContainText('削除すると元に戻せません。');
  await expect(sheet).toContainText('保有ポイント 2,400 P は失われ、払い戻しもできません。');
  await expect(sheet).toContainText('チャット、ともだち、投稿した声はすべて削除されます。');
  await page.screenshot({ path: 'artifacts/screens/delete-01-sheet.png', animations: 'disabled' });

  // No password, or a wrong one: nothing is deleted.
  await sheet.getByRole('button', { name: '削除する' }).click();
  await expect(sheet.getByText('パスワードを入力してください。')).toBeVisible();
  await sheet.getByLabel('パスワード（確認のため）').fill('wrong-password');
  await sheet.getByRole('button', { name: '削除する' }).click();
  await expect(sheet.getByText('パスワードが正しくありません。')).toBeVisible();
  const still = await request.get('/api/v1/users/profile', { headers: { Authorization: `Bearer ${me.token}` } });
  expect(still.status()).toBe(200);

  // Cancel keeps everything; then the right password deletes it.
  await sheet.getByRole('button', { name: 'キャンセル' }).click();
  await expect(sheet).toHaveCount(0);
  await page.getByRole('button', { name: 'アカウントを削除' }).click();
  await sheet.getByLabel('パスワード（確認のため）').fill('password123');
  await sheet.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('アカウントを削除しました。ご利用ありがとうございました。');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/splash$/);
  const login = await request.post('/api/v1/users/login', { data: { email: me.email, password: 'password123' } });
  expect(login.status()).toBe(403);
});
