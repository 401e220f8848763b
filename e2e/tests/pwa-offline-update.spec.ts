import { expect, test, type Page } from '@playwright/test';

import { messages } from '@honne/contracts';

import { E2E_PORT } from '../playwright.config.ts';
import { FrontDoor } from '../support/front-door.ts';

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `artifacts/screens/pwa-${name}.png`, animations: 'disabled' });

/** Resolves once a service worker controls the page and has kept the remote files this page loaded. */
async function installed(page: Page, remoteFile: RegExp) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
    .toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const cache = await caches.open('honne-remotes');
          return (await cache.keys()).map((r) => new URL(r.url).pathname);
        }),
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining([expect.stringMatching(remoteFile)]));
}

const remoteFiles = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('honne-remotes')).keys()).map((r) => new URL(r.url).pathname));

const shellCaches = (page: Page) =>
  page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('honne-shell-')));

test.describe('installable app (service worker)', () => {
  let door: FrontDoor;
  test.beforeEach(async () => {
    door = new FrontDoor(E2E_PORT);
    await door.open();
  });
  test.afterEach(() => door.shut());

  test('the second visit opens from the cache with the server gone; API calls and pages get the Japanese offline answer', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: door.origin, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
      return link ? ((await (await fetch(link)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ short_name: '本音', display: 'standalone', start_url: '/' });
    await installed(page, /^\/remotes\/profile\/__federation_expose_Login\./);

    // The server stops: nothing answers on its port any more.
    await door.shut();
    expect((await page.request.get('/login').catch((e: Error) => e)) instanceof Error).toBe(true);

    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();

    // An API call gets the spec's error envelope, in Japanese, instead of a failed fetch.
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/v1/areas');
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    });
    expect(api).toEqual({
      status: 503,
      body: { data: null, status: 503, error: messages.offline, code: 'offline', last_doc_id: null },
    });

    // A page load that cannot be answered from the cache shows the offline page, not Chromium's error.
    await page.goto('/api/v1/areas');
    await expect(page.getByRole('heading', { name: 'オフラインです' })).toBeVisible();
    await expect(page.getByText('ネットワークに接続されていません。')).toBeVisible();
    await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible();
    await shot(page, 'offline');
    await context.close();
  });

  test('a new version installs in the background, is offered with 新しいバージョンがあります, and takes over on 更新する (every tab) or at the next start, pruning old remote files', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: door.origin, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto('/splash');
    await expect(page.getByRole('button', { name: 'はじめる' })).toBeVisible();
    await installed(page, /^\/remotes\/profile\/remoteEntry\.js$/);
    const [first] = await shellCaches(page);
    expect(first).toBeTruthy();
    await expect(page.getByText('新しいバージョンがあります')).toHaveCount(0);

    // A deploy: sw.js changes; the browser finds it on its next check and installs it beside the old one.
    door.swSuffix = '\nVERSION = VERSION + "-next"; SHELL_CACHE = "honne-shell-" + VERSION;\n';
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: '新しいバージョンがあります' });
    await expect(prompt).toBeVisible();
    await shot(page, 'update-prompt');

    // あとで: the card goes; the new version waits until no tab runs the old one, i.e. the next start.
    await prompt.getByRole('button', { name: 'あとで' }).click();
    await expect(prompt).toHaveCount(0);
    await page.close();
    const next = await context.newPage();
    await next.goto('/splash');
    await expect(next.getByRole('button', { name: 'はじめる' })).toBeVisible();
    await expect.poll(() => shellCaches(next)).toEqual([`${first}-next`]);

    // A file of a remote's earlier deploy, still in the remotes' cache; what the cached manifest names stays.
    const gone = '/remotes/profile/__federation_expose_Gone.0123456789abcdef.js';
    await next.evaluate(async (path) => {
      const cache = await caches.open('honne-remotes');
      await cache.put(
        path,
        new Response('/* an earlier deploy */', { headers: { 'content-type': 'text/javascript' } }),
      );
    }, gone);
    const before = await remoteFiles(next);
    expect(before).toEqual(expect.arrayContaining(['/remotes/profile/mf-manifest.json', gone]));
    const current = before.filter((p) => p !== gone && /[.-][0-9a-f]{8,}\.js$/.test(p));
    expect(current.length).toBeGreaterThan(0);

    // Another deploy, accepted at once with two tabs open: 更新する in one reloads both into the new version.
    const other = await context.newPage();
    await other.goto('/splash');
    await expect(other.getByRole('button', { name: 'はじめる' })).toBeVisible();
    door.swSuffix = '\nVERSION = VERSION + "-later"; SHELL_CACHE = "honne-shell-" + VERSION;\n';
    await next.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const second = next.getByRole('status').filter({ hasText: '新しいバージョンがあります' });
    await expect(second).toBeVisible();
    await expect(other.getByRole('status').filter({ hasText: '新しいバージョンがあります' })).toBeVisible();
    for (const tab of [next, other])
      await tab.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
    await Promise.all([
      next.waitForEvent('load'),
      other.waitForEvent('load'),
      second.getByRole('button', { name: '更新する' }).click(),
    ]);
    for (const tab of [next, other]) {
      expect(await tab.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBeUndefined();
      await expect(tab.getByRole('button', { name: 'はじめる' })).toBeVisible();
      await expect(tab.getByText('新しいバージョンがあります')).toHaveCount(0);
    }
    await expect.poll(() => shellCaches(next)).toEqual([`${first}-later`]);
    // The new version pruned the remotes' cache: the earlier deploy's file is gone, the current ones stay.
    const after = await remoteFiles(next);
    expect(after).not.toContain(gone);
    expect(after).toEqual(expect.arrayContaining(current));
    await shot(other, 'update-other-tab');
    await context.close();
  });
});
