import { expect, test } from '@playwright/test';

import { auth, grantPoints, signedInPage, userWithProfile } from './topics-helpers.ts';

test('a teen sees the monthly cap of users under 18 on the add-points sheet and declares their age bracket', async ({
  browser,
  request,
}) => {
  // The profile's age group 10代: held to the under-16 cap until the bracket is declared.
  const teen = await userWithProfile(request, 'teen', { user_name: 'ひなた', gender: 2, age_id: 1, area_id: 13 });
  await grantPoints(request, teen, 1000);
  const page = await signedInPage(browser, teen);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/manage-point');
  await expect(page.getByRole('region', { name: '保有ポイント' })).toContainText('1,000 P');
  await page.getByRole('button', { name: 'ポイント購入' }).click();

  const cap = page.getByRole('region', { name: '18歳未満の方のご利用上限' });
  await expect(cap).toContainText('今月のご利用：0 / 5,000ポイント');
  await cap.getByLabel('年齢の区分').selectOption({ label: '16〜17歳' });
  await cap.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('年齢の区分を保存しました。')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(cap).toContainText('今月のご利用：0 / 20,000ポイント');
  await page.screenshot({ path: 'artifacts/screens/points-minor-cap.png', animations: 'disabled' });

  // The server holds the same view: the cap follows the declaration.
  const balance = (await (await request.get('/api/v1/points/balance', { headers: auth(teen) })).json()).data;
  expect(balance).toMatchObject({
    balance: 1000,
    monthly_cap: 20_000,
    spent_this_month: 0,
    teen: true,
    age_bracket: '16to17',
  });

  // An adult's sheet has no such section.
  const adult = await userWithProfile(request, 'adult', { user_name: 'おとな', gender: 1, age_id: 3, area_id: 13 });
  const other = await signedInPage(browser, adult);
  await other.goto('/manage-point');
  await other.getByRole('button', { name: 'ポイント購入' }).click();
  await expect(other.getByRole('dialog', { name: 'ポイントを追加する' })).toContainText('¥1,000');
  // How long bought points last comes from the server's lot policy (expire: 180 days).
  await expect(other.getByRole('dialog', { name: 'ポイントを追加する' })).toContainText('購入日から180日間');
  await expect(other.getByRole('region', { name: '18歳未満の方のご利用上限' })).toHaveCount(0);
});
