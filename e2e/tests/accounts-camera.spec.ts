import { expect, test } from '@playwright/test';

import config from '../playwright.config.ts';
import { choose, newSignedInUser, profileOf } from './accounts-support.ts';

// Chromium's fake camera (a moving test pattern), allowed without a prompt; on top of the run's own
// flags, which keep Chromium off the network it cannot reach here (no background fetches).
test.use({
  permissions: ['camera'],
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

test('a photo taken with the webcam in onboarding becomes the icon', async ({ page, request }) => {
  await newSignedInUser(page, request, 'camera');
  await page.getByLabel('ユーザー名').fill('カメラ');
  await choose(page, '性別', '未設定');
  await choose(page, '年代', '40代');
  await choose(page, 'エリア', '沖縄県');
  await page.getByRole('button', { name: '決定' }).click();
  await page.getByRole('button', { name: '写真を撮る' }).click();
  await expect(page).toHaveURL(/\/avatar\/take-picture$/);
  await expect(page.getByRole('button', { name: '撮影する' })).toBeEnabled();
  await page.getByRole('button', { name: '撮影する' }).click();
  await expect(page).toHaveURL(/\/registration-information\/avatar$/);
  await expect(page.getByRole('img', { name: 'アイコンのプレビュー' })).toHaveAttribute(
    'src',
    /\/api\/v1\/users\/images\//,
  );
  const p = await profileOf(page, request);
  expect(p.profile_image).toMatch(/\/api\/v1\/users\/images\//);
});
