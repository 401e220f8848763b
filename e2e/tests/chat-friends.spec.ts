import { expect, test, type Page } from '@playwright/test';

import { auth, signedInPage, userWithProfile } from './topics-helpers.ts';

// Sheets and popups fade in: let them settle before the picture.
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `artifacts/screens/chat-${name}.png`, animations: 'disabled' });
};

test('friends: add by name search, live unread badges on the tab and the row, a friend room, removal for both sides in real time, the call list and unblocking', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await userWithProfile(request, 'fr-a', { user_name: 'みさき', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'fr-b', { user_name: 'けんと', gender: 1, age_id: 2, area_id: 13 });

  const pa = await signedInPage(browser, a);
  await pa.setViewportSize({ width: 375, height: 667 });
  await pa.goto('/friendlist');
  await expect(pa.getByText('ともだちはまだいません')).toBeVisible();
  await shot(pa, '10-friends-empty');

  // B is on the friends list from the start.
  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/friendlist');
  await expect(pb.getByText('ともだちはまだいません')).toBeVisible();

  // Search by name; Enter searches; adding sends a request (walk #21), and the row says 申請中.
  await pa.getByRole('button', { name: 'ともだち追加' }).first().click();
  await expect(pa).toHaveURL(/\/addfriend$/);
  const box = pa.getByRole('searchbox', { name: 'ユーザー名で検索' });
  await box.fill('けんと');
  await box.press('Enter');
  const result = pa.getByTestId('search-row').filter({ hasText: 'けんと' });
  await expect(result).toBeVisible();
  await shot(pa, '11-addfriend');
  await result.getByRole('button', { name: 'けんとを追加' }).click();
  await expect(
    pa.getByText('けんと さんにともだち申請を送りました。お相手が承認すると、ともだちになります。'),
  ).toBeVisible();
  await shot(pa, '12-addfriend-requested');
  await pa.getByRole('button', { name: 'OK' }).click();
  await expect(result.getByText('申請中')).toBeVisible();

  // B's open list shows the request live; B accepts and A arrives ('11') without a reload.
  const asked = pb.getByTestId('friend-request').filter({ hasText: 'みさき' });
  await expect(asked).toBeVisible();
  await shot(pb, '12b-friend-request');
  await asked.getByRole('button', { name: 'みさきさんの申請を承認' }).click();
  await expect(pb.getByText('みさき さんとともだちになりました！')).toBeVisible();
  await pb.getByRole('button', { name: 'OK' }).click();
  await expect(pb.getByTestId('friend-row').filter({ hasText: 'みさき' })).toBeVisible();

  // Searching again, A sees that they are friends, and tapping says so.
  await box.press('Enter');
  await result.getByRole('button', { name: /けんと（ともだち）/ }).click();
  await expect(pa.getByText('すでにともだちになっています')).toBeVisible();
  await pa.getByRole('button', { name: 'OK' }).click();

  // A opens the friend room from the list and writes; B's tab and row badges count it.
  await pa.goto('/friendlist');
  await pa.getByRole('button', { name: 'けんととチャット' }).click();
  await expect(pa).toHaveURL(/\/chat\//);
  const roomPath = new URL(pa.url()).pathname;
  const input = pa.getByRole('textbox', { name: 'メッセージ' });
  await input.fill('元気？');
  await input.press('Enter');
  await input.fill('今日はいい天気だね');
  await input.press('Enter');
  await expect(pa.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'sent_success');
  const tab = pb.getByRole('link', { name: /ともだち/ });
  await expect(tab).toContainText('2');
  await expect(
    pb.getByTestId('friend-row').filter({ hasText: 'みさき' }).getByText('2', { exact: true }),
  ).toBeVisible();
  await shot(pb, '13-friends-unread');

  // A second tab of B opens the room: both tabs' badges clear; A sees 既読.
  const pb2 = await pb.context().newPage();
  await pb2.setViewportSize({ width: 375, height: 667 });
  await pb2.goto(roomPath);
  await expect(pb2.getByTestId('chat-message').getByText('今日はいい天気だね')).toBeVisible();
  await expect(pa.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'read');
  await expect(tab).not.toContainText('2');

  // Offline, a message fails and offers a resend; back online it is resent when the room opens.
  await pa.context().setOffline(true);
  await input.fill('電波が悪いかも');
  await input.press('Enter');
  const failed = pa.getByTestId('chat-message').last();
  await expect(failed).toHaveAttribute('data-status', 'sent_fail');
  await expect(failed.getByRole('button', { name: '再送信' })).toBeVisible();
  await shot(pa, '16-sent-fail');
  await pa.context().setOffline(false);
  await pa.reload();
  await expect(pb2.getByTestId('chat-message').getByText('電波が悪いかも')).toBeVisible();
  await expect(pa.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'read');
  await expect(pa.getByTestId('chat-message').getByText('電波が悪いかも')).toHaveCount(1);

  // The call list: last message time and the filter bar.
  await pb.goto('/friendlistcall');
  await expect(pb.getByRole('group', { name: '表示するともだち' })).toBeVisible();
  await expect(pb.getByTestId('friend-row').filter({ hasText: 'みさき' })).toContainText('電波が悪いかも');
  await shot(pb, '14-friendlistcall');

  // The friend detail panel, then A deletes B: B's list drops A live ('12') and B's open room goes.
  await pa.goto('/friendlist');
  await pa.getByRole('button', { name: 'けんと プロフィール' }).click();
  await expect(pa.getByRole('dialog', { name: 'プロフィール' })).toBeVisible();
  await shot(pa, '15-friend-detail');
  await pa.getByRole('dialog', { name: 'プロフィール' }).getByRole('button', { name: 'ともだちから削除' }).click();
  await expect(pa.getByText('このともだちを本当に削除しますか？')).toBeVisible();
  await pa.getByRole('button', { name: 'ともだちから削除' }).last().click();
  await expect(pa.getByText('ともだちはまだいません')).toBeVisible();
  await pb.goto('/friendlist');
  await expect(pb.getByText('ともだちはまだいません')).toBeVisible();
  await expect(pb2.getByText('該当する声がありません。既に削除されている可能性があります。')).toBeVisible();
  await pb2.getByRole('button', { name: 'OK' }).click();
  // The removed room's address, opened again (walk #30): nothing to type into, and the error names
  // no voice.
  await pb2.goto(roomPath);
  await expect(pb2.getByText('このトークは見つかりません。削除された可能性があります。')).toBeVisible();
  await expect(pb2.getByRole('textbox', { name: 'メッセージ' })).toBeDisabled();
  await shot(pb2, '17-stale-room');
  await pb2.getByRole('button', { name: 'OK' }).click();
  await expect(pb2).not.toHaveURL(/\/chat\//);

  // Block through the API, then unblock from the block list: the row goes.
  expect((await request.post('/api/v1/users/block', { headers: auth(b), data: { id: a.userId } })).status()).toBe(200);
  await pb.goto('/blocklist');
  const row = pb.getByTestId('block-row').filter({ hasText: 'みさき' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'みさきのブロック解除' }).click();
  await expect(row).toHaveCount(0);
  await expect(pb.getByText('ブロックしているユーザーはいません')).toBeVisible();
});
