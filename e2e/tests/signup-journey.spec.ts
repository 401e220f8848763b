import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { codeFromOutbox } from '../support/outbox.ts';
import { uniqueEmail } from '../support/api.ts';

test('splash → tutorial → sign-up behind the terms gate → code from the mail → onboarding; a second device forces the first out', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('journey');

  // Logged out: the guard sends / to the splash.
  await page.goto('/');
  await expect(page).toHaveURL(/\/splash$/);
  await expect(page.getByText('心の声を届ける、本音のSNS')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/01-splash.png' });

  await page
    .getByRole('button', { name: 'はじめての方へ（使い方を見る）' })
    .or(page.getByRole('link', { name: 'はじめての方へ（使い方を見る）' }))
    .click();
  await expect(page).toHaveURL(/\/tutorial$/);
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'つぎへ' }).click();
  // The spec's '行われ' is not a word: the last button says はじめる (docs/strings.md).
  await expect(page.getByRole('button', { name: 'はじめる' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/02-tutorial-last.png' });
  await page
    .getByRole('button', { name: 'スキップ' })
    .or(page.getByRole('link', { name: 'スキップ' }))
    .click();
  await expect(page).toHaveURL(/\/signup$/);

  await page.getByLabel('メールアドレス', { exact: true }).fill(email);
  await page.getByLabel('メールアドレス（確認用）').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('password123');
  await page.getByLabel('パスワード（確認用）').fill('password123');

  // The terms box only becomes usable once the terms were opened; create stays disabled until it is ticked.
  const agree = page.getByRole('checkbox');
  const create = page.getByRole('button', { name: 'アカウントを作成する' });
  await expect(agree).toBeDisabled();
  await expect(create).toBeDisabled();
  await page.getByRole('button', { name: '利用規約' }).click();
  await expect(page.getByText('最終更新日：2022年1月10日')).toBeVisible();
  await expect(page.getByText(/^第\d+条/)).toHaveCount(20);
  await page.screenshot({ path: 'artifacts/screens/03-terms.png' });
  await page.getByRole('button', { name: '閉じる' }).click();
  await agree.check();
  await expect(create).toBeEnabled();
  await page.screenshot({ path: 'artifacts/screens/04-signup.png' });
  await create.click();

  // The verification step: the 6-digit code arrives by mail (the outbox folder on embedded defaults).
  await expect(page.getByText(`${email} に6桁の認証コードを送信しました。`, { exact: false })).toBeVisible();
  const code = await codeFromOutbox(email);
  await page.getByLabel('認証コード（6桁）').fill(code);
  await page.getByRole('button', { name: '認証する' }).click();

  // Verified, signed in, and (is_infomation 0) sent to onboarding.
  await expect(page).toHaveURL(/\/registration-information$/);
  await expect(page.getByText('ようこそ、本音へ')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/05-registration.png' });
  // The guard keeps an incomplete profile in onboarding.
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/registration-information$/);

  // A second device logs in as the same user: the first is sent to /login with the spec's message.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto('/login');
  await phone.getByLabel('メールアドレス').fill(email);
  await phone.getByLabel('パスワード').fill('password123');
  await phone.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(phone).toHaveURL(/\/setting-information$/);

  await expect(page).toHaveURL(/\/login$/);
  // It says why: another device signed in (walk #26), then the spec's words.
  await expect(page.getByRole('alertdialog')).toContainText(messages.otherDeviceLogout);
  await expect(page.getByRole('alertdialog')).toContainText(messages.forcedLogout);
  await page.screenshot({ path: 'artifacts/screens/06-forced-logout.png' });
  await other.close();
});

test('a remote that fails to load shows a Japanese error with a retry, never a white page', async ({ page }) => {
  await page.route('**/remotes/profile/**', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByText('画面を読み込めませんでした')).toBeVisible();
  await page.screenshot({ path: 'artifacts/screens/07-remote-failed.png' });
  await page.unroute('**/remotes/profile/**');
  await page.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
});

test('login shows field errors from the shared rules and the failure message from the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill('not-an-email');
  await page.getByLabel('パスワード').fill('short');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByText(messages.emailFormat)).toBeVisible();
  await expect(page.getByText(messages.passwordLength)).toBeVisible();

  await page.getByLabel('メールアドレス').fill('nobody@example.jp');
  await page.getByLabel('パスワード').fill('password123');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByText(messages.loginFailed)).toBeVisible();
});
