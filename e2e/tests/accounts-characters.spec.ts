import { messages } from '@honne/contracts/messages';
import { expect, test, type Page } from '@playwright/test';

import { PASSWORD, completeProfileViaApi, login, newSignedInUser, screen, tokenOf } from './accounts-support.ts';

async function openCharacters(page: Page) {
  await page.goto('/mypage');
  await page.getByRole('button', { name: '3キャラクター' }).click();
  const sheet = page.getByRole('dialog', { name: '3キャラクター' });
  await expect(sheet.locator('.hn-row')).not.toHaveCount(0);
  return sheet;
}

test("adds a second and third character, cannot add a fourth, and the parent's deletion sheet says its empty characters go with it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newSignedInUser(page, request, 'chars');
  await completeProfileViaApi(page, request, 'おや');

  for (const n of [2, 3]) {
    const sheet = await openCharacters(page);
    await expect(sheet.locator('.hn-row')).toHaveCount(n - 1);
    await sheet.getByRole('button', { name: 'キャラクターを追加' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(messages.characterAdded);
    await page.getByRole('button', { name: 'OK' }).click();
    // Still signed in (no logout first), and the new character is in the list at once.
    await expect(page).toHaveURL(/\/mypage$/);
    await expect(sheet.locator('.hn-row')).toHaveCount(n);
    await sheet.getByRole('button', { name: '閉じる' }).click();
  }

  const sheet = await openCharacters(page);
  await expect(sheet.locator('.hn-row')).toHaveCount(3);
  await expect(sheet.getByRole('button', { name: 'キャラクターを追加' })).toHaveCount(0);
  await expect(sheet.getByText('キャラクターは3人までです。')).toBeVisible();
  await expect(sheet.getByText('メイン・使用中')).toBeVisible();
  await screen(page, 'mypage-03-characters');
  await sheet.getByRole('button', { name: '閉じる' }).click();

  // Two empty sub-characters do not hold the parent back (walk #28): the sheet says they go with it.
  // (A sub-character with a profile still does, with the spec's words: account-lifecycle.test.ts.)
  await page.getByRole('button', { name: 'アカウントを削除' }).click();
  const deleting = page.getByRole('dialog', { name: 'アカウントを削除' });
  await expect(deleting).toContainText('プロフィール未登録のキャラクター（2人）も一緒に削除されます。');
  await expect(deleting).not.toContainText('削除できません');
  await expect(deleting.getByRole('button', { name: '削除する' })).toBeVisible();
  await screen(page, 'mypage-04-delete-with-empty-characters');
  await deleting.getByRole('button', { name: 'キャンセル' }).click();
  await expect(deleting).toHaveCount(0);

  // Switching to a new character goes through onboarding (is_infomation 0).
  const sheet2 = await openCharacters(page);
  await sheet2
    .getByRole('button', { name: /（プロフィール未登録）に切り替える/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/registration-information$/);
  // The switch reloads the app into the guard; read the new session once the page has settled.
  await expect.poll(() => tokenOf(page).catch(() => '')).toBeTruthy();

  // A sub-character can be deleted: the session ends and the app returns to the splash.
  await completeProfileViaApi(page, request, 'こ');
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { name: 'こ' })).toBeVisible();
  // A sub-character goes alone: the sheet says so, and asks for the account's password again.
  await page.getByRole('button', { name: 'アカウントを削除' }).click();
  const sub = page.getByRole('dialog', { name: 'キャラクターを削除' });
  await expect(sub).toContainText('キャラクター「こ」を削除します。');
  await expect(sub).toContainText('アカウントとほかのキャラクターはそのまま残ります。');
  await sub.getByLabel('パスワード（確認のため）').fill('not-the-password');
  await sub.getByRole('button', { name: '削除する' }).click();
  await expect(sub.getByText('パスワードが正しくありません。')).toBeVisible();
  await sub.getByLabel('パスワード（確認のため）').fill(PASSWORD);
  await sub.getByRole('button', { name: '削除する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'キャラクター「こ」を削除しました。もう一度ログインしてください。',
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user_info'))).toBeNull();

  // Back as the parent: two characters left.
  await login(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const sheet3 = await openCharacters(page);
  await expect(sheet3.locator('.hn-row')).toHaveCount(2);
});
