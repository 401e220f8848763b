import { expect, test } from '@playwright/test';

import { auth, openRoom, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

test('a long conversation opens on its newest messages and loads older ones as the reader scrolls up, keeping their place', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'page-a', { user_name: 'あやの', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'page-b', { user_name: 'ぶんご', gender: 1, age_id: 2, area_id: 13 });
  const voice = await postVoice(request, a, { title: '長話の部屋' });
  const roomId = await openRoom(request, b, voice.id);
  // 120 messages: more than two pages of 50.
  for (let i = 1; i <= 120; i++) {
    const res = await request.post('/api/v1/messages', {
      headers: auth(i % 2 ? b : a),
      data: { room_id: roomId, message_type_id: 1, data: `メッセージ${i}番` },
    });
    expect(res.status()).toBe(200);
  }

  const page = await signedInPage(browser, a);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/chat/${roomId}`);
  const log = page.getByRole('log');
  await expect(log.getByText('メッセージ120番', { exact: true })).toBeVisible();
  const bubbles = page.getByTestId('chat-message');
  await expect(bubbles).toHaveCount(50);
  await expect(log.getByText('メッセージ70番', { exact: true })).toHaveCount(0);

  // Scrolled to the top, the next 50 come on top; the message the reader was at stays in view.
  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(bubbles).toHaveCount(100);
  await expect(log.getByText('メッセージ71番', { exact: true })).toBeInViewport();
  await log.evaluate((el) => (el.scrollTop = 0));
  await expect(bubbles).toHaveCount(120);
  await expect(log.getByText('メッセージ1番', { exact: true })).toBeAttached();
  await page.screenshot({ path: 'artifacts/screens/chat-paging-older.png' });

  // New messages still arrive live at the bottom of a paged conversation.
  await request.post('/api/v1/messages', {
    headers: auth(b),
    data: { room_id: roomId, message_type_id: 1, data: '最新のひとこと' },
  });
  await expect(log.getByText('最新のひとこと')).toBeAttached();
  await expect(bubbles).toHaveCount(121);
});
