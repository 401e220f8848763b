import { expect, test, type Page } from '@playwright/test';

import { FAKE_TONE_HZ } from '../support/fake-audio.ts';

import {
  callableVoice,
  callPage,
  dominantFrequency,
  expectHearing,
  inboundAudio,
  overlay,
  recordedAtLeast,
  setVoice,
  shot,
} from './calls-helpers.ts';
import { auth, userWithProfile } from './topics-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';

/** Opens `title`'s voice detail and starts a call under the user's own name. */
async function callVoice(page: Page, title: string) {
  await page.goto('/');
  await page.locator('.tp-row', { hasText: title }).getByRole('button').first().click();
  await page.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  await page.getByRole('option', { name: 'ニックネームで話す' }).click();
  await expect(page.getByRole('dialog', { name: 'あいさつメッセージ' })).toBeVisible();
}

/** In the recorder: a fresh 2 s greeting (or the saved one), then 'send to partner'. */
async function sendGreeting(page: Page, record: boolean) {
  const recorder = page.getByRole('dialog', { name: 'あいさつメッセージ' });
  if (record) {
    await recorder.getByRole('button', { name: '録音する' }).click();
    await recordedAtLeast(recorder, 2);
    await recorder.getByRole('button', { name: '録音を終了' }).click();
  }
  await expect(recorder.getByRole('button', { name: '再生' })).toBeVisible();
  await recorder.getByRole('button', { name: '相手に送る' }).click();
}

const talking = (page: Page) => expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });

test(`a voice call over ${transport}: ring with the greeting, answer, audio both ways, mute, busy third caller, hang up with the record in the chat, refusal, a block that never rings, and the voice changer's pitch`, async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const a = await userWithProfile(request, `call-a-${transport}`, {
    user_name: 'あおい',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const b = await userWithProfile(request, `call-b-${transport}`, {
    user_name: 'ひかる',
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  const c = await userWithProfile(request, `call-c-${transport}`, {
    user_name: 'そら',
    gender: 3,
    age_id: 4,
    area_id: 13,
  });
  await callableVoice(request, b, 'ひかるの夜話', [a]);
  await callableVoice(request, a, 'あおいの相談室', [c]);
  // A's voice untouched for the first call: the partner should hear the 440 Hz tone as it is.
  await setVoice(request, a, [50, 50, 0]);

  const pb = await callPage(browser, b);
  await pb.goto('/friendlist');
  const pa = await callPage(browser, a);

  // The greeting plays for its two seconds only: B's page itself notes every status line the
  // overlay shows, so a busy machine polling late cannot miss the announcement.
  await pb.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statuses: string[] }).__statuses = seen;
    new MutationObserver(() => {
      for (const e of document.querySelectorAll('.cl-layer .cl-status'))
        if (e.textContent && !seen.includes(e.textContent)) seen.push(e.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  // A calls B from B's voice; the recorder takes a greeting first.
  await callVoice(pa, 'ひかるの夜話');
  const placed = pa.waitForRequest((r) => /\/api\/v1\/rooms\/[^/]+\/calling$/.test(r.url()) && r.method() === 'POST');
  await sendGreeting(pa, true);
  const roomId = new URL((await placed).url()).pathname.split('/')[4]!;
  await expect(overlay(pa).getByText('呼び出し中…').first()).toBeVisible();
  await shot(pa, '10-calling');

  // B's overlay rings over the page B is on, and plays A's greeting.
  const ring = overlay(pb);
  await expect(ring.getByText('あおいさんから着信があります')).toBeVisible();
  await expect
    .poll(() => pb.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses))
    .toContain('メッセージを再生しています。');
  await expect(ring.getByText('通話料金')).toBeVisible();
  await shot(pb, '11-incoming');

  // B answers: both sides reach the talk view with the talk time running.
  await ring.getByRole('button', { name: 'トークを開始' }).click();
  await talking(pa);
  await talking(pb);
  await shot(pa, '12-talking-caller');
  await shot(pb, '13-talking-callee');

  // Audio flows both ways: inbound bytes and level grow on both sides for 3 s.
  await expectHearing(pb, 3);
  await expectHearing(pa, 3);
  const neutralHz = await dominantFrequency(pb);
  expect(Math.abs(neutralHz - FAKE_TONE_HZ)).toBeLessThan(25);

  // C calls A during the call and hears that A is busy; A's call goes on.
  const pc = await callPage(browser, c);
  await callVoice(pc, 'あおいの相談室');
  await sendGreeting(pc, true);
  await expect(overlay(pc).getByText('相手が話中です。').first()).toBeVisible({ timeout: 15_000 });
  await shot(pc, '14-busy');
  await expect(overlay(pc)).toBeHidden({ timeout: 10_000 });
  await expect(pa.getByRole('timer', { name: '通話時間' })).toBeVisible();

  // A mutes: what B receives falls to silence, while packets keep coming.
  await overlay(pa).getByRole('button', { name: 'ミュート' }).click();
  await expect(overlay(pa).getByRole('button', { name: 'ミュート解除' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await inboundAudio(pb)).level, { timeout: 15_000 }).toBeLessThan(0.003);
  await shot(pa, '15-muted');

  // The speaker button says what the web cannot do.
  await overlay(pa).getByRole('button', { name: 'スピーカー' }).click();
  await expect(pa.getByText('この機能はWeb版ではご利用いただけません。')).toBeVisible();
  await pa.getByRole('button', { name: 'OK' }).click();

  // Minimised, the bar stays over every page and brings the talk view back.
  await overlay(pa).getByRole('button', { name: '小さくする' }).click();
  const bar = pa.getByRole('button', { name: /タップしてトーク画面に戻る/ });
  await expect(bar).toBeVisible();
  // The voice detail A called from is still open under the bar: close it, then change page.
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '閉じる' }).click();
  await expect(pa.getByRole('dialog', { name: '声の詳細' })).toBeHidden();
  await pa.getByRole('link', { name: /マイページ/ }).click();
  await expect(pa).toHaveURL(/\/mypage$/);
  await expect(bar).toBeVisible();
  // The page starts below the bar: its header is not covered (walk #39).
  const barBox = (await bar.boundingBox())!;
  const titleBox = (await pa.getByRole('heading', { name: 'マイページ' }).boundingBox())!;
  expect(titleBox.y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
  await shot(pa, '16-minimised');
  await bar.click();

  // A hangs up: both overlays close, B is told A cut the line (spec §8 '切断されました。' + 11), and
  // the chat shows the call with its talk time.
  await overlay(pa).getByRole('button', { name: 'トークを終了' }).click();
  await expect(overlay(pa)).toBeHidden();
  await expect(overlay(pb)).toBeHidden({ timeout: 15_000 });
  // Said in passing, not as an error to dismiss (walk #12).
  await expect(pb.getByTestId('call-note')).toHaveText('切断されました。11');
  await expect(pb.getByRole('alertdialog')).toHaveCount(0);
  // The record of a call B took is no news: no arrival banner for it (walk #9, #14).
  await expect(pb.getByTestId('arrival-banner')).toHaveCount(0);
  await shot(pb, '16a-partner-hung-up');
  await expect(pb.getByTestId('call-note')).toBeHidden({ timeout: 10_000 });
  await expect(pa.getByText(/切断されました。/)).toHaveCount(0);
  await pa.goto(`/chat/${roomId}`);
  // The record says when the call was, as every message does (walk #37).
  const record = pa.getByTestId('chat-system').filter({ hasText: /^通話しました \d+:\d\d\s*\d{1,2}:\d\d$/ });
  await expect(record).toBeVisible();
  await expect(record.locator('time')).toHaveText(/^\d{1,2}:\d\d$/);
  await shot(pa, '16b-chat-record');

  // B refuses the next call: A sees the refusal.
  await callVoice(pa, 'ひかるの夜話');
  await sendGreeting(pa, false);
  await overlay(pb).getByRole('button', { name: '切る' }).click();
  await expect(overlay(pa).getByText('通話が拒否されました。').first()).toBeVisible();
  await shot(pa, '17-refused');
  await expect(overlay(pa)).toBeHidden({ timeout: 10_000 });

  // The voice changer: A's pitch one octave down; B now hears about half the tone's frequency.
  await setVoice(request, a, [0, 50, 0]);
  await callVoice(pa, 'ひかるの夜話');
  await sendGreeting(pa, false);
  await overlay(pb).getByRole('button', { name: 'トークを開始' }).click();
  await talking(pb);
  await expectHearing(pb, 1);
  const changedHz = await dominantFrequency(pb);
  expect(Math.abs(changedHz - FAKE_TONE_HZ / 2)).toBeLessThan(25);
  expect(neutralHz - changedHz).toBeGreaterThan(150);
  await overlay(pb).getByRole('button', { name: 'トークを終了' }).click();
  await expect(overlay(pa)).toBeHidden({ timeout: 15_000 });
  await expect(pa.getByTestId('call-note')).toHaveText('切断されました。11');

  // B blocks A: A's call is refused at once and B's overlay never rings.
  expect((await request.post('/api/v1/users/block', { headers: auth(b), data: { id: a.userId } })).status()).toBe(200);
  const rang = pb
    .getByText('あおいさんから着信があります')
    .waitFor({ timeout: 8000 })
    .then(
      () => true,
      () => false,
    );
  // From the chat room with B (the voice list no longer shows a blocker's voices).
  await pa.goto(`/chat/${roomId}`);
  await pa.getByRole('button', { name: '通話', exact: true }).click();
  await pa.getByRole('dialog', { name: 'あいさつメッセージ' }).getByRole('button', { name: '相手に送る' }).click();
  await expect(pa.getByText('通話できません。').first()).toBeVisible();
  expect(await rang).toBe(false);
});
