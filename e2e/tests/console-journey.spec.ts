import { messages } from '@honne/contracts';
import { expect, test } from '@playwright/test';

import { E2E_SAFETY_ADMIN } from '../playwright.config.ts';
import { advanceClock } from '../support/api.ts';
import { login, PASSWORD } from './accounts-support.ts';
import {
  adminAndModerators,
  api,
  bearer,
  consolePage,
  consoleShot as shot,
  hideReportedVoice,
} from './console-support.ts';
import { auth, openRoom, postVoice, signedInPage, userWithProfile } from './topics-helpers.ts';

/**
 * Issue 27's three-person journey, as far as the servers go today: B reports A's message in an
 * anonymous room; a moderator signs in to the console with password and TOTP, finds the report at
 * the head of the queue, opens the frozen evidence (audited), and suspends A after confirming; A's
 * open page is signed out and A cannot sign in, but reads the notice and appeals on the restricted
 * page; a second moderator reads the person view and reverses it from the appeal inbox.
 */

test('a report reaches the console, the moderator suspends the person, and a second moderator reverses it on appeal', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const {
    admin,
    moderators: [first, second],
  } = await adminAndModerators(request, 'mod-one', 'mod-two');
  // Reports other journeys of this run left open are closed first: this report must be the head.
  for (const r of (await (await request.get(`${api}/queue?limit=200`, { headers: bearer(admin) })).json()).data as {
    id: string;
    subject_id: string;
  }[]) {
    const res = await request.post(`${api}/subjects/${r.subject_id}/actions/dismiss`, {
      headers: bearer(admin),
      data: { reason: 'e2e: 前の通報を片付ける', report_id: r.id },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  // A posts a voice; B talks to A anonymously; A writes something B reports.
  const a = await userWithProfile(request, 'cj-a', { user_name: 'あさひ', gender: 1, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'cj-b', { user_name: 'ぶんた', gender: 2, age_id: 3, area_id: 13 });
  const voice = await postVoice(request, a, { title: '夜に話しませんか' }, [b]);
  const roomId = await openRoom(request, b, voice.id, true);
  // A's messages vanish after 5 minutes (the sender's choice); the setting reaches chat over the bus.
  const keep = await request.put('/api/v1/users/setting', { headers: auth(a), data: { saved_message_time: 5 } });
  expect(keep.status(), await keep.text()).toBe(200);
  await expect
    .poll(async () => {
      const hello = (
        await (
          await request.post('/api/v1/messages', {
            headers: auth(a),
            data: { room_id: roomId, message_type_id: 1, data: 'こんばんは' },
          })
        ).json()
      ).data as { expire_at: string; created_at: string };
      return Date.parse(hello.expire_at) - Date.parse(hello.created_at);
    })
    .toBe(5 * 60_000);
  const threat = 'おまえの秘密を全部ばらしてやるからな';
  const sent = await request.post('/api/v1/messages', {
    headers: { Authorization: `Bearer ${a.token}` },
    data: { room_id: roomId, message_type_id: 1, data: threat },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // A has the app open (its socket and session live) on another screen.
  const pa = await signedInPage(browser, a);
  await pa.goto('/mypage');
  await expect(pa).toHaveURL(/\/mypage$/);

  // B reports A from the room.
  const pb = await signedInPage(browser, b);
  await pb.goto(`/chat/${roomId}`);
  await expect(pb.getByTestId('chat-message').getByText(threat)).toBeVisible();
  await pb.getByRole('button', { name: 'メニュー' }).click();
  await pb.getByRole('button', { name: '通報する' }).click();
  await pb.getByLabel('通報内容').fill('脅すようなことを言われました');
  await pb.getByRole('button', { name: '通報する' }).click();
  await expect(pb.getByText('通報を受け付けました。')).toBeVisible();

  // The first moderator signs in and finds the report at the head of the queue (filed a moment ago).
  const pm = await consolePage(browser, first);
  const head = pm.getByTestId('queue').locator('tbody tr').first();
  await expect(async () => {
    await pm.reload();
    await expect(head).toContainText('脅すようなことを言われました', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(head).toContainText('ルーム通報');
  const reportId = await head.getAttribute('data-report-id');
  await head.getByRole('button', { name: '自分に割り当て' }).click();
  await expect(head).toContainText('自分');
  await shot(pm, 'queue');

  // The message expires for both on its timer: gone from B's open room and from both people's reads.
  // The report froze it first (it is in the queue), so the evidence below still holds it.
  await advanceClock(6 * 60_000);
  try {
    await expect(pb.getByTestId('chat-message').getByText(threat)).toHaveCount(0);
    for (const who of [a, b]) {
      const read = (await (await request.get(`/api/v1/rooms/${roomId}/messages`, { headers: auth(who) })).json())
        .data as { data: string }[];
      expect(read.some((m) => m.data === threat)).toBe(false);
    }
  } finally {
    // The same server runs the other journeys (and checks the operators' TOTP codes): real time back.
    await advanceClock(-6 * 60_000);
  }

  // The subject page, reached by keyboard from the row's link.
  await head.getByRole('link').focus();
  await pm.keyboard.press('Enter');
  await expect(pm).toHaveURL(/\/console\/subjects\/[0-9a-f-]+\?report=/);
  await expect(pm.getByRole('heading', { name: /対象: キャラクター/ })).toBeVisible();
  const subjectUrl = pm.url();

  // The frozen evidence holds A's message, marked as audited, and the read is in the audit log.
  await pm.getByRole('button', { name: '凍結された証拠を開く' }).click();
  const evidence = pm.getByTestId('evidence');
  await expect(evidence).toContainText('この閲覧は監査ログに記録されました。');
  await expect(evidence).toContainText(threat);
  // The room's calls and points moved, frozen with it: none here.
  await expect(evidence.getByText('なし', { exact: true })).toHaveCount(2);
  const audit = (await (await request.get(`${api}/audit?limit=50`, { headers: bearer(admin) })).json()).data as {
    action: string;
    target: string;
    actor: string;
  }[];
  expect(audit.some((e) => e.action === 'evidence.read' && e.target === reportId)).toBe(true);
  await shot(pm, 'subject');

  // Suspend A for three days, after the confirmation.
  await pm.getByRole('combobox', { name: '対応', exact: true }).selectOption('suspend');
  await pm.getByLabel('期間', { exact: true }).fill('3');
  await pm.getByRole('combobox', { name: '期間の単位' }).selectOption('days');
  await pm.getByLabel('理由(本人への通知に入ります)').fill('ほかの利用者への脅迫');
  await pm.getByLabel('規約の項目').fill('第8条 禁止事項');
  await pm.getByRole('button', { name: '確認へ' }).click();
  const confirm = pm.getByRole('alertdialog');
  await expect(confirm).toContainText('「利用停止」を実行します');
  await confirm.getByRole('button', { name: '実行する' }).click();
  await expect(pm.getByText('「利用停止」を実行しました。')).toBeVisible();
  await expect(pm.getByTestId('reports')).toContainText('対応済み');

  // A's open page loses its session (socket closed, signed out), and A cannot sign in again.
  await expect(pa).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(pa.getByRole('alertdialog')).toContainText(messages.forcedLogout);
  await pa.getByRole('alertdialog').getByRole('button', { name: 'OK' }).first().click();
  // A tries again in a fresh browser (the page above keeps restoring its old session on each load).
  const a2 = await (await browser.newContext()).newPage();
  await login(a2, a.email, PASSWORD);
  // The refusal hands A a notice token: the restricted page says why and until when, and takes the
  // appeal while the suspension lasts. The token reads nothing else.
  await expect(a2).toHaveURL(/\/restricted$/);
  await expect(a2.getByRole('main').getByRole('alert')).toContainText(messages.accountRestricted);
  const notice = a2.getByRole('region', { name: 'アカウントの一時停止' });
  await expect(notice).toContainText('アカウントを停止しました');
  await expect(notice).toContainText('ほかの利用者への脅迫');
  await expect(notice).toContainText('期限:');
  const noticeToken = await a2.evaluate(() => localStorage.getItem('notice_token'));
  const withNoticeToken = await request.get('/api/v1/points/balance', {
    headers: { Authorization: `Bearer ${noticeToken}` },
  });
  expect(withNoticeToken.status()).toBe(403);
  expect((await withNoticeToken.json()).code).toBe('account_restricted');
  await notice.getByRole('button', { name: '異議を申し立てる' }).click();
  await notice.getByLabel('異議申し立ての内容').fill('冗談のつもりでした。脅すつもりはありませんでした。');
  await notice.getByRole('button', { name: '送信する' }).click();
  await expect(notice).toContainText('異議申し立てを受け付けました。');
  await a2.screenshot({ path: 'artifacts/screens/console-app-restricted.png' });

  // A's voices disappear for others while the suspension lasts: B reads it as a voice that is gone.
  const voiceAsB = () => request.get(`/api/v1/topics/${voice.id}`, { headers: { Authorization: `Bearer ${b.token}` } });
  await expect(async () => {
    const gone = await voiceAsB();
    expect(gone.status()).toBe(404);
    expect((await gone.json()).error).toBe(messages.voiceGone);
  }).toPass({ timeout: 10_000 });

  // A second moderator reads the person view across the characters: suspended, and why.
  const pm2 = await consolePage(browser, second);
  await pm2.goto(subjectUrl);
  await pm2.getByRole('link', { name: 'この人の全キャラクターを見る' }).click();
  await expect(pm2.getByRole('heading', { name: /本人/ })).toBeVisible();
  await expect(pm2.getByTestId('status')).toContainText('まで');
  await expect(pm2.getByTestId('history')).toContainText('ほかの利用者への脅迫');

  // The second moderator finds the appeal in the inbox and approves it (a lift answering the appeal).
  await pm2.getByRole('link', { name: '異議申し立て' }).click();
  const appeal = pm2.getByTestId('appeals').locator('tbody tr').filter({ hasText: '冗談のつもりでした' });
  await expect(async () => {
    await pm2.reload();
    await expect(appeal).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await shot(pm2, 'appeals');
  await appeal.getByRole('button', { name: '承認して処分を取り消す' }).click();
  await pm2.getByRole('alertdialog').getByRole('button', { name: '承認して処分を取り消す' }).click();
  await expect(pm2.getByText('処分を取り消しました。')).toBeVisible();
  await expect(pm2.getByText('未対応の異議申し立てはありません。')).toBeVisible();

  // A can sign in again, and the next screen brings the lift's notice (the suspension's was read
  // on the restricted page and does not come back).
  await login(a2, a.email, PASSWORD);
  await expect(a2.getByRole('dialog')).toContainText('制限の解除', { timeout: 15_000 });
  await a2.getByTestId('moderation-notice').getByRole('button', { name: '閉じる' }).click();
  await a2.goto('/mypage');
  await expect(a2).toHaveURL(/\/mypage$/);

  // Lifted, A's voice is back for B.
  expect((await voiceAsB()).status()).toBe(200);

  // B, the reporter, reads the outcome note on the next screen they open: action was taken, never which.
  await pb.goto('/mypage');
  await expect(pb.getByText('ご報告ありがとうございました。確認のうえ対応しました。')).toBeVisible();
  await expect(pb.getByText('利用停止')).toHaveCount(0);

  // The statistics count the day's reports and their first actions.
  await pm2.getByRole('link', { name: '統計' }).click();
  await expect(pm2.getByTestId('stats')).toContainText('24時間の受付');
  await shot(pm2, 'stats');
});

test('an admin adds a moderator, makes and revokes a scoped API key, and reads the audit log', async ({
  browser,
  request,
}) => {
  const page = await consolePage(browser, E2E_SAFETY_ADMIN);
  await page.getByRole('link', { name: '運営者とAPIキー' }).click();
  const email = `mod-new-${Date.now().toString(36)}@example.jp`;
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('初期パスワード(12文字以上)').fill('a long moderator password');
  await page.getByRole('combobox', { name: '役割' }).selectOption('moderator');
  await page.getByLabel('初期パスワード(12文字以上)').press('Enter');
  await expect(page.getByText('一度だけ表示します')).toBeVisible();
  const secret = (await page.locator('.cn-secret').first().textContent())!.trim();
  await expect(page.getByTestId('operators')).toContainText(email);
  // The new moderator's secret works: they sign in (and see no admin screens).
  const added = await consolePage(browser, { email, password: 'a long moderator password', totp: secret });
  await expect(added.getByRole('link', { name: '監査ログ' })).toHaveCount(0);

  await page.getByLabel('名前').fill('決済連携');
  await page.getByLabel('キューを見る').check();
  await page.getByRole('button', { name: 'APIキーを作成' }).click();
  await expect(page.getByText('このキーは一度だけ表示します。')).toBeVisible();
  const key = (await page.locator('.cn-secret').last().textContent())!.trim();
  expect((await request.get(`${api}/stats`, { headers: bearer(key) })).status()).toBe(200);
  const row = page.getByTestId('api-keys').locator('tbody tr').filter({ hasText: '決済連携' }).last();
  await row.getByRole('button', { name: '失効させる' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '失効させる' }).click();
  // Revoked once its button is gone (the button's own words contain 失効, so the text alone is no sign).
  await expect(row.getByRole('button', { name: '失効させる' })).toHaveCount(0);
  await expect(row).toContainText('失効');
  expect((await request.get(`${api}/stats`, { headers: bearer(key) })).status()).toBe(401);

  await page.getByRole('link', { name: '監査ログ' }).click();
  await expect(page.getByTestId('audit')).toContainText('api_key.revoke');
  await expect(page.getByTestId('audit')).toContainText('operator.create');
  await shot(page, 'audit');
});

test('a moderator adds a word to the filter in the console, tries a text against it, and removes it', async ({
  browser,
  request,
}) => {
  const [mod] = (await adminAndModerators(request, 'mod-filter')).moderators;
  const page = await consolePage(browser, mod);
  await page.getByRole('link', { name: 'フィルター' }).click();
  await expect(page.getByRole('heading', { name: 'フィルター(禁止語・許可語)' })).toBeVisible();

  // A word of this run's own, so other journeys' texts never meet it.
  const word = `ぬめぬめ${Date.now().toString(36).replace(/\d/g, '')}`;
  await page.getByLabel('試す文章').fill(`それは${word}だね`);
  await page.getByRole('button', { name: '試す' }).click();
  await expect(page.getByTestId('filter-try')).toContainText('通過(何もしない)');

  await page.getByLabel('語・正規表現').fill(word);
  await page.getByRole('combobox', { name: '動作' }).selectOption('mask');
  await page.getByLabel('メモ').fill('e2e');
  await page.getByLabel('メモ').press('Enter');
  await expect(page.getByText(`「${word}」を追加しました。`)).toBeVisible();
  await expect(page.getByTestId('filter-entries')).toContainText(word);

  // Written with evasions (half-width katakana of it), the try box shows the match and the masking.
  const evaded = `それは${word.replace('ぬめぬめ', 'ﾇﾒﾇﾒ')}だね`;
  await page.getByLabel('試す文章').fill(evaded);
  await page.getByRole('button', { name: '試す' }).click();
  await expect(page.getByTestId('filter-try')).toContainText('結果: 伏せ字');
  await expect(page.getByTestId('filter-try')).toContainText(`「${word}」に一致`);
  await shot(page, 'filters');

  const row = page.getByTestId('filter-entries').locator('tbody tr').filter({ hasText: word });
  await row.getByRole('button', { name: '削除' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '削除' }).click();
  await expect(page.getByTestId('filter-entries')).not.toContainText(word);
});

test("a moderator reads the system page: the SLOs and the app's instance as the journeys' Prometheus sees them (issue 29)", async ({
  browser,
  request,
}) => {
  const [mod] = (await adminAndModerators(request, 'mod-system')).moderators;
  const page = await consolePage(browser, mod);
  await page.getByRole('link', { name: 'システム' }).click();
  await expect(page.getByRole('heading', { name: 'システム', exact: true })).toBeVisible();
  const slos = page.getByTestId('slos');
  await expect(slos.locator('tbody tr')).toHaveCount(5);
  await expect(slos).toContainText('メッセージ配信(p99、5分)');
  await expect(slos).toContainText('150 ms 以内');
  // Prometheus scrapes the app's metrics port every 2 s: the instance shows up as running.
  const instance = page.getByTestId('instances').locator('tbody tr').filter({ hasText: 'honne' });
  await expect(async () => {
    await page.getByRole('button', { name: '更新' }).click();
    await expect(instance).toContainText('稼働', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await shot(page, 'system');
});

/**
 * An appeal against a hidden voice (issue 27): B reports A's voice, a moderator hides it, A appeals
 * the notice; the appeal inbox sends the moderator to the voice's page, where 「ボイスを再表示」
 * answers the appeal; the history shows it and B reads the voice again.
 */
test('an appeal against a hidden voice is granted from the voice’s page and the voice is back for others', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { admin, moderators } = await adminAndModerators(request, 'voice-appeal');
  const [mod] = moderators;
  const a = await userWithProfile(request, 'cv-a', { user_name: 'あおい', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'cv-b', { user_name: 'びわ', gender: 1, age_id: 3, area_id: 13 });
  const voice = await postVoice(request, a, { title: '誤解されそうな相談' }, [b]);
  const voiceAsB = () => request.get(`/api/v1/topics/${voice.id}`, { headers: auth(b) });
  const content = `ボイスの通報 ${voice.id.slice(0, 8)}`;
  const reported = await request.post(`/api/v1/topics/${voice.id}/report`, { headers: auth(b), data: { content } });
  expect(reported.status(), await reported.text()).toBe(200);
  await hideReportedVoice(request, admin, content);
  await expect.poll(async () => (await voiceAsB()).status(), { timeout: 10_000 }).toBe(404);

  // A appeals the notice from the app's API.
  const notices = (await (await request.get('/api/v1/safety/notices', { headers: auth(a) })).json()).data as {
    id: string;
    action: string;
  }[];
  const notice = notices.find((n) => n.action === 'hide_voice')!;
  const appeal = await request.post(`/api/v1/safety/notices/${notice.id}/appeal`, {
    headers: auth(a),
    data: { content: '相談の内容を読めば誤解だとわかるはずです。' },
  });
  expect(appeal.status(), await appeal.text()).toBe(200);

  // The inbox sends the moderator to the voice; the action there is already 「ボイスを再表示」 for this appeal.
  const page = await consolePage(browser, mod);
  await page.getByRole('link', { name: '異議申し立て' }).click();
  const row = page
    .getByTestId('appeals')
    .locator('tbody tr', { hasText: '相談の内容を読めば誤解だとわかるはずです。' });
  await expect(row).toContainText('ボイスの非表示への異議');
  await expect(row.getByRole('button')).toHaveCount(0);
  await row.getByRole('link', { name: 'ボイスのページで判断する' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ボイス');
  await expect(page.getByTestId('subject-appeals')).toContainText('相談の内容を読めば誤解だとわかるはずです。');
  await expect(page.getByLabel('対応', { exact: true })).toHaveValue('restore_voice');
  await page.getByLabel('理由(本人への通知に入ります)').fill('異議を認めました');
  await page.getByRole('button', { name: '確認へ' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: '実行する' }).click();
  await expect(page.getByRole('status')).toHaveText('「ボイスを再表示」を実行しました。');
  await expect(page.getByTestId('subject-appeals')).toHaveCount(0);
  await shot(page, 'voice-restored');

  // B reads the voice again; the appeal is no longer waiting.
  await expect.poll(async () => (await voiceAsB()).status(), { timeout: 10_000 }).toBe(200);
  await page.getByRole('link', { name: '異議申し立て' }).click();
  await expect(page.getByText('相談の内容を読めば誤解だとわかるはずです。')).toHaveCount(0);
});
