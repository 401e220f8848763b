import { expect, test, type Page } from '@playwright/test';

import { callableVoice, callPage, overlay, shot } from './calls-helpers.ts';
import { userWithProfile } from './topics-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';
const talking = (page: Page) => expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });

// Issue 27: B reports A from inside an anonymous call — the call ends on both screens and B's room
// shows the partner blocked (the room's own block, ADR 0020).
test(`an in-call report over ${transport}: reason, confirmation, the call ends for both and the room is blocked`, async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const a = await userWithProfile(request, `report-a-${transport}`, {
    user_name: 'あおい',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const b = await userWithProfile(request, `report-b-${transport}`, {
    user_name: 'ひかる',
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  await callableVoice(request, b, 'ひかるの通報テスト', [a]);

  const pb = await callPage(browser, b);
  await pb.goto('/friendlist');
  const pa = await callPage(browser, a);

  // A calls B's voice anonymously (no greeting: the call is placed at once).
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: 'ひかるの通報テスト' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  const placed = pa.waitForRequest((r) => /\/api\/v1\/rooms\/[^/]+\/calling$/.test(r.url()) && r.method() === 'POST');
  await pa.getByRole('option', { name: '匿名で話す' }).click();
  const roomId = new URL((await placed).url()).pathname.split('/')[4]!;
  await overlay(pb).getByRole('button', { name: 'トークを開始' }).click();
  await talking(pa);
  await talking(pb);

  // B: 通報する in the talk view, a reason, then the confirmation.
  await overlay(pb).getByRole('button', { name: '通報する' }).click();
  await expect(overlay(pb).getByRole('heading', { name: '通話中の相手を通報' })).toBeVisible();
  await overlay(pb).getByRole('radio', { name: '暴言・嫌がらせ' }).check();
  await shot(pb, '70-in-call-report');
  await overlay(pb).getByRole('button', { name: '通報して通話を終了' }).click();
  await expect(pb.getByText('通報すると通話が終了し、この相手をブロックします。', { exact: false })).toBeVisible();
  await pb.getByRole('button', { name: 'はい' }).click();

  // The call ends on both screens (the server ended it: 切断されました。44), and B is told the report
  // was received; the two notices stack in either order, so each is read and dismissed.
  await expect(pa.getByRole('alertdialog').getByText('切断されました。44')).toBeVisible({ timeout: 15_000 });
  await shot(pa, '71-reported-caller-ended');
  const seen: string[] = [];
  for (let i = 0; i < 2; i++) {
    const dialog = pb.getByRole('alertdialog').last();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    seen.push((await dialog.textContent()) ?? '');
    if (i === 0) await shot(pb, '72-in-call-reported');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(async () => pb.getByRole('alertdialog').count()).toBeLessThan(2 - i);
  }
  expect(seen.some((t) => t.includes('通報を受け付けました。'))).toBe(true);
  expect(seen.some((t) => t.includes('切断されました。'))).toBe(true);
  await expect(pa.getByRole('timer', { name: '通話時間' })).toHaveCount(0);
  await expect(pb.getByRole('timer', { name: '通話時間' })).toHaveCount(0);

  // B's room shows the partner blocked: its menu offers to lift the block.
  await pb.goto(`/chat/${roomId}`);
  await pb.getByRole('button', { name: 'メニュー' }).click();
  await expect(
    pb.getByRole('dialog', { name: 'メニュー' }).getByRole('button', { name: 'ブロックを解除' }),
  ).toBeVisible();
  await shot(pb, '73-room-blocked-after-report');
});
