import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { auth, openRoom, postVoice, signedInPage, userWithProfile, type TestUser } from './topics-helpers.ts';

const shot = async (page: Page, name: string) => {
  await page.screenshot({ path: `artifacts/screens/chat-${name}.png`, animations: 'disabled' });
};

const say = async (request: APIRequestContext, who: TestUser, room: string, data: string) => {
  const res = await request.post('/api/v1/messages', {
    headers: auth(who),
    data: { room_id: room, message_type_id: 1, data },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { status: string };
};

test('blocking an anonymous partner from the chat room’s menu: their messages stop, and the block can be lifted', async ({
  browser,
  request,
}) => {
  const owner = await userWithProfile(request, 'roomblock-o', {
    user_name: 'みなと',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const hidden = await userWithProfile(request, 'roomblock-h', {
    user_name: 'しずく',
    gender: 1,
    age_id: 3,
    area_id: 13,
  });
  const voice = await postVoice(request, owner, { title: '今日あったこと' }, [hidden]);
  const room = await openRoom(request, hidden, voice.id, true);
  await say(request, hidden, room, 'はじめまして');

  const page = await signedInPage(browser, owner);
  await page.goto(`/chat/${room}`);
  await expect(page.getByText('はじめまして')).toBeVisible();
  await page.getByRole('button', { name: 'メニュー' }).click();
  const menu = page.getByRole('dialog', { name: 'メニュー' });
  const block = menu.getByRole('button', { name: 'このお相手をブロック' });
  await expect(block).toBeVisible();
  // No way to befriend or see the card of someone anonymous; blocking is in the room's menu.
  await expect(menu.getByRole('button', { name: 'ともだちに追加' })).toHaveCount(0);
  await shot(page, '60-room-block-menu');
  await block.click();
  await expect(page.getByText('このトークのお相手をブロックしますか？', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'はい' }).click();
  await expect(page.getByText('ブロックしました。')).toBeVisible();
  await shot(page, '61-room-blocked');
  await page.getByRole('button', { name: 'OK' }).click();

  // The partner's words no longer arrive, and what they wrote before is gone from the owner's room.
  expect(await say(request, hidden, room, 'もしもし')).toMatchObject({ status: 'refused' });
  await page.reload();
  await expect(page.getByText('はじめまして')).toHaveCount(0);
  await expect(page.getByText('もしもし')).toHaveCount(0);

  await page.getByRole('button', { name: 'メニュー' }).click();
  await page.getByRole('dialog', { name: 'メニュー' }).getByRole('button', { name: 'ブロックを解除' }).click();
  await expect(page.getByText('ブロックを解除しました。')).toBeVisible();
  expect(await say(request, hidden, room, 'また話そう')).toMatchObject({ status: 'sent_success' });
});
