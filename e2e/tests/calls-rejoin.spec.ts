import { expect, test, type Page } from '@playwright/test';

import { callableVoice, callPage, expectHearing, overlay, shot } from './calls-helpers.ts';
import { userWithProfile } from './topics-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';
const talking = (page: Page) => expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });

test(`an anonymous call over ${transport}: the partner's comment line, the start prompt only for the start tone, and a reload on either side rejoins the audio`, async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await userWithProfile(request, `rejoin-a-${transport}`, {
    user_name: 'あおい',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const b = await userWithProfile(request, `rejoin-b-${transport}`, {
    user_name: 'ひかる',
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  await callableVoice(request, b, 'ひかるの深夜ラジオ', [a], { comment: '眠れない夜に、ゆっくり話しましょう。' });

  const pb = await callPage(browser, b);
  await pb.goto('/friendlist');
  const pa = await callPage(browser, a);
  // Walk #42: ending the anonymous call logged an uncaught 'Cannot close a closed AudioContext'.
  const pageErrors: string[] = [];
  for (const page of [pa, pb]) page.on('pageerror', (e) => pageErrors.push(String(e)));

  // A calls B's voice anonymously.
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: 'ひかるの深夜ラジオ' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  // An anonymous call has no greeting (ADR 0021): no recorder, the call is placed at once.
  await pa.getByRole('option', { name: '匿名で話す' }).click();
  await expect(pa.getByRole('dialog', { name: 'あいさつメッセージ' })).toHaveCount(0);
  await overlay(pb).getByRole('button', { name: 'トークを開始' }).click();
  await talking(pa);
  await talking(pb);

  // The talk view's comment line: the voice's comment, shown to the one who called the voice.
  await expect(overlay(pa).getByText('眠れない夜に、ゆっくり話しましょう。')).toBeVisible();
  // Spec §4: the anonymous start prompt is on with the 7 s start tone, then goes.
  await expect(overlay(pa).getByText('通話を開始してください。')).toBeVisible();
  await expect(overlay(pb).getByText('通話を開始してください。')).toBeVisible();
  // The anonymous caller has the lists' person figure on B's talk view, not an empty circle (walk #38).
  await expect(overlay(pb).locator('.cl-anon-avatar svg')).toBeVisible();
  await shot(pa, '40-anonymous-start');
  await shot(pb, '40b-anonymous-avatar');
  await expect(overlay(pa).getByText('通話を開始してください。')).toBeHidden({ timeout: 9000 });
  await expect(overlay(pb).getByText('通話を開始してください。')).toBeHidden({ timeout: 2000 });
  await expect(pa.getByRole('timer', { name: '通話時間' })).toBeVisible();
  await shot(pa, '41-talking-after-prompt');
  await expectHearing(pa, 1);
  await expectHearing(pb, 1);

  // B (the callee) reloads mid-call: the talk view comes back and audio flows both ways again.
  await pb.reload();
  await talking(pb);
  await expectHearing(pb, 2);
  await expectHearing(pa, 2);
  // The start prompt (and tone) belong to the start of the call, not to a restored one.
  await expect(overlay(pb).getByText('通話を開始してください。')).toHaveCount(0);
  await shot(pb, '42-rejoined-callee');

  // Then A (the caller, who offers peer to peer) reloads.
  await pa.reload();
  await talking(pa);
  await expectHearing(pa, 2);
  await expectHearing(pb, 2);

  // Still one call, and the talk time ran on through the reloads.
  const elapsed = (await pa.getByRole('timer', { name: '通話時間' }).textContent()) ?? '';
  expect(elapsed).toMatch(/^\d+:\d\d$/);
  const [m, s] = elapsed.split(':').map(Number) as [number, number];
  expect(m * 60 + s).toBeGreaterThanOrEqual(8);

  await overlay(pa).getByRole('button', { name: 'トークを終了' }).click();
  await expect(overlay(pb)).toBeHidden({ timeout: 15_000 });
  await expect(pb.getByTestId('call-note')).toHaveText('切断されました。11');
  expect(pageErrors.filter((e) => /AudioContext|InvalidStateError/.test(e))).toEqual([]);
});
