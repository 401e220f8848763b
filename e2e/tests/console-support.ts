import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import { E2E_SAFETY_ADMIN } from '../playwright.config.ts';

// The moderation console in journeys (issues 27, 28): operators signing in with password and TOTP,
// over the API or on the console's own two-step screen.

export const totpNow = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

export const api = '/api/v1/admin/safety';
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The report in the queue whose text is `content`, once safety has queued it (filing is asynchronous). */
export async function queuedReport(request: APIRequestContext, adminToken: string, content: string) {
  let report: { id: string; subject_id: string } | undefined;
  await expect(async () => {
    const queue = (await (await request.get(`${api}/queue?limit=200`, { headers: bearer(adminToken) })).json())
      .data as { id: string; subject_id: string; content: string }[];
    report = queue.find((r) => r.content === content);
    expect(report).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return report!;
}

/** An operator hides the voice a report is about (the report found in the queue by its content). */
export async function hideReportedVoice(request: APIRequestContext, adminToken: string, content: string) {
  const report = await queuedReport(request, adminToken, content);
  const hidden = await request.post(`${api}/subjects/${report.subject_id}/actions/hide_voice`, {
    headers: bearer(adminToken),
    data: { reason: '誤解を招く表現', report_id: report.id },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);
  return report;
}

/** An operator's console session token (the bootstrap admin's unless told). */
export async function consoleToken(
  request: APIRequestContext,
  who: { email: string; password: string; totp: string } = E2E_SAFETY_ADMIN,
) {
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

/** The run's admin signed in (its token) and a fresh moderator per tag, made by that admin. */
export async function adminAndModerators<T extends string[]>(request: APIRequestContext, ...tags: T) {
  const admin = await consoleToken(request);
  const made = [];
  for (const tag of tags) made.push(await moderator(request, admin, tag));
  return { admin, moderators: made as { [K in keyof T]: Awaited<ReturnType<typeof moderator>> } };
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

export const consoleShot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/screens/console-${name}.png` });
