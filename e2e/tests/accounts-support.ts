import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { registerViaApi, uniqueEmail } from '../support/api.ts';

export const PASSWORD = 'password123';

/** A verified account, signed in through the login screen (so the browser holds the session). */
export async function newSignedInUser(page: Page, request: APIRequestContext, tag: string) {
  const email = uniqueEmail(tag);
  await registerViaApi(request, email, PASSWORD);
  await login(page, email, PASSWORD);
  // Spec §2: a login with is_infomation 0 lands on /setting-information, which starts onboarding.
  await expect(page).toHaveURL(/\/setting-information$/);
  await page.getByRole('button', { name: 'プロフィールを設定する' }).click();
  await expect(page).toHaveURL(/\/registration-information$/);
  return email;
}

export async function login(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** The access token the page is using (user_info in localStorage). */
export async function tokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('user_info'));
  return (JSON.parse(raw ?? '{}') as { access_token: string }).access_token;
}

export async function profileOf(page: Page, request: APIRequestContext) {
  const res = await request.get('/api/v1/users/profile', {
    headers: { Authorization: `Bearer ${await tokenOf(page)}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

/** Finishes onboarding through the API, for journeys that start from a complete profile. */
export async function completeProfileViaApi(page: Page, request: APIRequestContext, name: string) {
  const profile = {
    user_name: name,
    gender: '1',
    gender_id: 1,
    age_id: 3,
    area_id: 14,
    type: 2,
    profile_image_data: '/api/v1/users/avatars/male/3.svg',
    is_infomation: 1,
  };
  const put = async () =>
    request.put('/api/v1/users', {
      headers: { Authorization: `Bearer ${await tokenOf(page)}` },
      data: profile,
    });
  // A kept-alive connection the gateway closed (its 5 s keep-alive) just as this request reused it
  // is reset; a browser sends an idempotent request again on a fresh one, and so does this (CI saw it once).
  const res = await put().catch((err: Error) => {
    if (!/ECONNRESET|socket hang up/.test(err.message)) throw err;
    return put();
  });
  expect(res.status()).toBe(200);
  // The page's stored session still says is_infomation 0 until it reads the profile again.
  await page.evaluate(() => {
    const info = JSON.parse(localStorage.getItem('user_info') ?? '{}');
    localStorage.setItem('user_info', JSON.stringify({ ...info, is_infomation: 1 }));
  });
}

/** A PNG drawn in the page with a canvas: a real image for the upload checks. */
export async function pngBytes(page: Page, width: number, height: number): Promise<Buffer> {
  const bytes = await page.evaluate(
    async ([w, h]) => {
      const canvas = new OffscreenCanvas(w, h);
      const ctx = canvas.getContext('2d')!;
      const g = ctx.createLinearGradient(0, 0, w, h);
      g.addColorStop(0, '#f6b092');
      g.addColorStop(1, '#6a8fd6');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#fff';
      ctx.beginPath();
      ctx.arc(w / 2, h / 2, Math.min(w, h) / 4, 0, Math.PI * 2);
      ctx.fill();
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      return Array.from(new Uint8Array(await blob.arrayBuffer()));
    },
    [width, height] as const,
  );
  return Buffer.from(bytes);
}

/** Picks a value in a select field's bottom sheet. */
export async function choose(page: Page, field: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${field}`) }).click();
  const sheet = page.getByRole('dialog', { name: field });
  await sheet.getByRole('option', { name: option, exact: true }).click();
  await expect(sheet).toBeHidden();
}

export const screen = (page: Page, name: string) => page.screenshot({ path: `artifacts/screens/${name}.png` });
