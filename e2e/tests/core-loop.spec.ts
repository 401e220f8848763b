import { expect, test, type Page } from '@playwright/test';

import { postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `artifacts/screens/loop-${name}.png`, animations: 'disabled' });
};

const nav = (page: Page) => page.getByRole('navigation', { name: 'メインメニュー' });

/**
 * The core loop (issue 18): A posts a voice, B writes on it, and A finds B's message where the app
 * says it is — the history tab's badge, the history row, the reply list — reads it, answers it, and
 * B sees the answer live. Voice messages never count on the friends tab, which could not lead there.
 */
test('A finds B’s reply from the badge, the history row and the reply list, answers it, and B sees it live', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await userWithProfile(request, 'loop-a', { user_name: 'あおい', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'loop-b', { user_name: 'ばんり', gender: 1, age_id: 2, area_id: 13 });
  const topicId = (await postVoice(request, a, { title: '眠れない夜の話' }, [b])).id;

  // A is on the home screen, nothing waiting.
  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto('/');
  await expect(nav(pa).getByRole('link', { name: /^履歴/ })).toBeVisible();

  // B writes on A's voice.
  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/');
  await pb.locator('.tp-row', { hasText: '眠れない夜の話' }).getByRole('button').first().click();
  await pb.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: 'チャット' }).click();
  await pb.getByRole('option', { name: 'ニックネームで話す' }).click();
  await expect(pb).toHaveURL(/\/chat\/[^/]+$/);
  const roomId = new URL(pb.url()).pathname.split('/').pop()!;
  const boxB = pb.getByRole('textbox', { name: 'メッセージ' });
  await boxB.fill('わたしも眠れません');
  await boxB.press('Enter');

  // A's history tab says one message waits; the friends tab does not (no friend room holds it).
  const historyTab = nav(pa).getByRole('link', { name: /^履歴/ });
  await expect(historyTab).toContainText('1');
  await expect(nav(pa).getByRole('link', { name: /^ともだち/ })).not.toContainText(/\d/);
  await shot(pa, '01-history-badge');

  // The history row shows B's message and its unread count.
  await historyTab.click();
  const row = pa.locator(`li[data-room-id="${roomId}"]`);
  await expect(row).toContainText('わたしも眠れません');
  await expect(row.getByLabel('未読メッセージ1件')).toBeVisible();
  await shot(pa, '02-history-row');

  // The reply list says the same, and its row opens the conversation.
  await row.getByRole('button', { name: '返信を見る' }).click();
  await expect(pa).toHaveURL(new RegExp(`/history/${topicId}/replies$`));
  const reply = pa.locator(`li[data-room-id="${roomId}"]`);
  await expect(reply).toContainText('わたしも眠れません');
  await expect(reply.getByLabel('未読メッセージ1件')).toBeVisible();
  await shot(pa, '03-replies');
  await reply.getByRole('button', { name: /ばんりさんとのトークを開く/ }).click();
  await expect(pa).toHaveURL(new RegExp(`/chat/${roomId}$`));
  await expect(pa.getByTestId('chat-message').last()).toContainText('わたしも眠れません');

  // A answers; B sees it live in the room.
  const boxA = pa.getByRole('textbox', { name: 'メッセージ' });
  await boxA.fill('よかったら話しましょう');
  await boxA.press('Enter');
  await expect(pb.getByTestId('chat-message').last()).toContainText('よかったら話しましょう');
  await shot(pb, '04-answer-live');

  // Read: back in the history (the room is a full screen), the badge is gone and the row shows
  // A's answer with nothing unread.
  await pa.goBack();
  await pa.goBack();
  await expect(pa).toHaveURL(/\/history$/);
  await expect(row).toContainText('よかったら話しましょう');
  await expect(historyTab).not.toContainText(/\d/);
  await expect(row.getByLabel(/未読メッセージ/)).toHaveCount(0);

  // B's history row leads back into the same conversation too.
  await pb.goto('/history');
  await pb.locator(`li[data-room-id="${roomId}"]`).getByRole('button').first().click();
  await expect(pb).toHaveURL(new RegExp(`/chat/${roomId}$`));

  // A's own voice detail leads to its replies.
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: '眠れない夜の話' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '返信一覧を見る' }).click();
  await expect(pa).toHaveURL(new RegExp(`/history/${topicId}/replies$`));
});
