import { existsSync } from 'node:fs';
import path from 'node:path';

import { requireOrSkip } from '@honne/service-kit/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { conversation, User } from '../support/client.ts';
import { faultSuiteRuns } from '../support/servers.ts';
import { Stack } from '../support/stack.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHELL_BUILD = new URL('../../frontends/shell/dist/index.html', import.meta.url);
/** frontends/shell/src/strings.ts `degraded` (docs/strings.md). */
const BANNER = 'ただいま接続が不安定です。送信したメッセージは復旧しだい自動で届きます。';
/** Where the screenshots of the banner go (looked at by hand; not compared). */
const SHOTS = path.join(import.meta.dirname, '..', 'screenshots');

const real =
  faultSuiteRuns() &&
  requireOrSkip(`Chromium at ${CHROMIUM}`, existsSync(CHROMIUM)) &&
  requireOrSkip('built frontends (pnpm run build)', existsSync(SHELL_BUILD));

/** Resolves once `user` has received a live message with this text. */
async function arrival(user: User, data: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!user.received.some((m) => m.data === data)) {
    if (performance.now() > deadline) throw new Error(`"${data}" did not arrive within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// The shell's banner while the servers have lost NATS or Redis, in a real browser at 375×667.
describe.runIf(real)('the app says so while NATS or Redis is down, and recovers by itself', () => {
  let stack: Stack;
  let browser: Browser;
  let page: Page;
  let a: User;
  let b: User;
  let room: string;

  beforeAll(async () => {
    stack = await Stack.start(1, { serveFrontends: true });
    [a, b] = [await User.signUp(stack, 'owner'), await User.signUp(stack, 'replier')];
    room = await conversation(a, b);
    await a.connect(stack.gateways[0]!);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 667 }, locale: 'ja-JP' });
    // b is signed in as the app stores a session (user_info), and opens the room.
    const session = { access_token: b.token, expires_at: Date.now() + 3_600_000, is_infomation: 1, user_id: b.userId };
    await context.addInitScript((info) => {
      localStorage.setItem('user_info', JSON.stringify(info));
      localStorage.setItem('tutorial', '1');
    }, session);
    page = await context.newPage();
    await page.goto(`${stack.gateways[0]!.url}/chat/${room}`);
    await page.getByRole('textbox', { name: 'メッセージ' }).waitFor({ state: 'visible', timeout: 30_000 });
  });
  afterAll(async () => {
    await browser?.close();
    a?.stop();
    await stack?.close();
  });

  const banner = () => page.getByRole('status').filter({ hasText: BANNER });

  it('NATS down: the banner shows, a message sent meanwhile is stored (over HTTP), and both go once NATS is back', async () => {
    expect(await banner().count()).toBe(0);
    const told = a.nextSystemStatus((s) => s.down.includes('bus'));
    await stack.nats.kill();
    await told;
    await banner().waitFor({ state: 'visible', timeout: 10_000 });

    const box = page.getByRole('textbox', { name: 'メッセージ' });
    await box.fill('落ちていても送れる');
    await box.press('Enter');
    // Stored while NATS is down: it is in the partner's history already, not failed on screen.
    await expect
      .poll(async () => (await a.history(room)).some((m) => m.data === '落ちていても送れる'), { timeout: 15_000 })
      .toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'degraded-nats-375x667.png') });

    await stack.nats.start();
    await banner().waitFor({ state: 'detached', timeout: 15_000 });
    await arrival(a, '落ちていても送れる');
    expect(a.received.filter((m) => m.data === '落ちていても送れる')).toHaveLength(1);
  });

  it('Redis down: the banner shows; it goes by itself when Redis is back', async () => {
    await stack.redis.kill();
    await banner().waitFor({ state: 'visible', timeout: 10_000 });
    await page.screenshot({ path: path.join(SHOTS, 'degraded-redis-375x667.png') });
    await stack.redis.start();
    await banner().waitFor({ state: 'detached', timeout: 15_000 });
  });
});
