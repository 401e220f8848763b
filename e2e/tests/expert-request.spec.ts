import { expect, test } from '@playwright/test';

import { operatorKey, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

test('asking to be an expert: pending until an operator approves, then the mark shows on the voice others see', async ({
  browser,
  request,
}) => {
  const expert = await userWithProfile(request, 'expert', { user_name: 'せんせい', gender: 2, age_id: 4, area_id: 13 });
  const reader = await userWithProfile(request, 'reader', { user_name: 'よむひと', gender: 1, age_id: 2, area_id: 13 });
  const page = await signedInPage(browser, expert);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/mypage');
  // One line at 375 px: it wrapped with a lone 「る」 (walk #48).
  const ask = page.getByRole('button', { name: 'エキスパートを申請する' });
  await expect(ask).toBeVisible();
  expect(await ask.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(48);
  await page.screenshot({ path: 'artifacts/screens/mypage-05-expert-button.png' });
  await ask.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'エキスパートを申請する' }).click();
  await expect(page.getByText('申請を受け付けました。承認されるまでお待ちください。')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: '申請の承認待ち' })).toBeDisabled();

  const approved = await request.put(`/api/v1/admin/safety/users/${expert.userId}/expert`, {
    headers: { Authorization: `Bearer ${await operatorKey(request)}` },
    data: { approve: true },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: /せんせい/ }).getByText('エキスパート')).toBeVisible();
  await expect(page.getByRole('button', { name: /エキスパートを申請|申請の承認待ち/ })).toHaveCount(0);

  // Another user sees the mark beside the expert's name on the voice.
  await postVoice(request, expert, { title: 'なんでも相談にのります' }, [reader]);
  const other = await signedInPage(browser, reader);
  await other.goto('/');
  const row = other.locator('.tp-row', { hasText: 'なんでも相談にのります' });
  await expect(row.getByText('エキスパート')).toBeVisible();
  await other.screenshot({ path: 'artifacts/screens/expert-mark.png' });
});
