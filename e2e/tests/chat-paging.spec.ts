import { expect, test } from '@playwright/test';

import { auth, signedInPage, userWithProfile } from './topics-helpers.ts';

test('a long conversation opens on its newest messages and loads older ones as the reader scrolls up, keeping their place', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'page-a', { user_name: 'あやの', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'page-b', { user_name: 'ぶんご', gender: 1, age_id: 2, area_id: 13 });
  const thread = (
    await (
      await request.post('/api/v1/threads/join', {
        headers: auth(a),
        data: { area_id: 13, category_id: 5, sub_category_id: 22 },
      })
    ).json()
  ).data as { id: string };
  const voice = await request.post(`/api/v1/topics/${thread.id}`, {
    headers: auth(a),
    data: {
      title: '長話の部屋',
      sub_category_id: 22,
      area_id: 13,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
    },
  });
  expect(voice.status(), await voice.text()).toBe(200);
  const room = await request.post('/api/v1/rooms', {
    headers: auth(b),
    data: { topic_id: (await voice.json()).data.id, room_type_id: 2, is_anonymous: false },
  });
  expect(room.status(), await room.text()).toBe(200);
  const roomId = (await room.json()).data.id as string;
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
