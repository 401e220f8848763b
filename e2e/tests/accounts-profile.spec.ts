import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import {
  PASSWORD,
  completeProfileViaApi,
  login,
  newSignedInUser,
  pngBytes,
  profileOf,
  screen,
} from './accounts-support.ts';

test('edits every part of the profile from my page and settings, and it all persists after a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newSignedInUser(page, request, 'profile');
  await completeProfileViaApi(page, request, 'けんじ');
  const ok = () => page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

  await page.goto('/mypage');
  await expect(page.getByRole('heading', { name: 'けんじ' })).toBeVisible();
  await expect(page.getByText('男性 ・ 30代 ・ 東京都')).toBeVisible();
  await expect(page.getByRole('link', { name: /ポイント\s*0 P/ })).toBeVisible();
  await screen(page, 'mypage-01');

  // Name and area from the profile page.
  await page.getByRole('button', { name: 'プロフィール編集' }).click();
  await expect(page).toHaveURL(/\/changeprofile$/);
  await page.getByRole('button', { name: /ユーザー名を変更/ }).click();
  await expect(page).toHaveURL(/\/changeusername$/);
  await expect(page.getByLabel('ユーザー名')).toHaveValue('けんじ');
  await page.getByLabel('ユーザー名').fill('じゅうもじをこえるなまえです');
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText(messages.userNameTooLong)).toBeVisible();
  await page.getByLabel('ユーザー名').fill('ケンジ');
  await page.getByRole('button', { name: '変更する' }).click();
  // A real rename asks first (issue 18), then says it is done.
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('ユーザー名を「ケンジ」に変更しますか？');
  await confirm.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('変更しました。');
  await ok();
  await expect(page).toHaveURL(/\/changeprofile$/);
  await expect(page.getByRole('button', { name: /ユーザー名\s*ケンジ/ })).toBeVisible();
  await page.getByRole('button', { name: /エリアを変更/ }).click();
  await page.getByRole('dialog', { name: 'エリア' }).getByRole('option', { name: '沖縄県' }).click();
  await ok();
  await expect(page.getByRole('button', { name: /エリア\s*沖縄県/ })).toBeVisible();
  await screen(page, 'profile-01-changeprofile');

  // Avatar: a default image first, then an uploaded photo through the square crop.
  await page.getByRole('button', { name: /アイコンを変更/ }).click();
  await expect(page).toHaveURL(/\/changeavatar$/);
  await page.getByRole('button', { name: 'アバターから選ぶ' }).click();
  await expect(page).toHaveURL(/\/defaultimages$/);
  await expect(page.getByRole('button', { name: '決定' })).toBeDisabled();
  await page.locator('.hn-avatar-grid label').first().click();
  await page.getByRole('button', { name: '決定' }).click();
  await expect(page).toHaveURL(/\/changeavatar$/);
  await expect(page.getByRole('img', { name: 'アイコンのプレビュー' })).toHaveAttribute('src', /avatars\/male\//);
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await pngBytes(page, 480, 320) });
  const crop = page.getByRole('dialog', { name: '画像を切り抜く' });
  await expect(crop).toBeVisible();
  await crop.getByRole('slider', { name: '拡大' }).fill('2');
  await crop.getByRole('group', { name: '画像を切り抜く' }).press('ArrowLeft');
  await screen(page, 'profile-02-crop');
  await crop.getByRole('button', { name: '決定' }).click();
  await expect(page.getByRole('img', { name: 'アイコンのプレビュー' })).toHaveAttribute('src', /^data:image\/jpeg/);
  await page.getByRole('button', { name: 'OK', exact: true }).click();
  await ok();
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('img', { name: 'ケンジ' })).toHaveAttribute('src', /\/api\/v1\/users\/images\//);

  // Blood type, personality, ratings, then the tags (the -1 edit variants).
  await page.getByRole('button', { name: '血液型・性格を編集' }).click();
  await expect(page).toHaveURL(/\/blood-setting-1$/);
  await page.getByText('O型', { exact: true }).click();
  await page.getByText('暗い', { exact: true }).click();
  await page.getByRole('group', { name: '積極性' }).getByText('4', { exact: true }).click();
  await page.getByRole('button', { name: 'つぎへ' }).click();
  await expect(page).toHaveURL(/\/character-setting-1$/);
  await page.getByText('登山', { exact: true }).click();
  await page.getByText('英会話', { exact: true }).click();
  await page.getByRole('button', { name: '保存する' }).click();
  // Spec §2: back on my page with 保存しました。, whichever way the popup is then closed.
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByRole('alertdialog')).toContainText('保存しました。');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/mypage$/);
  await expect(page.getByText('O型')).toBeVisible();
  await expect(page.getByText('暗い')).toBeVisible();
  await expect(page.getByRole('img', { name: '積極性 4 / 5' })).toBeVisible();
  await expect(page.getByText('登山')).toBeVisible();

  // Ban list (100) and self PR (500): typing beyond is ignored, an over-limit paste turns pink and blocks saving.
  const ban = page.getByLabel('禁止事項');
  const save = page.getByRole('button', { name: '保存する' });
  await ban.fill('あ'.repeat(100));
  await ban.press('End');
  await page.keyboard.type('い');
  await expect(ban).toHaveValue('あ'.repeat(100));
  await ban.fill('');
  await ban.fill('x'.repeat(120));
  await expect(page.getByText(messages.banTextTooLong)).toBeVisible();
  await expect(save).toBeDisabled();
  await expect(ban).toHaveCSS('background-color', 'rgb(255, 227, 236)');
  await screen(page, 'mypage-02-over-limit');
  await ban.fill('深夜の長電話はごめんなさい');
  await page.getByLabel('自己PR').fill('週末は山に登っています。英語も勉強中です。');
  await expect(save).toBeEnabled();
  await save.click();
  await ok();

  // Settings: SNS, password, retention, greeting call.
  await page.goto('/settings');
  await screen(page, 'settings-01');
  await page.getByRole('button', { name: 'SNS情報' }).click();
  await expect(page).toHaveURL(/\/sns_info$/);
  await page.getByLabel('Facebook').fill('facebook.com/kenji');
  await page.getByLabel('Twitter').fill('javascript:alert(1)');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText(messages.snsInvalid)).toBeVisible();
  await page.getByLabel('Twitter').fill('@kenji_yama');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(messages.snsSaved);
  await ok();
  await expect(page.getByRole('link', { name: 'Facebookを開く' })).toHaveAttribute(
    'href',
    'https://facebook.com/kenji',
  );

  await page.goto('/changepassword');
  await page.getByLabel('現在のパスワード').fill('wrongpass1');
  await page.getByLabel('新しいパスワード', { exact: true }).fill('newpass456');
  await page.getByLabel('新しいパスワード（確認用）').fill('newpass456');
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByText(messages.currentPasswordWrong)).toBeVisible();
  await page.getByLabel('現在のパスワード').fill(PASSWORD);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(messages.passwordChanged);
  await ok();
  await expect(page.getByLabel('現在のパスワード')).toHaveValue('');
  await expect(page.getByLabel('新しいパスワード', { exact: true })).toHaveValue('');

  await page.goto('/settings');
  await expect(page.getByRole('button', { name: /チャットの最大保存時間\s*1時間/ })).toBeVisible();
  await page.getByRole('button', { name: /チャットの最大保存時間/ }).click();
  const sheet = page.getByRole('dialog', { name: 'チャットの最大保存時間' });
  await expect(sheet.getByRole('option')).toHaveCount(12);
  await screen(page, 'settings-02-retention');
  await sheet.getByRole('option', { name: '3時間' }).click();
  await expect(page.getByRole('button', { name: /チャットの最大保存時間\s*3時間/ })).toBeVisible();

  const greeting = page.getByRole('switch', { name: 'あいさつ通話設定' });
  const before = await greeting.getAttribute('aria-checked');
  const flipped = before === 'true' ? 'false' : 'true';
  // A failed save rolls the toggle back with the generic error.
  await page.route('**/api/v1/users/setting', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await greeting.click();
  await expect(page.getByRole('alertdialog')).toContainText(messages.unexpected);
  await ok();
  await expect(greeting).toHaveAttribute('aria-checked', before!);
  await page.unroute('**/api/v1/users/setting');
  await greeting.click();
  await expect(greeting).toHaveAttribute('aria-checked', flipped);
  // The message sound is local only.
  const sound = page.getByRole('switch', { name: 'メッセージ着信音' });
  await sound.click();
  await expect(sound).toHaveAttribute('aria-checked', 'false');

  // Everything persists after a reload.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'あいさつ通話設定' })).toHaveAttribute('aria-checked', flipped);
  await expect(page.getByRole('switch', { name: 'メッセージ着信音' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('button', { name: /チャットの最大保存時間\s*3時間/ })).toBeVisible();
  await page.goto('/mypage');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'ケンジ' })).toBeVisible();
  await expect(page.getByText('男性 ・ 30代 ・ 沖縄県')).toBeVisible();
  await expect(page.getByLabel('禁止事項')).toHaveValue('深夜の長電話はごめんなさい');
  await expect(page.getByLabel('自己PR')).toHaveValue('週末は山に登っています。英語も勉強中です。');
  await expect(page.getByText('英会話')).toBeVisible();
  const p = await profileOf(page, request);
  expect(p).toMatchObject({
    user_name: 'ケンジ',
    area: { name: '沖縄県' },
    facebook: 'facebook.com/kenji',
    twitter: '@kenji_yama',
    saved_message_time: 180,
    userBloodSettings: { bloodType: 'O', personality: 'dark', aggression: 4 },
    userCharacterSettings: { value: '登山,英会話' },
  });

  // Gender 未設定 (unspecified) leaves the summary line without a gender, not 「未設定 ・ …」 (walk #32).
  await page.goto('/changeprofile');
  await page.getByRole('button', { name: /性別を変更/ }).click();
  await page.getByRole('dialog', { name: '性別' }).getByRole('option', { name: '未設定' }).click();
  await ok();
  await page.goto('/mypage');
  await expect(page.getByText('30代 ・ 沖縄県', { exact: true })).toBeVisible();
  await expect(page.getByText(/未設定 ・/)).toHaveCount(0);

  // The new password is the one that works.
  await page.goto('/settings');
  // The greeting-call toggle says what it does (walk #41).
  await expect(page.getByText('オンにすると、着信のときに相手のあいさつメッセージが流れます。')).toBeVisible();
  // Logging out asks first (walk #54): cancel stays, yes leaves.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  const asked = page.getByRole('alertdialog').filter({ hasText: 'ログアウトしますか？' });
  await expect(asked).toBeVisible();
  await screen(page, 'settings-02-logout-confirm');
  await asked.getByRole('button', { name: 'キャンセル' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, email, 'newpass456');
  await expect(page).toHaveURL(/\/$/);
});

test('errors of §8: offline makes no call, other failures say 想定しないエラーが発生しました。, 401 logs out', async ({
  page,
  context,
  request,
}) => {
  await newSignedInUser(page, request, 'errors');
  await completeProfileViaApi(page, request, 'エラー');

  // Offline: the popup says so and no request leaves the browser.
  await page.goto('/sns_info');
  await expect(page.getByLabel('Facebook')).toBeVisible();
  let calls = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/users/update_sns')) calls += 1;
  });
  await context.setOffline(true);
  await page.getByLabel('Facebook').fill('facebook.com/offline');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(messages.offline);
  await page.getByRole('button', { name: 'OK' }).click();
  expect(calls).toBe(0);
  await context.setOffline(false);

  // A server failure: the generic message.
  await page.route('**/api/v1/users/update_sns', (route) => route.fulfill({ status: 502, body: '' }));
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(messages.unexpected);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.unroute('**/api/v1/users/update_sns');

  // 401 on a signed-in call: forced logout to /login, stored user info cleared.
  await page.route('**/api/v1/users/profile', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ data: null, status: 401, error: 'unauthorized', code: 'unauthorized', last_doc_id: null }),
    }),
  );
  await page.goto('/mypage');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alertdialog')).toContainText(messages.forcedLogout);
  expect(await page.evaluate(() => localStorage.getItem('user_info'))).toBeNull();
});
