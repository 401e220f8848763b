import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { choose, newSignedInUser, pngBytes, profileOf, screen } from './accounts-support.ts';

test('a new user completes onboarding with an uploaded avatar and lands on home with a complete profile', async ({
  page,
  request,
}) => {
  await newSignedInUser(page, request, 'onboard');
  await expect(page).toHaveURL(/\/registration-information$/);
  await expect(page.getByText('ようこそ、本音へ')).toBeVisible();

  // Client rule for the name; every field is required.
  await page.getByLabel('ユーザー名').fill('とても長いユーザー名です');
  await page.getByRole('button', { name: '決定' }).click();
  await expect(page.getByText(messages.userNameTooLong)).toBeVisible();
  await expect(page.getByText(messages.genderRequired)).toBeVisible();

  await page.getByLabel('ユーザー名').fill('はなこ');
  await choose(page, '性別', '女性');
  await choose(page, '年代', '20代');
  // 全国 is a filter choice, never a home area.
  await page.getByRole('button', { name: /^エリア/ }).click();
  await expect(page.getByRole('option', { name: '全国' })).toHaveCount(0);
  await page.getByRole('option', { name: '愛媛県' }).click();
  await screen(page, 'onboarding-01-info');
  await page.getByRole('button', { name: '決定' }).click();

  // Avatar step: a too-small image is refused in the browser, a real one is uploaded.
  await expect(page).toHaveURL(/\/registration-information\/avatar$/);
  await expect(page.getByRole('heading', { name: 'つぎに、アイコン画像を設定しましょう' })).toBeVisible();
  const file = page.getByTestId('avatar-file');
  await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: await pngBytes(page, 80, 80) });
  await expect(page.getByText(messages.imageTooSmall)).toBeVisible();
  await file.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBytes(page, 320, 240) });
  const preview = page.getByRole('img', { name: 'アイコンのプレビュー' });
  await expect(preview).toHaveAttribute('src', /\/api\/v1\/users\/images\//);
  await expect(page.getByText(messages.imageTooSmall)).toBeHidden();
  await screen(page, 'onboarding-02-avatar');

  // The avatar list is filtered by age and gender; decide is disabled until one is chosen.
  await page.getByRole('button', { name: 'アバターから選ぶ' }).click();
  await expect(page).toHaveURL(/\/avatar\/list$/);
  await expect(page.getByRole('button', { name: '決定' })).toBeDisabled();
  await expect(page.locator('.hn-avatar-grid img')).toHaveCount(13);
  await screen(page, 'onboarding-03-avatar-list');
  await page.getByRole('button', { name: '戻る' }).click();
  await expect(preview).toHaveAttribute('src', /\/api\/v1\/users\/images\//);
  await page.getByRole('button', { name: '決定' }).click();

  // Confirm screen with change links and the note.
  await expect(page).toHaveURL(/\/confirm$/);
  await expect(page.getByText('ユーザー名とアイコンは、あとから変更できます。')).toBeVisible();
  await expect(page.getByRole('button', { name: /ユーザー名を変更/ })).toBeVisible();
  await expect(page.getByText('愛媛県')).toBeVisible();
  await screen(page, 'onboarding-04-confirm');
  await page.getByRole('button', { name: 'はい' }).click();

  // Voice changer: 30, 50, 40.
  await expect(page).toHaveURL(/\/sound-setting$/);
  const sliders = page.getByRole('slider');
  await expect(sliders).toHaveCount(3);
  await expect(sliders.nth(0)).toHaveValue('30');
  await expect(sliders.nth(1)).toHaveValue('50');
  await expect(sliders.nth(2)).toHaveValue('40');
  await sliders.nth(0).fill('70');
  await screen(page, 'onboarding-05-sound');
  await page.getByRole('button', { name: 'つぎへ' }).click();

  // Blood type, personality, five ratings.
  await expect(page).toHaveURL(/\/blood-setting$/);
  await page.getByText('AB型', { exact: true }).click();
  await page.getByText('明るい', { exact: true }).click();
  await page.getByRole('group', { name: '社交性' }).getByText('5', { exact: true }).click();
  await page.getByRole('group', { name: 'おしゃれ度' }).getByText('1', { exact: true }).click();
  await screen(page, 'onboarding-06-blood');
  await page.getByRole('button', { name: 'つぎへ' }).click();

  // Tags; progress survives a reload.
  await expect(page).toHaveURL(/\/character-setting$/);
  await page.reload();
  await expect(page.getByText('グルメ', { exact: true })).toBeVisible();
  await page.getByText('グルメ', { exact: true }).click();
  await page.getByText('カフェめぐり', { exact: true }).click();
  await screen(page, 'onboarding-07-tags');
  await page.getByRole('button', { name: 'つぎへ' }).click();

  // The result screen shows everything decided.
  await expect(page).toHaveURL(/\/result-setting$/);
  await expect(page.getByRole('heading', { name: 'なりたい1人目の自分が決まりました' })).toBeVisible();
  await expect(page.getByText('はなこ')).toBeVisible();
  await expect(page.getByText('愛媛県・女性・20代')).toBeVisible();
  await expect(page.getByText('AB型')).toBeVisible();
  await expect(page.getByText('明るい')).toBeVisible();
  await expect(page.getByRole('img', { name: '社交性 5 / 5' })).toBeVisible();
  await expect(page.getByText('カフェめぐり')).toBeVisible();
  await screen(page, 'onboarding-08-result');
  await page.getByRole('button', { name: 'つぎへ' }).click();

  await expect(page).toHaveURL(/\/$/);
  const stored = await page.evaluate(() => [
    localStorage.getItem('registration_info'),
    localStorage.getItem('avatar_info'),
    localStorage.getItem('tab_index'),
  ]);
  expect(stored).toEqual([null, null, '2']);

  const p = await profileOf(page, request);
  expect(p).toMatchObject({
    is_infomation: 1,
    user_name: 'はなこ',
    gender: '2',
    age_id: 2,
    area: { name: '愛媛県' },
    userSoundSettings: { setting1: 70, setting2: 50, setting3: 40 },
    userBloodSettings: { bloodType: 'AB', personality: 'bright', sociability: 5, fashion: 1, degree: 3 },
    userCharacterSettings: { value: 'グルメ,カフェめぐり' },
  });
  expect(p.profile_image).toMatch(/^\/api\/v1\/users\/images\/.+/);
  const image = await request.get(p.profile_image);
  expect(image.headers()['content-type']).toContain('image/jpeg');

  // Onboarding is done: my page is reachable and shows the new profile.
  await page.goto('/mypage');
  await expect(page.getByRole('heading', { name: 'はなこ' })).toBeVisible();
});

test('no avatar chosen: the default avatar is set as a link', async ({ page, request }) => {
  await newSignedInUser(page, request, 'onboard-default');
  await page.getByLabel('ユーザー名').fill('たろう');
  await choose(page, '性別', '男性');
  await choose(page, '年代', '60代以上');
  await choose(page, 'エリア', '北海道');
  await page.getByRole('button', { name: '決定' }).click();
  await page.getByRole('button', { name: '決定' }).click();
  await page.getByRole('button', { name: 'はい' }).click();
  for (const step of ['sound-setting', 'blood-setting', 'character-setting', 'result-setting']) {
    await expect(page).toHaveURL(new RegExp(`/${step}$`));
    await page.getByRole('button', { name: 'つぎへ' }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  const p = await profileOf(page, request);
  expect(p.is_infomation).toBe(1);
  expect(p.profile_image).toMatch(/^\/api\/v1\/users\/avatars\/male\/\d+\.svg$/);
});

test('the camera screen shows the device error and blocks capture while it stands', async ({ page, request }) => {
  await newSignedInUser(page, request, 'nocamera');
  // Headless Chromium without a fake device has no camera: getUserMedia fails with the device's message.
  await page.goto('/registration-information/avatar/take-picture');
  await expect(page.getByRole('alert')).toContainText('カメラを利用できません');
  await expect(page.getByRole('alert')).toContainText(/NotFoundError|NotAllowedError|NotReadableError/);
  await expect(page.getByRole('button', { name: '撮影する' })).toBeDisabled();
});
