import { expect, test } from '@playwright/test';

import { advanceClock } from '../support/api.ts';
import { auth, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

test('messages vanish at the sender’s retention time: gone from the open room, after a reload and from the API', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'keep-a', { user_name: 'あさひ', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'keep-b', { user_name: 'ばんり', gender: 1, age_id: 2, area_id: 13 });

  // A's voice lives 10 minutes; B keeps messages only 5.
  const topicId = (await postVoice(request, a, { title: '消える話' })).id;
  const setting = await request.put('/api/v1/users/setting', { headers: auth(b), data: { saved_message_time: 5 } });
  expect((await setting.json()).data.saved_message_time).toBe(5);

  const room = await request.post('/api/v1/rooms', {
    headers: auth(b),
    data: { topic_id: topicId, room_type_id: 2, is_anonymous: false },
  });
  expect(room.status(), await room.text()).toBe(200);
  const roomId = (await room.json()).data.id as string;

  // The retention setting reaches chat over the bus; the message's expire_at shows when it has.
  let sent: { id: string; expire_at: string; created_at: string } | undefined;
  await expect
    .poll(async () => {
      const res = await request.post('/api/v1/messages', {
        headers: auth(b),
        data: { room_id: roomId, message_type_id: 1, data: `5分で消えます ${Date.now()}` },
      });
      sent = (await res.json()).data;
      return Date.parse(sent!.expire_at) - Date.parse(sent!.created_at);
    })
    .toBe(5 * 60_000);
  const text = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(a) })).json()).data.find(
    (m: { id: string }) => m.id === sent!.id,
  ).data as string;

  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto(`/chat/${roomId}`);
  await expect(pa.getByTestId('chat-message').getByText(text)).toBeVisible();
  await pa.screenshot({ path: 'artifacts/screens/chat-20-before-expiry.png' });

  await advanceClock(6 * 60_000);
  try {
    await expect(pa.getByTestId('chat-message').getByText(text)).toHaveCount(0);
    await pa.reload();
    await expect(pa.getByRole('textbox', { name: 'メッセージ' })).toBeVisible();
    await expect(pa.getByTestId('chat-message').getByText(text)).toHaveCount(0);
    const after = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(a) })).json()).data as {
      id: string;
    }[];
    expect(after.some((m) => m.id === sent!.id)).toBe(false);
    await pa.screenshot({ path: 'artifacts/screens/chat-21-after-expiry.png' });
  } finally {
    // The same server runs the other journeys: give them the real time back.
    await advanceClock(-6 * 60_000);
  }
});

test('a voice that runs out mid-chat: the open room says the voice’s time is over, not that it never was', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'runout-a', { user_name: 'あまね', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'runout-b', { user_name: 'ぼたん', gender: 1, age_id: 2, area_id: 13 });
  const topicId = (await postVoice(request, a, { title: 'もうすぐ消える声' }, [b])).id;
  const room = await request.post('/api/v1/rooms', {
    headers: auth(b),
    data: { topic_id: topicId, room_type_id: 2, is_anonymous: false },
  });
  expect(room.status(), await room.text()).toBe(200);
  const roomId = (await room.json()).data.id as string;

  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto(`/chat/${roomId}`);
  // The room names its voice and counts down its time (walk #10, #11).
  await expect(pb.getByTestId('room-voice-title')).toContainText('声：もうすぐ消える声');
  await expect(pb.getByTestId('room-voice-left')).toHaveText(/^残り (9|10):\d\d$/);
  await pb.screenshot({ path: 'artifacts/screens/chat-22-voice-countdown.png' });

  await advanceClock(11 * 60_000);
  try {
    await expect(pb.getByRole('alertdialog')).toContainText('声の表示時間が終了したため、前の画面に戻ります。', {
      timeout: 30_000,
    });
    await expect(pb.getByText('該当する声がありません。既に削除されている可能性があります。')).toHaveCount(0);
    await pb.screenshot({ path: 'artifacts/screens/chat-23-voice-ran-out.png' });
    await pb.getByRole('button', { name: 'OK' }).click();
    await expect(pb).not.toHaveURL(new RegExp(`/chat/${roomId}$`));
  } finally {
    await advanceClock(-11 * 60_000);
  }
});
