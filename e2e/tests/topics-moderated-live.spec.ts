import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { api, bearer, consoleToken, hideReportedVoice } from './console-support.ts';
import { auth, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = (name: string) => ({ path: `artifacts/screens/topics-moderated-${name}.png` });

/**
 * Issue 27: a voice an operator hides leaves the lists already on screen at once (no reload), an
 * open detail says what opening it now would say and closes, the poster keeps seeing it, and a
 * restore puts it back in the watchers' list.
 */
test('a hidden voice leaves an open list and detail live, stays for its poster, and comes back on restore', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await consoleToken(request);
  const poster = await userWithProfile(request, 'hid-a', { user_name: 'かくれ', gender: 1, age_id: 3, area_id: 13 });
  const viewer = await userWithProfile(request, 'hid-b', { user_name: 'みる', gender: 2, age_id: 3, area_id: 13 });
  const voice = await postVoice(request, poster, { title: '隠される予定の声' }, [viewer]);

  const list = await signedInPage(browser, viewer);
  await list.goto('/');
  const row = list.locator('.tp-row', { hasText: '隠される予定の声' });
  await expect(row).toBeVisible();
  await row.getByRole('button').first().click();
  const detail = list.getByRole('dialog', { name: '声の詳細' });
  await expect(detail).toBeVisible();
  const own = await signedInPage(browser, poster);
  await own.goto('/');
  await expect(own.locator('.tp-row', { hasText: '隠される予定の声' })).toBeVisible();

  // The viewer reports it; the operator hides it from the queue's report.
  const content = `隠す声の通報 ${voice.id.slice(0, 8)}`;
  const reported = await request.post(`/api/v1/topics/${voice.id}/report`, {
    headers: auth(viewer),
    data: { content },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const report = await hideReportedVoice(request, admin, content);

  // The open detail says so and closes; the row is gone, all without a reload.
  const alert = list.getByRole('alertdialog');
  await expect(alert).toContainText(messages.voiceGone, { timeout: 5_000 });
  await list.screenshot(shot('detail-gone'));
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(detail).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await list.screenshot(shot('list-without'));
  // The poster's list, told nothing, still shows it.
  await own.reload();
  await expect(own.locator('.tp-row', { hasText: '隠される予定の声' })).toBeVisible();

  // Restored, it comes back in the viewer's open list.
  const restored = await request.post(`${api}/subjects/${report.subject_id}/actions/restore_voice`, {
    headers: bearer(admin),
    data: { reason: '確認のうえ再表示' },
  });
  expect(restored.status(), await restored.text()).toBe(200);
  await expect(row).toBeVisible({ timeout: 5_000 });
});
