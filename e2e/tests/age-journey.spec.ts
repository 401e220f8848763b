import { ageEndpoints } from '@honne/contracts/age';
import { messages } from '@honne/contracts/messages';
import { expect, test, type APIRequestContext } from '@playwright/test';

import { E2E_SAFETY_ADMIN } from '../playwright.config.ts';
import { api, bearer, consolePage, consoleToken, moderator } from './console-support.ts';
import { auth, openRoom, postVoice, signedInPage, userWithProfile, type TestUser } from './topics-helpers.ts';

/**
 * Age assurance through the whole stack (issue 28, ADR 0031): a user sends an ID photo from
 * 設定 → 年齢確認, a moderator opens it in the console (audited) and approves it, the photo is gone,
 * and two verified adults may then swap a LINE ID while an unverified pair still may not; a minor
 * is never in an adult's search.
 */

/** A 1×1 PNG: the server checks the bytes, not the file's name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const profile = (name: string, age_id = 3) => ({ user_name: name, gender: 2, age_id, area_id: 13 });
const LINE = 'LINE交換しよ！IDは hana_0707 だよ';

async function send(request: APIRequestContext, user: TestUser, roomId: string, data: string) {
  return request.post('/api/v1/messages', { headers: auth(user), data: { room_id: roomId, message_type_id: 1, data } });
}

test('an ID photo approved in the console makes a verified adult; verified adults swap a LINE ID, others cannot; minors stay out of adult search', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).slice(-5);
  const admin = await consoleToken(request, E2E_SAFETY_ADMIN);
  const mod = await moderator(request, admin, 'age-mod');
  const modToken = await consoleToken(request, mod);
  const a = await userWithProfile(request, 'age-a', profile(`はな${tag}`));
  const b = await userWithProfile(request, 'age-b', profile(`ゆう${tag}`));
  const c = await userWithProfile(request, 'age-c', profile(`けん${tag}`));
  const teen = await userWithProfile(request, 'age-t', profile(`じゅうだい${tag}`, 1));

  // A sends a photo from 設定 → 年齢確認 (375×667).
  const pa = await signedInPage(browser, a, { viewport: { width: 375, height: 667 } });
  await pa.goto('/settings');
  await expect(pa.getByTestId('age-state')).toHaveText('未確認');
  await pa.getByRole('button', { name: /年齢確認/ }).click();
  const sheet = pa.getByTestId('age-sheet');
  await expect(sheet).toContainText('年齢確認済みの方同士でのみ');
  await sheet.locator('input[type=file]').setInputFiles({ name: 'id.txt', mimeType: 'text/plain', buffer: PNG });
  await sheet.getByRole('button', { name: '送信する' }).click();
  await expect(sheet.getByRole('status')).toContainText('書類を送信しました');
  await expect(pa.getByTestId('age-state')).toHaveText('審査中');
  await pa.screenshot({ path: 'artifacts/screens/age-01-sent.png' });

  // B has been verified already (the same flow, over the API).
  const up = await request.post(`/api/v1${ageEndpoints.uploadAgeDocument.url}`, {
    headers: auth(b),
    data: { image: `data:image/png;base64,${PNG.toString('base64')}` },
  });
  expect(up.status(), await up.text()).toBe(200);
  const pending = (await (await request.get(`${api}/age_reviews`, { headers: bearer(modToken) })).json()).data as {
    id: string;
    user_id: string;
    status: string;
  }[];
  const bReview = pending.find((r) => r.user_id === b.userId && r.status === 'pending')!;
  expect((await request.post(`${api}/age_reviews/${bReview.id}/approve`, { headers: bearer(modToken) })).status()).toBe(
    200,
  );
  const aReview = pending.find((r) => r.user_id === a.userId && r.status === 'pending')!;
  expect(aReview).toBeTruthy();

  // The moderator opens A's photo in the console and approves it.
  const pm = await consolePage(browser, mod);
  await pm.getByRole('link', { name: '年齢確認' }).click();
  // The contact policy sits on the same page: by default only verified adults with each other.
  const policy = pm.getByTestId('age-policy');
  await expect(policy.getByRole('checkbox', { name: '年齢確認済み と 年齢確認済み' })).toBeChecked();
  await expect(policy.getByRole('checkbox', { name: '自己申告の18歳以上 と 年齢確認済み' })).not.toBeChecked();
  const item = pm.locator(`[data-review-id="${aReview.id}"]`);
  await item.getByRole('button', { name: /画像を表示/ }).click();
  await expect(item.getByRole('img', { name: '本人確認書類' })).toBeVisible();
  await pm.screenshot({ path: 'artifacts/screens/age-02-console.png' });
  await item.getByRole('button', { name: /承認/ }).click();
  await expect(item).toHaveAttribute('data-status', 'approved');
  await expect(item).toContainText('画像は削除済みです');

  // The photo is gone, and its read was audited.
  const gone = await request.get(`${api}/age_reviews/${aReview.id}/image`, { headers: bearer(modToken) });
  expect(gone.status()).toBe(404);
  const audit = (await (await request.get(`${api}/audit?limit=50`, { headers: bearer(admin) })).json()).data as {
    action: string;
    target: string | null;
  }[];
  expect(audit.filter((e) => e.target === aReview.id).map((e) => e.action)).toEqual(
    expect.arrayContaining(['age_review.image_read', 'age_review.approve']),
  );

  await pa.reload();
  await expect(pa.getByTestId('age-state')).toHaveText('確認済み');
  await pa.screenshot({ path: 'artifacts/screens/age-03-verified.png' });

  // Two verified adults swap a LINE ID (once chat has heard both states); A and unverified C cannot.
  const ab = await openRoom(request, b, (await postVoice(request, a, { title: 'はなしませんか' })).id);
  await expect(async () => {
    const res = await send(request, b, ab, LINE);
    expect(res.status(), await res.text()).toBe(200);
  }).toPass({ timeout: 5_000 });
  const ac = await openRoom(request, c, (await postVoice(request, a, { title: 'もうひとつ' })).id);
  const refused = await send(request, a, ac, LINE);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors.data).toBe(messages.contactRefused);
  expect(messages.contactRefused).toContain('安全のため、年齢確認済みの方同士でないと連絡先の交換はできません。');

  // A minor is not in an adult's search, nor the adult in the minor's.
  const search = async (me: TestUser, keyword: string) =>
    (
      (await (await request.post('/api/v1/users/search', { headers: auth(me), data: { keyword } })).json()).data as {
        id: string;
      }[]
    ).map((u) => u.id);
  expect(await search(a, `じゅうだい${tag}`)).toEqual([]);
  expect(await search(c, `ゆう${tag}`)).toEqual([b.userId]);
  expect(await search(teen, `はな${tag}`)).toEqual([]);
});
