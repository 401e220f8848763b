import { messages } from '@honne/contracts';
import { expect, test, type Page } from '@playwright/test';

import { E2E_SAFETY_ADMIN } from '../playwright.config.ts';
import { adminAndModerators, api, bearer, consolePage, queuedReport } from './console-support.ts';
import { auth, grantPoints, postVoice, setRank, signedInPage, userWithProfile } from './topics-helpers.ts';

/**
 * Money in moderation (issue 27, ADR 0030): B pays A for a chat and reports it; a moderator's
 * refund above the threshold (1,000 pt) waits until a second moderator approves it in the
 * console; then B's point history shows the refund. A person whose points a moderator froze has
 * their gift refused with the words.
 */

const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/screens/console-money-${name}.png` });

test('a reported paid chat is refunded after a second moderator approves; a frozen person cannot give a gift', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const {
    admin,
    moderators: [first, second],
  } = await adminAndModerators(request, 'money-one', 'money-two');

  // A's voice costs 1,500 points to chat; B pays it.
  const a = await userWithProfile(request, 'cm-a', { user_name: 'あやの', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'cm-b', { user_name: 'ばんり', gender: 1, age_id: 3, area_id: 13 });
  await setRank(request, a, 2000);
  await grantPoints(request, b, 3000);
  const voice = await postVoice(request, a, { title: '何でも相談どうぞ', chat_price: 1500 }, [b]);
  const opened = await request.post('/api/v1/rooms', {
    headers: auth(b),
    data: { topic_id: voice.id, room_type_id: 2, is_anonymous: false, confirm_price: true },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const roomId = (await opened.json()).data.id as string;
  const balanceOf = async (who: typeof a) =>
    (await (await request.get('/api/v1/points/balance', { headers: auth(who) })).json()).data.balance as number;
  expect(await balanceOf(b)).toBe(1500);

  // B reports the chat.
  const reported = await request.post(`/api/v1/rooms/${roomId}/report`, {
    headers: auth(b),
    data: { type: 1, content: 'お金を払ったのに相手にされなかった' },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const report = await queuedReport(request, admin, 'お金を払ったのに相手にされなかった');

  // The first moderator refunds it from the report's subject page: above 1,000 pt it waits.
  const pm = await consolePage(browser, first);
  await pm.goto(`/console/subjects/${report.subject_id}?report=${report.id}`);
  const form = pm.getByTestId('refund-form').first();
  await form.getByLabel('返金の理由').fill('サービスが提供されなかった');
  await form.getByRole('button', { name: '返金する' }).click();
  await pm.getByRole('alertdialog').getByRole('button', { name: '返金する' }).click();
  await expect(pm.getByRole('status')).toHaveText('1,500 pt の返金は別の運営者の承認待ちです。');
  await shot(pm, 'pending');
  expect(await balanceOf(b)).toBe(1500);

  // The first moderator cannot approve their own request.
  await pm.goto('/console/approvals');
  const mine = pm.getByTestId('approvals').locator('tbody tr', { hasText: '1,500 pt' }).first();
  await mine.getByRole('button', { name: '承認して実行' }).click();
  await pm.getByRole('alertdialog').getByRole('button', { name: '承認して実行' }).click();
  await expect(pm.getByRole('alertdialog')).toContainText('自分が申請した操作は承認・却下できません');
  await pm.getByRole('alertdialog').getByRole('button', { name: 'OK' }).first().click();
  expect(await balanceOf(b)).toBe(1500);

  // A second moderator approves: the refund happens.
  const ps = await consolePage(browser, second);
  await ps.getByRole('link', { name: '承認待ち' }).click();
  const row = ps.getByTestId('approvals').locator('tbody tr', { hasText: '1,500 pt' }).first();
  await expect(row).toContainText('承認待ち');
  await shot(ps, 'approvals');
  await row.getByRole('button', { name: '承認して実行' }).click();
  await ps.getByRole('alertdialog').getByRole('button', { name: '承認して実行' }).click();
  await expect(ps.getByRole('status')).toHaveText('承認し、実行しました。');
  await expect(row).toContainText('承認済み');
  expect(await balanceOf(b)).toBe(3000);
  expect(await balanceOf(a)).toBe(0);

  // B's point history shows the refund.
  const pb = await signedInPage(browser, b);
  await pb.setViewportSize({ width: 375, height: 667 });
  await pb.goto('/manage-point');
  await pb.getByRole('button', { name: 'ポイント履歴' }).click();
  const bRows = pb.getByTestId('point-history-row');
  await expect(bRows.first()).toContainText('運営による返金');
  await expect(bRows.first()).toContainText('+1,500 P');
  await shot(pb, 'history');

  // A reports B back (a refund-seeking report, say): the second moderator freezes B's points from B's page.
  const back = await request.post(`/api/v1/rooms/${roomId}/report`, {
    headers: auth(a),
    data: { type: 1, content: '返金目当ての通報かもしれません' },
  });
  expect(back.status(), await back.text()).toBe(200);
  const bSubject = (await queuedReport(request, admin, '返金目当ての通報かもしれません')).subject_id;
  await ps.goto(`/console/subjects/${bSubject}`);
  await ps.getByLabel('対応', { exact: true }).selectOption('freeze_points');
  await ps.getByLabel('期間', { exact: true }).fill('24');
  await ps.getByLabel('理由(本人への通知に入ります)').fill('返金の確認が終わるまで');
  await ps.getByRole('button', { name: '確認へ' }).click();
  await ps.getByRole('alertdialog').getByRole('button', { name: '実行する' }).click();
  await expect(ps.getByRole('status')).toHaveText('「ポイントを凍結」を実行しました。');
  // The freeze is on the person: their page says until when, in the status and in the points.
  await ps.getByRole('link', { name: 'この人の全キャラクターを見る' }).click();
  await expect(ps.getByTestId('points-frozen')).toContainText('まで');
  await expect(ps.getByTestId('person-points')).toContainText('まで');
  await expect(ps.getByTestId('person-points')).toContainText('3,000 pt');
  await shot(ps, 'frozen');

  await expect(async () => {
    const gift = await request.put('/api/v1/users/send_coin', {
      headers: auth(b),
      data: { coin: 100, room_id: roomId },
    });
    expect(gift.status()).toBe(403);
    expect((await gift.json()).error).toBe(messages.pointsFrozen);
  }).toPass({ timeout: 10_000 });
  expect(await balanceOf(b)).toBe(3000);
});

/**
 * The points operator API in the console (ADR 0034): from a reported person's page, the admin grants
 * a character points and sets its rank; the user's balance and rank follow, and both are in the audit
 * log under the admin's name. A moderator's page offers the rank but no grant (admins only).
 */
test('an admin grants points and sets a rank from the person view, both audited', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { admin, moderators } = await adminAndModerators(request, 'points-mod');
  const [mod] = moderators;
  const c = await userWithProfile(request, 'cm-c', { user_name: 'ちなつ', gender: 2, age_id: 3, area_id: 13 });
  const d = await userWithProfile(request, 'cm-d', { user_name: 'だいち', gender: 1, age_id: 3, area_id: 13 });
  const reported = await request.put('/api/v1/users/user_report', {
    headers: auth(d),
    data: { user_id: c.userId, report: 'ポイントの付与を確かめるための通報' },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const subject = (await queuedReport(request, admin, 'ポイントの付与を確かめるための通報')).subject_id;

  const page = await consolePage(browser, E2E_SAFETY_ADMIN);
  await page.goto(`/console/people/${subject}`);
  const points = page.getByTestId('person-points');
  await expect(points).toContainText('0 pt');
  await points.getByLabel('付与するポイント').fill('500');
  await points.getByLabel('付与の理由').fill('不具合のお詫び');
  await points.getByRole('button', { name: '付与する' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('500 pt を付与しますか？');
  await page.getByRole('alertdialog').getByRole('button', { name: '付与する' }).click();
  await expect(points.getByRole('status')).toHaveText('500 pt を付与しました(残高 500 pt)。');
  await expect(points).toContainText('付与');
  await points.getByLabel('チャットの上限(pt)').fill('300');
  await points.getByLabel('通話の上限(pt/分)').fill('50');
  await points.getByRole('button', { name: 'ランクを設定する' }).click();
  await expect(points.getByRole('status')).toHaveText('ランクを設定しました(チャット 300 pt・通話 50 pt/分)。');
  await shot(page, 'grant-rank');

  const balance = await (await request.get('/api/v1/points/balance', { headers: auth(c) })).json();
  expect(balance.data.balance).toBe(500);
  const profile = await (await request.get('/api/v1/users/profile', { headers: auth(c) })).json();
  expect(profile.data.rank).toEqual({ max_point_for_chatting: 300, max_point_for_a_call: 50 });
  // The grant's audit entry follows from points' event, written with the transfer: it lands just after.
  await expect(async () => {
    const audit = (await (await request.get(`${api}/audit?limit=50`, { headers: bearer(admin) })).json()).data as {
      action: string;
      actor: string;
      target: string | null;
    }[];
    const mine = audit.filter((e) => e.target === c.userId);
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(['points.grant', 'rank.set']));
    expect(mine.filter((e) => e.action === 'points.grant')).toEqual([
      expect.objectContaining({ actor: expect.stringMatching(/^operator:/) }),
    ]);
  }).toPass({ timeout: 10_000 });

  // A moderator sets ranks but makes no money: no grant form on their page.
  const pm = await consolePage(browser, mod);
  await pm.goto(`/console/people/${subject}`);
  await expect(pm.getByTestId('person-points')).toContainText('500 pt');
  await expect(pm.getByTestId('person-points').getByRole('button', { name: 'ランクを設定する' })).toBeVisible();
  await expect(pm.getByTestId('person-points').getByRole('button', { name: '付与する' })).toHaveCount(0);
});

/**
 * The points operator pages (ADR 0034): a moderator answers an expert request from 専門家申請 (the
 * user's mark follows), reads a credited test purchase in 購入イベント and the 未使用残高 report; each
 * list has its empty state. A triage operator's menu has none of these pages.
 */
test('a moderator answers expert requests and reads purchases and the unused balance; triage sees none', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, moderators } = await adminAndModerators(request, 'experts-mod');
  const [mod] = moderators;
  const e = await userWithProfile(request, 'cm-e', { user_name: 'えいじ', gender: 1, age_id: 3, area_id: 13 });
  expect((await request.post('/api/v1/users/get_approval', { headers: auth(e) })).status()).toBe(200);

  const page = await consolePage(browser, mod);
  await page.getByRole('link', { name: '専門家申請' }).click();
  const row = page.getByTestId('expert-requests').locator(`tr[data-user-id="${e.userId}"]`);
  await expect(row).toContainText('えいじ');
  await shot(page, 'experts');
  await row.getByRole('button', { name: '承認' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('この申請を承認しますか？');
  await page.getByRole('alertdialog').getByRole('button', { name: '承認' }).click();
  await expect(page.getByRole('status')).toHaveText('承認しました。');
  await expect(row).toHaveCount(0);
  const profile = await (await request.get('/api/v1/users/profile', { headers: auth(e) })).json();
  expect(profile.data.is_approval).toBe(1);

  // A test purchase, paid through the provider's signed path, is listed as credited to its buyer.
  const checkout = await request.post('/api/v1/points/checkouts', { headers: auth(e), data: { pack: 'p500' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const paid = await request.post(`/api/v1/points/checkouts/${(await checkout.json()).data.id}/test_payment`, {
    headers: auth(e),
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.getByRole('link', { name: '購入イベント' }).click();
  await expect(page.getByLabel('状態')).toHaveValue('unresolved');
  const purchases = page.getByTestId('purchases');
  // Unresolved first; then the credited ones, with the buyer's id.
  await expect(page.getByText('該当する購入イベントはありません。').or(purchases)).toBeVisible();
  await page.getByLabel('状態').selectOption('credited');
  await expect(purchases.locator('tbody tr', { hasText: e.userId.slice(0, 8) }).first()).toContainText('付与済み');
  await expect(purchases.locator('tbody tr', { hasText: e.userId.slice(0, 8) }).first()).toContainText('p500');
  await shot(page, 'purchases');

  await page.getByRole('link', { name: '未使用残高' }).click();
  const unused = page.getByTestId('unused-report');
  await expect(unused).toContainText('基準日');
  await expect(unused).toContainText(/\d{4}-(03-31|09-30)/);
  await expect(unused).toContainText('10,000,000 円');
  // An earlier base date, counted back from the latest: the report is asked again for it.
  const baseDate = page.getByRole('combobox', { name: '基準日' });
  const older = (await baseDate.locator('option').nth(2).getAttribute('value'))!;
  expect(older).toMatch(/^\d{4}-(03-31|09-30)$/);
  await baseDate.selectOption(older);
  await expect(unused).toContainText(older);
  await shot(page, 'unused');
  // Reading the money reports is audited under the moderator's name.
  const audit = (await (await request.get(`${api}/audit?limit=50`, { headers: bearer(admin) })).json()).data as {
    action: string;
  }[];
  expect(audit.map((x) => x.action)).toEqual(expect.arrayContaining(['points.report.read', 'points.purchases.read']));

  // Triage: none of the points pages in the menu, and the server refuses them all the same.
  const triageWho = {
    email: `experts-triage-${Date.now().toString(36)}@example.jp`,
    password: 'a long triage password',
  };
  const made = await request.post(`${api}/operators`, {
    headers: bearer(admin),
    data: { ...triageWho, role: 'triage' },
  });
  expect(made.status(), await made.text()).toBe(200);
  const triage = await consolePage(browser, { ...triageWho, totp: (await made.json()).data.totp_secret as string });
  const menu = triage.getByRole('navigation', { name: 'コンソールのメニュー' });
  await expect(menu.getByRole('link', { name: 'キュー' })).toBeVisible();
  for (const name of ['専門家申請', '購入イベント', '未使用残高'])
    await expect(menu.getByRole('link', { name })).toHaveCount(0);
  await triage.goto('/console/experts');
  await expect(triage.getByRole('alert')).toBeVisible();
});
