import { expect, test } from '@playwright/test';

import { callableVoice, callPage, overlay, recordedAtLeast, shot } from './calls-helpers.ts';
import { auth, userWithProfile } from './topics-helpers.ts';

test('greeting recorder: with nothing recorded the call goes without a greeting; sending while recording is refused; record, pause, resume, stop, play back, redo; the recording the browser made passes the server check', async ({
  browser,
  request,
}) => {
  const a = await userWithProfile(request, 'greet-a', { user_name: 'あおい', gender: 2, age_id: 3, area_id: 13 });
  const b = await userWithProfile(request, 'greet-b', { user_name: 'ひかる', gender: 1, age_id: 2, area_id: 13 });
  await callableVoice(request, b, '夜に話せる人', [a]);

  const pa = await callPage(browser, a);
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: '夜に話せる人' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  await pa.getByRole('option', { name: 'ニックネームで話す' }).click();

  const recorder = pa.getByRole('dialog', { name: 'あいさつメッセージ' });
  await expect(recorder).toBeVisible();
  await shot(pa, '00-recorder-empty');
  // Nothing recorded: the call goes without a greeting (walk #15); A gives up while it rings.
  await recorder.getByRole('button', { name: 'あいさつなしで発信する' }).click();
  await expect(overlay(pa).getByText('呼び出し中…').first()).toBeVisible({ timeout: 30_000 });
  await overlay(pa).getByRole('button', { name: 'キャンセル' }).click();
  await expect(overlay(pa)).toBeHidden({ timeout: 15_000 });
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: '夜に話せる人' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  await pa.getByRole('option', { name: 'ニックネームで話す' }).click();
  await expect(recorder).toBeVisible();

  await recorder.getByRole('button', { name: '録音する' }).click();
  await expect(recorder.getByText('録音中')).toBeVisible();
  await recordedAtLeast(recorder, 1);
  await shot(pa, '01-recorder-recording');
  // Sending while the recording still runs: the spec's words, shown only now.
  await recorder.getByRole('button', { name: '相手に送る' }).click();
  await expect(pa.getByText('録画を終了しなければします。')).toBeVisible();
  await pa.getByRole('button', { name: 'OK' }).click();
  await recorder.getByRole('button', { name: '一時停止' }).click();
  await expect(recorder.getByText('一時停止中')).toBeVisible();
  // Paused time does not count.
  const paused = await recorder.locator('.cl-elapsed').textContent();
  await pa.waitForTimeout(1200);
  await expect(recorder.locator('.cl-elapsed')).toHaveText(paused ?? '');
  await shot(pa, '02-recorder-paused');
  await recorder.getByRole('button', { name: '再開' }).click();
  await recordedAtLeast(recorder, 2);
  await recorder.getByRole('button', { name: '録音を終了' }).click();
  await expect(recorder.getByRole('button', { name: '再生' })).toBeVisible();
  await recorder.getByRole('button', { name: '再生' }).click();
  await expect(recorder.getByRole('button', { name: '停止' })).toBeVisible();
  await shot(pa, '03-recorder-recorded');
  await expect(recorder.getByRole('button', { name: '再生' })).toBeVisible({ timeout: 10_000 });

  // Redo goes back to an empty recorder; a second take is sent.
  await recorder.getByRole('button', { name: '録り直す' }).click();
  await expect(recorder.getByRole('button', { name: '録音する' })).toBeVisible();
  await recorder.getByRole('button', { name: '録音する' }).click();
  await recordedAtLeast(recorder, 2);
  await recorder.getByRole('button', { name: '録音を終了' }).click();
  const uploaded = pa.waitForResponse(
    (r) => r.url().endsWith('/api/v1/users/audio_record') && r.request().method() === 'PUT',
  );
  await recorder.getByRole('button', { name: '相手に送る' }).click();
  const res = await uploaded;
  expect(res.status(), await res.text()).toBe(200);
  const saved = (await res.json()).data as { mime_type: string; duration_ms: number };
  expect(saved.mime_type).toBe('audio/webm');
  // The server read the length from the WebM's own timestamps: about the 2 s recorded.
  expect(saved.duration_ms).toBeGreaterThan(1500);
  expect(saved.duration_ms).toBeLessThan(4000);
  const mine = await request.get('/api/v1/users/audio_record', { headers: auth(a) });
  expect((await mine.json()).data.duration_ms).toBe(saved.duration_ms);
});
