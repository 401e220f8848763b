import { messages } from '@honne/contracts/messages';
import { expect, test } from '@playwright/test';

import { auth, openRoom, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

test('friend detail: Japanese gender, blood type and personality, the friend’s voice with its countdown, forbidden matters / self-PR with “no data”, and a report sent from the panel', async ({
  browser,
  request,
}) => {
  const poster = await userWithProfile(request, 'fd-poster', {
    user_name: 'ゆうき',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const viewer = await userWithProfile(request, 'fd-viewer', {
    user_name: 'はると',
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  // The poster's blood type, personality and self-PR (no forbidden matters: 'no data').
  const put = await request.put('/api/v1/users', {
    headers: auth(poster),
    data: {
      userBloodSettings: { bloodType: 'AB', personality: 'bright' },
      userCharacterInputDetail: 'カフェめぐりが好きです。',
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  // Their SNS links, one without https:// (shown with it), one left empty (walk #25).
  const sns = await request.post('/api/v1/users/update_sns', {
    headers: auth(poster),
    data: { twitter: 'twitter.com/yuuki_cafe', instagram: 'https://instagram.com/yuuki.cafe', facebook: '' },
  });
  expect(sns.status(), await sns.text()).toBe(200);

  // The poster's voice; the viewer opens a room on it and they become friends from there.
  const topicId = (
    await postVoice(request, poster, {
      title: '週末のおすすめ https://example.jp/cafe',
      comment: 'なんでも話しましょう',
    })
  ).id;
  const roomId = await openRoom(request, viewer, topicId);
  const friended = await request.post('/api/v1/users/friends', {
    headers: auth(viewer),
    data: { user_id: poster.userId, room_id: roomId, topic_id: topicId },
  });
  expect(friended.status(), await friended.text()).toBe(200);

  const page = await signedInPage(browser, viewer);
  await page.goto('/friendlist');
  const row = page.getByTestId('friend-row').filter({ hasText: 'ゆうき' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'ゆうき プロフィール' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('女性', { exact: true })).toBeVisible();
  await expect(panel.getByText('AB型・明るい')).toBeVisible();
  await expect(panel.getByText('F', { exact: true })).toHaveCount(0);
  // The friend's voice: path, title with its link, comment, counts and the remaining time.
  const topic = panel.getByRole('region', { name: 'ともだちの声' });
  await expect(topic.getByText(/悩み・相談 › .+ › 千葉県/)).toBeVisible();
  await expect(topic.getByRole('link', { name: 'https://example.jp/cafe' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow',
  );
  await expect(topic.getByText('なんでも話しましょう')).toBeVisible();
  await expect(topic.getByText(/残り (9|10)分/)).toBeVisible();
  // Forbidden matters: nothing written → 'no data'; self-PR as written.
  await expect(panel.getByRole('heading', { name: '禁止事項' })).toBeVisible();
  await expect(panel.getByText('データがありません')).toBeVisible();
  await expect(panel.getByText('カフェめぐりが好きです。')).toBeVisible();
  // The SNS links saved under /sns_info are shown for this named friend (walk #25).
  const links = panel.getByRole('region', { name: 'SNS' });
  await expect(links.getByRole('link', { name: 'Twitter' })).toHaveAttribute('href', 'https://twitter.com/yuuki_cafe');
  await expect(links.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
    'href',
    'https://instagram.com/yuuki.cafe',
  );
  await expect(links.getByRole('link', { name: 'Facebook' })).toHaveCount(0);
  await page.waitForTimeout(300); // the sheet fades in
  await page.screenshot({ path: 'artifacts/screens/friend-detail-01.png' });

  // Report: empty is refused with the spec's message; written, it is sent and confirmed.
  await panel.getByRole('button', { name: '通報する' }).click();
  const report = page.getByRole('dialog', { name: '通報' });
  await report.getByRole('button', { name: '通報する' }).click();
  await expect(report.getByText(messages.reportRequired)).toBeVisible();
  await report.getByRole('textbox').fill('しつこく連絡先を聞かれました。\n困っています。');
  await page.screenshot({ path: 'artifacts/screens/friend-detail-02-report.png' });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/user_report'));
  await report.getByRole('button', { name: '通報する' }).click();
  const res = await sent;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toEqual({
    user_id: poster.userId,
    report: 'しつこく連絡先を聞かれました。\n困っています。',
  });
  await expect(page.getByRole('alertdialog').getByText('通報を受け付けました。')).toBeVisible();
  await page.context().close();
});
