import { createHmac } from 'node:crypto';

import { expect, test } from '@playwright/test';

import { E2E_PURCHASE_SECRET } from '../playwright.config.ts';
import { signedInPage, userWithProfile } from './topics-helpers.ts';

/** A completed checkout as the payment provider delivers it: Stripe's `t=…,v1=HMAC` signature. */
function providerDelivery(eventId: string, userId: string, pack: string, yen: number) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${eventId}`,
        object: 'checkout.session',
        payment_status: 'paid',
        currency: 'jpy',
        amount_total: yen,
        metadata: { user_id: userId, pack },
      },
    },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', E2E_PURCHASE_SECRET).update(`${t}.${payload}`).digest('hex');
  return { data: payload, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` } };
}

test('buying points: the packs are listed, a completed checkout credits once, the balance and history show it live', async ({
  browser,
  request,
}) => {
  const buyer = await userWithProfile(request, 'buyer', { user_name: 'かう', gender: 2, age_id: 3, area_id: 13 });
  const page = await signedInPage(browser, buyer);
  await page.goto('/manage-point');
  const balance = page.getByRole('region', { name: '保有ポイント' });
  await expect(balance).toContainText('0 P');

  // The add-points sheet says how points are bought and lists the packs.
  await page.getByRole('button', { name: 'ポイントを追加する' }).click();
  const sheet = page.getByRole('dialog', { name: 'ポイントを追加する' });
  await expect(sheet).toContainText('お支払いサービスの決済画面で購入します');
  await expect(sheet.getByRole('listitem')).toHaveCount(5);
  await expect(sheet.getByRole('listitem').nth(1)).toContainText('1,000 P');
  await expect(sheet.getByRole('listitem').nth(1)).toContainText('¥1,000');
  await page.screenshot({ path: 'artifacts/screens/points-add.png' });
  await sheet.getByRole('button', { name: '閉じる' }).click();

  // The provider's webhook arrives (twice, as providers retry): the balance moves once, live.
  const delivery = providerDelivery(`evt_e2e_${buyer.userId}`, buyer.userId, 'p3000', 3000);
  for (let i = 0; i < 2; i++) {
    const res = await request.post('/api/v1/points/purchases/webhook', delivery);
    expect(res.status(), await res.text()).toBe(200);
  }
  await expect(balance).toContainText('3,000 P');
  await page.getByRole('button', { name: 'ポイント履歴' }).click();
  await expect(page.getByRole('dialog', { name: 'ポイント履歴' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('dialog', { name: 'ポイント履歴' })).toContainText('+3,000');

  // The buyer asks for a refund: a reason is needed, then operators have it.
  await page.getByRole('dialog', { name: 'ポイント履歴' }).getByRole('button', { name: '閉じる' }).click();
  await page.getByRole('button', { name: 'ポイント払い戻し' }).click();
  const refund = page.getByRole('dialog', { name: 'ポイント払い戻しのご依頼' });
  await refund.getByRole('button', { name: '依頼を送る' }).click();
  await expect(refund.getByRole('alert')).toHaveText('払い戻しを希望する理由を入力してください。');
  await refund.getByRole('textbox', { name: '払い戻しを希望する理由' }).fill('まちがえて購入しました');
  await refund.getByRole('button', { name: '依頼を送る' }).click();
  await expect(page.getByText('払い戻しのご依頼を受け付けました。', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  // A forged delivery changes nothing.
  const forged = { ...delivery, headers: { ...delivery.headers, 'stripe-signature': 't=1,v1=00' } };
  expect((await request.post('/api/v1/points/purchases/webhook', forged)).status()).toBe(400);
});
