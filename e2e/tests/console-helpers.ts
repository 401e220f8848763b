import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The console journeys' shared steps (issue 27): TOTP codes, API sign-in, new moderators, the signed-in console. */

export const totpNow = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

export const api = '/api/v1/admin/safety';
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function consoleToken(request: APIRequestContext, who: { email: string; password: string; totp: string }) {
  const res = await request.post(`${api}/sessions`, {
    data: { email: who.email, password: who.password, totp: totpNow(who.totp) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.token as string;
}

/** A moderator made by the bootstrap admin (the operators screen does the same; its secret is shown once). */
export async function moderator(request: APIRequestContext, adminToken: string, tag: string) {
  const who = { email: `${tag}-${Date.now().toString(36)}@example.jp`, password: 'a long moderator password' };
  const res = await request.post(`${api}/operators`, {
    headers: bearer(adminToken),
    data: { ...who, role: 'moderator' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { ...who, totp: (await res.json()).data.totp_secret as string };
}

/** The console at 1280×800, signed in through its two steps; Enter submits each. */
export async function consolePage(browser: Browser, who: { email: string; password: string; totp: string }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/console');
  await expect(page.getByRole('heading', { name: '運営者サインイン' })).toBeVisible();
  await page.getByLabel('メールアドレス').fill(who.email);
  await page.getByLabel('パスワード').fill(who.password);
  await page.getByLabel('パスワード').press('Enter');
  const code = page.getByLabel('6桁のコード');
  await expect(code).toBeFocused();
  await code.fill(totpNow(who.totp));
  await code.press('Enter');
  await expect(page.getByRole('navigation', { name: 'コンソールのメニュー' })).toContainText(who.email);
  return page;
}
