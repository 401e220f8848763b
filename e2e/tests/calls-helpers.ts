import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

import {
  auth,
  grantPoints,
  postVoice,
  setRank,
  signedInPage,
  userWithProfile,
  type TestUser,
} from './topics-helpers.ts';

/**
 * Every RTCPeerConnection the page makes (ours for peer to peer, livekit-client's for the SFU) is
 * kept on window so the journey can read the real getStats() of what was received.
 */
const RECORD_PEER_CONNECTIONS = () => {
  const Native = window.RTCPeerConnection;
  const all: RTCPeerConnection[] = [];
  (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = all;
  window.RTCPeerConnection = function (this: unknown, ...args: ConstructorParameters<typeof RTCPeerConnection>) {
    const pc = new Native(...args);
    all.push(pc);
    return pc;
  } as unknown as typeof RTCPeerConnection;
  window.RTCPeerConnection.prototype = Native.prototype;
};

/**
 * Waits until the greeting recorder has counted at least `seconds`. It shows each second for one
 * second only, which a check polling a loaded machine can miss (seen: 2秒 never seen, 9秒 on screen).
 */
export async function recordedAtLeast(recorder: Locator, seconds: number): Promise<void> {
  const elapsed = recorder.locator('.cl-elapsed');
  await expect
    .poll(async () => Number(/^(\d+)秒 \/ 20秒$/.exec((await elapsed.textContent()) ?? '')?.[1] ?? -1), {
      message: `the recorder counting ${seconds}秒`,
    })
    .toBeGreaterThanOrEqual(seconds);
}

/** A signed-in page at 375×667 whose peer connections the journey can inspect. */
export async function callPage(browser: Browser, user: TestUser): Promise<Page> {
  const page = await signedInPage(browser, user);
  await page.context().addInitScript(RECORD_PEER_CONNECTIONS);
  await page.context().grantPermissions(['microphone']);
  await page.setViewportSize({ width: 375, height: 667 });
  return page;
}

export interface Inbound {
  bytes: number;
  level: number;
}

/** Inbound audio over every open peer connection: bytes received and the latest audio level. */
export function inboundAudio(page: Page): Promise<Inbound> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? [];
    let bytes = 0;
    let level = 0;
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue;
      const stats = await pc.getStats();
      stats.forEach((s: { type: string; kind?: string; bytesReceived?: number; audioLevel?: number }) => {
        if (s.type === 'inbound-rtp' && s.kind === 'audio') {
          bytes += s.bytesReceived ?? 0;
          level = Math.max(level, s.audioLevel ?? 0);
        }
      });
    }
    return { bytes, level };
  });
}

/** Waits until received bytes grow and the level is above `min` (sound), sampled every 250 ms. */
export async function expectHearing(page: Page, seconds = 3): Promise<void> {
  const first = await inboundAudio(page);
  await expect
    .poll(async () => (await inboundAudio(page)).bytes, { timeout: 15_000 })
    .toBeGreaterThan(first.bytes + 1000);
  await expect.poll(async () => (await inboundAudio(page)).level, { timeout: 15_000 }).toBeGreaterThan(0.01);
  // And it keeps flowing for `seconds`.
  const start = await inboundAudio(page);
  await page.waitForTimeout(seconds * 1000);
  const end = await inboundAudio(page);
  expect(end.bytes).toBeGreaterThan(start.bytes + 1000);
}

/** The strongest frequency of what plays in the call's output element (the partner's voice). */
export function dominantFrequency(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const el = document.querySelector('audio[data-call-output]') as HTMLAudioElement | null;
    const stream = el?.srcObject as MediaStream | null;
    if (!stream) return 0;
    const ctx = new AudioContext();
    const analyser = new AnalyserNode(ctx, { fftSize: 8192, smoothingTimeConstant: 0 });
    ctx.createMediaStreamSource(stream).connect(analyser);
    const bins = new Float32Array(analyser.frequencyBinCount);
    const sums = new Float32Array(analyser.frequencyBinCount);
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 150));
      analyser.getFloatFrequencyData(bins);
      bins.forEach((v, k) => (sums[k]! += 10 ** (v / 20)));
    }
    let best = 0;
    // Skip DC and the lowest bins (the ring modulation's growl sits below 100 Hz).
    for (let k = 20; k < sums.length; k++) if (sums[k]! > sums[best]!) best = k;
    await ctx.close();
    return (best * ctx.sampleRate) / analyser.fftSize;
  });
}

/** A callable, free voice by `owner` in a fresh theme, with `others` joined to it. */
export async function callableVoice(
  request: APIRequestContext,
  owner: TestUser,
  title: string,
  others: TestUser[],
  extra: { comment?: string } = {},
) {
  const where = { area_id: 13, category_id: 5, sub_category_id: 22 };
  const joined = await request.post('/api/v1/threads/join', { headers: auth(owner), data: where });
  expect(joined.status()).toBe(200);
  const thread = (await joined.json()).data as { id: string };
  const posted = await request.post(`/api/v1/topics/${thread.id}`, {
    headers: auth(owner),
    data: {
      title,
      sub_category_id: 22,
      area_id: 13,
      expire_after_minute: 10,
      chat_price: 0,
      call_price: 0,
      is_callable: true,
      ...extra,
    },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  for (const u of others)
    expect((await request.post('/api/v1/threads/join', { headers: auth(u), data: where })).status()).toBe(200);
  return (await posted.json()).data as { id: string };
}

/** Sets a user's voice sliders (the profile's userSoundSettings). */
export async function setVoice(request: APIRequestContext, user: TestUser, s: [number, number, number]) {
  const res = await request.put('/api/v1/users', {
    headers: auth(user),
    data: { userSoundSettings: { setting1: s[0], setting2: s[1], setting3: s[2] } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `artifacts/screens/calls-${name}.png`, animations: 'disabled' });
};

/** The call's overlay on a page (ring, talk view, minimised bar). */
export const overlay = (page: Page) => page.locator('.cl-layer');

export interface PaidCallCast {
  tag: string;
  payer: string;
  owner: string;
  title: string;
  /** Points the payer holds before the call. */
  points: number;
}

/**
 * A paid call (30 points a minute) up and talking: the owner waits on /friendlist, the payer calls
 * from the owner's voice by nickname with a greeting, the owner answers from the overlay's ring.
 */
export async function paidCallConnected(browser: Browser, request: APIRequestContext, cast: PaidCallCast) {
  const payer = await userWithProfile(request, `${cast.tag}-a`, {
    user_name: cast.payer,
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const owner = await userWithProfile(request, `${cast.tag}-b`, {
    user_name: cast.owner,
    gender: 1,
    age_id: 2,
    area_id: 13,
  });
  await setRank(request, owner, 0, 100);
  await grantPoints(request, payer, cast.points);
  await postVoice(request, owner, { title: cast.title, call_price: 30, is_callable: true }, [payer]);

  const po = await callPage(browser, owner);
  await po.goto('/friendlist');
  const pp = await callPage(browser, payer);

  await pp.goto('/');
  await pp.locator('.tp-row', { hasText: cast.title }).getByRole('button').first().click();
  await pp.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  await pp.getByRole('option', { name: 'ニックネームで話す' }).click();
  const recorder = pp.getByRole('dialog', { name: 'あいさつメッセージ' });
  await recorder.getByRole('button', { name: '録音する' }).click();
  // A greeting of a second, as a person records one (one stopped within ms can hold no audio at all).
  await recordedAtLeast(recorder, 1);
  await recorder.getByRole('button', { name: '録音を終了' }).click();
  await recorder.getByRole('button', { name: '相手に送る' }).click();
  // The caller is ringing out before the owner is looked at: a failure here is the caller's side.
  await expect(overlay(pp).getByText('呼び出し中…').first()).toBeVisible({ timeout: 30_000 });
  try {
    await expect(overlay(po).getByText(`${cast.payer}さんから着信があります`)).toBeVisible({ timeout: 30_000 });
  } catch (error) {
    // What the server holds for each side, to tell a call that never reached the owner from one
    // the owner's page did not show.
    const current = async (who: TestUser) =>
      (await request.get('/api/v1/calls/current', { headers: auth(who) })).text();
    throw new Error(`the owner never rang; payer's call: ${await current(payer)}; owner's: ${await current(owner)}`, {
      cause: error,
    });
  }
  await overlay(po).getByRole('button', { name: 'トークを開始' }).click();
  for (const page of [pp, po]) {
    await expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });
  }
  return { payer, owner, pp, po };
}

/** A user's balance as the ledger has it. */
export const balanceOf = async (request: APIRequestContext, who: TestUser) =>
  (await (await request.get('/api/v1/points/balance', { headers: auth(who) })).json()).data.balance as number;
