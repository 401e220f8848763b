import { messages } from '@honne/contracts/messages';
import { expect, test, type Page } from '@playwright/test';

import { consolePage, consoleShot, consoleToken, moderator } from './console-support.ts';
import { auth, openRoom, postVoice, userWithProfile } from './topics-helpers.ts';

// The text filter through the whole stack (issue 28, ADR 0028): the gateway, the services that
// store text, and the moderation service that keeps the lists and the queue.

const profile = (name: string) => ({ user_name: name, gender: 2, age_id: 3, area_id: 13 });

test('refuses a listed word in a voice title, masks a masked one for the partner, refuses a phone number between strangers', async ({
  request,
}) => {
  const a = await userWithProfile(request, 'filter-a', profile('あかね'));
  const b = await userWithProfile(request, 'filter-b', profile('ぶんた'));

  // 死ね is refused by the shipped list, even written in half-width katakana with a space.
  const thread = (await postVoice(request, a, { title: '今日の話' })).threadId;
  const refused = await request.post(`/api/v1/topics/${thread}`, {
    headers: auth(a),
    data: { sub_category_id: 22, area_id: 13, expire_after_minute: 10, chat_price: 0, call_price: 0, title: 'ｼ ﾈ' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors.title).toBe(messages.textRefused);

  const voice = await postVoice(request, a, { title: '雑談しよう' });
  const roomId = await openRoom(request, b, voice.id);
  const sent = await request.post('/api/v1/messages', {
    headers: auth(b),
    data: { room_id: roomId, message_type_id: 1, data: 'お前ﾎﾞｹだな' },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const seen = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(a) })).json()).data as {
    data: string;
  }[];
  expect(seen.map((m) => m.data)).toContain('お前＊＊＊だな');

  const phone = await request.post('/api/v1/messages', {
    headers: auth(b),
    data: { room_id: roomId, message_type_id: 1, data: '090-1234-5678に電話して' },
  });
  expect(phone.status()).toBe(403);
  expect((await phone.json()).errors.data).toBe(messages.contactRefused);
});

test('a held message reaches the console queue and not the partner until a moderator releases it; a list change refuses a word next time', async ({
  browser,
  request,
}) => {
  const token = await consoleToken(request);
  const ops = { Authorization: `Bearer ${token}` };
  const a = await userWithProfile(request, 'filter-c', profile('ちなつ'));
  const b = await userWithProfile(request, 'filter-d', profile('だいき'));
  const roomId = await openRoom(request, b, (await postVoice(request, a, { title: '聞いてほしい' })).id);
  const tag = Date.now().toString(36);
  const send = (data: string) =>
    request.post('/api/v1/messages', { headers: auth(b), data: { room_id: roomId, message_type_id: 1, data } });

  // A new word, added in the console: accepted before, refused after.
  const banned = `きんしご${tag}`;
  expect((await send(`まだ${banned}`)).status()).toBe(200);
  const added = await request.post('/api/v1/admin/safety/filter/entries', {
    headers: ops,
    data: { kind: 'term', pattern: banned, action: 'refuse', note: 'e2e' },
  });
  expect(added.status(), await added.text()).toBe(200);
  await expect(async () => {
    const res = await send(`もう${banned}`);
    expect(res.status()).toBe(403);
    expect((await res.json()).errors.data).toBe(messages.textRefused);
  }).toPass({ timeout: 1_000 });

  // A hold word: the writer sees it sent, the partner never does, the queue has it.
  const held = `ほりゅうご${tag}`;
  await request.post('/api/v1/admin/safety/filter/entries', {
    headers: ops,
    data: { kind: 'term', pattern: held, action: 'hold' },
  });
  const res = await send(`ねえ${held}`);
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()).data as { id: string; status: string };
  expect(body.status).toBe('sent_success');
  const messageId = body.id;
  await expect(async () => {
    const queue = (await (await request.get('/api/v1/admin/safety/queue?source=filter', { headers: ops })).json())
      .data as { subject_ref: string }[];
    expect(queue.some((r) => r.subject_ref === messageId)).toBe(true);
  }).toPass({ timeout: 5_000 });
  const partner = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(a) })).json()).data as {
    id: string;
  }[];
  expect(partner.some((m) => m.id === messageId)).toBe(false);

  // A moderator opens it from the queue's filter view and delivers it after all; the partner has it.
  await releaseFromQueue(await consolePage(browser, await moderator(request, token, 'mod-held')), held, '相手に届ける');
  await expect(async () => {
    const delivered = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(a) })).json())
      .data as { id: string }[];
    expect(delivered.some((m) => m.id === messageId)).toBe(true);
  }).toPass({ timeout: 5_000 });
});

test('a held voice is shown to its poster only, reaches the console queue, and everyone sees it once a moderator shows it (ADR 0037)', async ({
  browser,
  request,
}) => {
  const token = await consoleToken(request);
  const ops = { Authorization: `Bearer ${token}` };
  const poster = await userWithProfile(request, 'filter-e', profile('えみ'));
  const reader = await userWithProfile(request, 'filter-f', profile('ふうた'));
  const held = `ほりゅうボイス${Date.now().toString(36)}`;
  const added = await request.post('/api/v1/admin/safety/filter/entries', {
    headers: ops,
    data: { kind: 'term', pattern: held, action: 'hold', note: 'e2e' },
  });
  expect(added.status(), await added.text()).toBe(200);

  // The poster sees it posted; the reader neither lists nor opens it; the queue has it.
  const voiceId = (await postVoice(request, poster, { title: '聞いてほしい', detail: `じつは${held}` })).id;
  await expect
    .poll(async () => {
      const queue = (await (await request.get('/api/v1/admin/safety/queue?source=filter', { headers: ops })).json())
        .data as { subject_ref: string; subject_kind: string; held: boolean }[];
      return queue.find((r) => r.subject_ref === voiceId);
    })
    .toMatchObject({ subject_kind: 'voice', held: true });
  const listed = async (who: typeof poster) =>
    (
      (await (await request.get('/api/v1/topics?per_page=50', { headers: auth(who) })).json()).data as { id: string }[]
    ).some((t) => t.id === voiceId);
  expect(await listed(poster)).toBe(true);
  expect(await listed(reader)).toBe(false);
  expect((await request.get(`/api/v1/topics/${voiceId}`, { headers: auth(reader) })).status()).toBe(404);

  // A moderator opens it from the queue and shows it; the reader has it.
  const page = await consolePage(browser, await moderator(request, token, 'mod-held-voice'));
  await releaseFromQueue(page, held, 'ボイスを公開する');
  await expect.poll(() => listed(reader), { timeout: 5_000 }).toBe(true);
});

/**
 * A moderator finds the held item in the queue (the word in its row), opens it and releases it with
 * `button`, confirming; the 保留 actions are gone after, and the page is kept as a screenshot.
 */
async function releaseFromQueue(page: Page, held: string, button: string) {
  const row = page.getByTestId('queue').locator('tbody tr').filter({ hasText: held });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await row.getByRole('link').first().click();
  const actions = page.getByTestId('held-actions');
  await actions.getByRole('button', { name: button }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: button }).click();
  await expect(actions).toHaveCount(0);
  await consoleShot(page, button === '相手に届ける' ? 'held-released' : 'held-voice-shown');
}
