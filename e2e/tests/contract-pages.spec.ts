import { messages } from '@honne/contracts/messages';
import { expect, test, type Page } from '@playwright/test';

import { uniqueEmail } from '../support/api.ts';
import { codeFromOutbox } from '../support/outbox.ts';

import { PASSWORD, login } from './accounts-support.ts';
import { signedInPage, userWithProfile } from './topics-helpers.ts';

const shot = (name: string) => ({ path: `artifacts/screens/contract-${name}.png`, fullPage: true });
const toFullWidth = (digits: string) => digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

/** Pages that said 準備中 before issue 18, each doing what the spec (or, where silent, we) say. */
test.describe('pages that were 準備中', () => {
  test('the splash loads areas, categories and sub-categories before login, without a token', async ({ page }) => {
    const seen: { url: string; auth: string | undefined; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (/^\/api\/v1\/(areas|categories|subCategories)$/.test(url.pathname))
        seen.push({ url: url.pathname, auth: res.request().headers().authorization, status: res.status() });
    });
    await page.goto('/splash');
    await expect
      .poll(() => seen.map((s) => s.url).sort())
      .toEqual(['/api/v1/areas', '/api/v1/categories', '/api/v1/subCategories']);
    expect(seen.every((s) => s.status === 200 && s.auth === undefined)).toBe(true);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('reference_data') ?? 'null'));
    expect(stored.categories.length).toBeGreaterThan(5);
    expect(stored.subCategories.some((s: { name: string }) => s.name === '秘密の話')).toBe(true);
    expect(stored.areas[0]).toEqual({ id: 1, name: '全国' });
    await page.screenshot(shot('01-splash'));
    // Loaded once: a second visit within the hour does not ask again.
    seen.length = 0;
    await page.goto('/splash');
    await expect(page.getByRole('button', { name: 'はじめる' })).toBeVisible();
    expect(seen).toEqual([]);
  });

  test('a first-time visitor’s splash waits for them; once the tutorial was seen it moves on to /login by itself', async ({
    page,
  }) => {
    // Walk #31: the tutorial link vanished after 4 s, before a first-time reader could tap it.
    await page.clock.install();
    await page.goto('/splash');
    await expect(page.getByRole('link', { name: 'はじめての方へ（使い方を見る）' })).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(/\/splash$/);
    await page.evaluate(() => localStorage.setItem('tutorial', '1'));
    await page.goto('/splash');
    await expect(page.getByRole('button', { name: 'はじめる' })).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/forgetpass leads into the password reset; /code verifies a sign-up left unfinished', async ({
    page,
    request,
  }) => {
    await page.goto('/forgetpass');
    await expect(page).toHaveURL(/\/verify_email$/);

    // Signed up, never verified: the login refuses, and its code link carries the address to /code.
    const email = uniqueEmail('code');
    const signup = await request.post('/api/v1/users', {
      data: { email, confirm_email: email, password: PASSWORD, confirm_password: PASSWORD, agree_terms: true },
    });
    expect(signup.status()).toBe(200);
    await login(page, email, PASSWORD);
    await expect(page.getByText(messages.loginFailed)).toBeVisible();
    await page.getByRole('link', { name: '認証コードをお持ちの方はこちら' }).click();
    await expect(page).toHaveURL(/\/code\?email=/);
    await expect(page.getByLabel('メールアドレス')).toHaveValue(email);

    // A wrong code is named; a resend clears the message and mails a new code.
    await page.getByLabel('認証コード（6桁）').fill('000000');
    await page.getByRole('button', { name: '認証する' }).click();
    await expect(page.getByText(messages.verifyCodeInvalid)).toBeVisible();
    await page.getByRole('button', { name: '認証コードを再送信する' }).click();
    await page.getByRole('alertdialog').getByRole('button').first().click();
    await expect(page.getByText(messages.verifyCodeInvalid)).toHaveCount(0);
    await page.screenshot(shot('02-code'));

    // Typed with a Japanese IME, the digits are full-width: converted, not dropped.
    const code = await codeFromOutbox(email, 1);
    await page.getByLabel('認証コード（6桁）').fill(toFullWidth(code));
    await expect(page.getByLabel('認証コード（6桁）')).toHaveValue(code);
    await page.getByRole('button', { name: '認証する' }).click();

    // Verified and signed in with is_infomation 0: /setting-information starts onboarding.
    await expect(page).toHaveURL(/\/setting-information$/);
    await expect(page.getByRole('heading', { name: 'はじめに、あなたのプロフィールを設定しましょう' })).toBeVisible();
    await page.screenshot(shot('03-setting-information'));
    await page.getByRole('button', { name: 'プロフィールを設定する' }).click();
    await expect(page).toHaveURL(/\/registration-information$/);
  });

  test('/search_list lists themes to choose from; Escape closes the sub-category password sheet', async ({
    browser,
    request,
  }) => {
    const user = await userWithProfile(request, 'searchlist', {
      user_name: 'さがす',
      gender: 2,
      age_id: 3,
      area_id: 14,
    });
    const page = await signedInPage(browser, user);
    await page.goto('/search_list');
    await expect(page.getByRole('heading', { name: 'テーマをさがす' })).toBeVisible();
    await page.getByRole('button', { name: 'はじめる' }).click();
    await expect(page.getByRole('heading', { name: 'カテゴリ一覧' })).toBeVisible();
    await page.screenshot(shot('04-search-list'));
    await page.getByRole('button', { name: '深夜のひとりごと' }).click();
    await expect(page.getByRole('heading', { name: 'サブカテゴリ一覧' })).toBeVisible();
    await page.getByRole('button', { name: /秘密の話/ }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await page.screenshot(shot('05-password-sheet'));
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    // Back leaves the list for 最新投稿.
    await page.getByRole('button', { name: '戻る' }).click();
    await expect(page.getByRole('heading', { name: 'カテゴリ一覧' })).toBeVisible();
    await page.context().close();
  });

  test('/whitescreen is blank and returns to the chat route after 500 ms', async ({ browser, request }) => {
    const user = await userWithProfile(request, 'white', { user_name: 'しろ', gender: 1, age_id: 2, area_id: 14 });
    const page: Page = await signedInPage(browser, user);
    await page.goto('/');
    const roomPath = '/chat/00000000-0000-4000-8000-000000000000';
    // Watched inside the page: under load the runner's next look can come after the 500 ms are up,
    // so the blank page and the return are recorded where they happen.
    const seen = await page.evaluate(
      (to) =>
        new Promise<{ waited: number; blank: boolean; at: string }>((resolve) => {
          const started = performance.now();
          let blank = false;
          history.pushState({}, '', `/whitescreen?to=${encodeURIComponent(to)}`);
          dispatchEvent(new PopStateEvent('popstate'));
          const look = setInterval(() => {
            if (location.pathname === '/whitescreen') {
              // The blank page: a busy main holding only its status line.
              const main = document.querySelector('main[aria-busy="true"]');
              blank ||= main?.children.length === 1 && main.firstElementChild?.getAttribute('role') === 'status';
              return;
            }
            clearInterval(look);
            resolve({ waited: performance.now() - started, blank, at: location.pathname });
          }, 10);
        }),
      roomPath,
    );
    expect(seen.blank).toBe(true);
    expect(seen.at).toBe(roomPath);
    expect(seen.waited).toBeGreaterThanOrEqual(500);
    await expect(page).toHaveURL((url) => url.pathname === roomPath);
    // Anything but a chat room goes home.
    await page.goto('/whitescreen?to=https://evil.example/');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });
});
