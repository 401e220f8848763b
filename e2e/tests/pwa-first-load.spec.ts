import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { lcpOf, recordNetwork, summarise, throttleLikeAPhone, watchLcp } from '../support/first-load.ts';

import { signedInPage, userWithProfile } from './topics-helpers.ts';

/**
 * The first-load byte budget per route: what a new visitor's phone downloads (compressed, headers
 * included) to show it from an empty cache. Set just above what the app needs today (bench/README.md),
 * so any growth fails `npm test`; issue 14's goal is 200 KB. Change it only on purpose, here.
 */
// home 230 → 240 KB in session 13, on purpose: the moderator's notice sheet (the shell imports the
// safety contracts for it) and the in-call report form came onto the signed-in home (issue 27). To win
// it back: load the notice sheet only when a notice waits, and keep contracts/safety out of the shell.
// login 175 → 177 KB in session 14, on purpose: the login screen hands a suspended person's notice
// token to /restricted, and the API client reads it from the refusal (issue 27, ADR 0026 §8): 175.2 KB.
// The restricted page itself is loaded only when opened, so the splash stays under 170.
export const FIRST_LOAD_BUDGET_KB = { splash: 170, login: 177, home: 240 } as const;

const report: Record<string, unknown> = {};
const reportFile = path.join(import.meta.dirname, '..', 'artifacts', 'first-load.json');

test.afterAll(() => {
  mkdirSync(path.dirname(reportFile), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`first load (compressed, cold cache):\n${JSON.stringify(report, null, 2)}`);
});

/** Opens `route` in a fresh context (cold cache) and waits until `ready` shows and the network is quiet. */
async function coldLoad(page: Page, route: string, ready: (page: Page) => Promise<void>) {
  const net = await recordNetwork(page);
  // Signed in, the call overlay (chat remote) is part of every first screen: counted too.
  const overlay = route === '/' ? page.waitForResponse(/__federation_expose_CallOverlay/) : undefined;
  await page.goto(route);
  await ready(page);
  await overlay;
  await page.waitForLoadState('networkidle');
  const origin = new URL(page.url()).origin;
  return { ...summarise(net.resources(), origin), resources: net.resources(), cdp: net.cdp };
}

const readySplash = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'はじめる' })).toBeVisible();
};
const readyLogin = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
};
const readyHome = async (page: Page) => {
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.locator('.hn-loader')).toHaveCount(0);
};

async function fresh(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('first load', () => {
  test(`splash, login and home each stay within their byte budget from a cold cache, with one React`, async ({
    browser,
    request,
  }) => {
    const user = await userWithProfile(request, 'budget', { user_name: 'はかり', gender: 1, age_id: 3, area_id: 13 });
    const routes: [keyof typeof FIRST_LOAD_BUDGET_KB, string, () => Promise<Page>, (page: Page) => Promise<void>][] = [
      ['splash', '/splash', () => fresh(browser), readySplash],
      ['login', '/login', () => fresh(browser), readyLogin],
      ['home', '/', () => signedInPage(browser, user), readyHome],
    ];
    for (const [name, route, open, ready] of routes) {
      const page = await open();
      const loaded = await coldLoad(page, route, ready);
      const { resources, cdp: _cdp, ...figures } = loaded;
      report[name] = {
        ...figures,
        files: resources
          .filter((r) => r.transferred > 2048)
          .map((r) => `${new URL(r.url).pathname} ${(r.transferred / 1024).toFixed(1)}`),
      };
      expect(loaded.kb, `${name}: ${JSON.stringify(resources.map((r) => [r.url, r.transferred]))}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_KB[name],
      );
      // Shared singletons: react-dom is fetched once, by the shell, never again by a remote.
      const reactDoms = await page.evaluate(
        async (urls) => {
          let n = 0;
          for (const url of urls) if ((await (await fetch(url)).text()).includes('__reactContainer$')) n++;
          return n;
        },
        resources.filter((r) => r.type === 'Script').map((r) => r.url),
      );
      expect(reactDoms, name).toBe(1);
      await page.context().close();
    }
  });

  // Recorded for bench/README.md, not asserted against time: the machine is shared. Cold: a new
  // visitor; warm: the next start of the same browser (service worker and caches in place).
  test('splash and home on the throttled phone profile (390×844, 1.6 Mbit/s, 150 ms, CPU 4×), cold and warm: requests, bytes and LCP recorded', async ({
    browser,
    request,
  }) => {
    const user = await userWithProfile(request, 'phone', { user_name: 'でんわ', gender: 2, age_id: 3, area_id: 13 });
    const phone = { viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' as const };
    const cases: [string, string, () => Promise<Page>, (page: Page) => Promise<void>][] = [
      ['splash', '/splash', async () => (await browser.newContext(phone)).newPage(), readySplash],
      ['home', '/', () => signedInPage(browser, user, phone), readyHome],
    ];
    for (const [name, route, open, ready] of cases) {
      let page = await open();
      for (const visit of ['cold', 'warm'] as const) {
        await watchLcp(page);
        const net = await recordNetwork(page);
        await throttleLikeAPhone(net.cdp);
        const started = Date.now();
        await page.goto(route);
        await ready(page);
        const visibleMs = Date.now() - started;
        await page.waitForLoadState('networkidle');
        const figures = summarise(net.resources(), new URL(page.url()).origin);
        report[`${name}Throttled${visit === 'cold' ? 'Cold' : 'Warm'}`] = {
          ...figures,
          lcpMs: Math.round(await lcpOf(page)),
          visibleMs,
        };
        if (visit === 'cold') {
          expect(figures.kb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB[name as 'splash' | 'home']);
          // The next start: once the worker controls the page and has kept the remotes, a new tab.
          await expect
            .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 })
            .toBe(true);
          await expect
            .poll(() => page.evaluate(async () => (await (await caches.open('honne-remotes')).keys()).length), {
              timeout: 30_000,
            })
            .toBeGreaterThan(2);
          const context = page.context();
          await page.close();
          page = await context.newPage();
        }
      }
      await page.context().close();
    }
  });
});
