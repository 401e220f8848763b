import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { expect, test, type Browser, type Page } from '@playwright/test';

import { callableVoice, callPage } from '../tests/calls-helpers.ts';
import { userWithProfile } from '../tests/topics-helpers.ts';

/**
 * Call set-up time and LiveKit capacity (issue 10's figures; bench/README.md, "Calls").
 *
 * Ours: A calls B from B's voice in the app (saved greeting, so no recording), B's page answers the
 * moment the ring shows, and the time runs from A's `POST /rooms/{id}/calling` until inbound audio
 * bytes flow on both pages. Reported with the part after the answer button showed, and the part from
 * B's page receiving the press (the floor's span: the bench's own click is not the app's time).
 *
 * Floor, same run, same browser: the same media hops with none of our code. Peer to peer: two
 * RTCPeerConnections in one page exchanging offer and answer directly. LiveKit: two livekit-client
 * participants joining a room with tokens made here, each publishing the fake microphone.
 *
 * Capacity (LiveKit only: peer to peer puts no server in the media path): K pairs of participants
 * publish and subscribe for 10 s, K doubling, inbound packet loss measured by getStats.
 */
const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const CAPACITY_STEPS = (process.env.BENCH_CAPACITY_PAIRS ?? '1,2,4,8,12').split(',').map(Number);
const out = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), '..', 'honne-bench');

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: quantile(xs, 0.5),
  p95: quantile(xs, 0.95),
  max: Math.max(...xs),
});

/**
 * The first moment (ms since epoch) inbound audio bytes flow over the page's live peer connections
 * (calls-helpers records them), polled every 10 ms inside the page as the floor polls its own: a
 * poll from here would add a DevTools round trip to each look.
 */
const firstAudio = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const pcs = () => (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? [];
    const inbound = async () => {
      let bytes = 0;
      for (const pc of pcs()) {
        if (pc.connectionState === 'closed') continue;
        (await pc.getStats()).forEach((s: { type: string; kind?: string; bytesReceived?: number }) => {
          if (s.type === 'inbound-rtp' && s.kind === 'audio') bytes += s.bytesReceived ?? 0;
        });
      }
      return bytes;
    };
    for (let i = 0; i < 3000; i++) {
      if ((await inbound()) > 0) return performance.timeOrigin + performance.now();
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no audio within 30 s');
  });

/**
 * The call's timeline inside each page (BENCH_TIMELINE=1, on by default): when each step of the
 * set-up happened, by the page's own clock (both pages share the machine's). Wraps fetch,
 * WebSocket, getUserMedia, AudioWorklet.addModule and RTCPeerConnection; only names and times
 * are kept (`window.__tl`).
 */
const RECORD_TIMELINE = () => {
  const tl: { t: number; what: string }[] = [];
  (window as unknown as { __tl: typeof tl }).__tl = tl;
  const mark = (what: string) => tl.push({ t: performance.timeOrigin + performance.now(), what });
  const short = (url: string) => url.replace(/^.*\/api\/v1/, '').replace(/[0-9a-f-]{36}/g, ':id');
  const nativeFetch = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = short(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const what = `${init?.method ?? 'GET'} ${url}`;
    mark(`→ ${what}`);
    const res = await nativeFetch(input, init);
    mark(`← ${what} ${res.status}`);
    return res;
  };
  const NativeWs = window.WebSocket;
  window.WebSocket = function (this: WebSocket, ...args: ConstructorParameters<typeof WebSocket>) {
    const ws = new NativeWs(...args);
    ws.addEventListener('message', (e) => {
      const text = typeof e.data === 'string' ? e.data : '';
      const m = /"type":"(call\.[a-z]+)"/.exec(text);
      if (!m) return;
      const detail = /"(state|kind)":"([a-z_]+)"/.exec(text.slice(text.indexOf(m[0])));
      mark(`ws ⇐ ${m[1]} ${detail?.[2] ?? ''}`);
    });
    const send = ws.send.bind(ws);
    ws.send = (data: string | ArrayBufferLike | Blob | ArrayBufferView) => {
      const text = typeof data === 'string' ? data : '';
      const kind = /"kind":"([a-z]+)"/.exec(text);
      if (text.includes('call.signal')) mark(`ws ⇒ call.signal ${kind?.[1] ?? ''}`);
      send(data);
    };
    return ws;
  } as unknown as typeof WebSocket;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED'] as const)
    Object.defineProperty(window.WebSocket, k, { value: NativeWs[k] });
  window.WebSocket.prototype = NativeWs.prototype;
  // The moment a press reaches the page: the bench's own click (Playwright's checks and events, on
  // a busy renderer) is not the app's time, and a person's press lands here too.
  window.addEventListener(
    'click',
    (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (button) mark(`click ${button.textContent?.trim() ?? ''}`);
    },
    true,
  );
  const gum = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
  if (gum)
    navigator.mediaDevices.getUserMedia = async (c) => {
      mark('getUserMedia start');
      const s = await gum(c);
      mark('getUserMedia done');
      return s;
    };
  const addModule = AudioWorklet.prototype.addModule;
  AudioWorklet.prototype.addModule = async function (this: AudioWorklet, ...args) {
    mark('worklet load start');
    await addModule.apply(this, args);
    mark('worklet load done');
  };
  const NativeAc = window.AudioContext;
  window.AudioContext = function (this: AudioContext, ...args: ConstructorParameters<typeof AudioContext>) {
    mark('AudioContext new');
    return new NativeAc(...args);
  } as unknown as typeof AudioContext;
  window.AudioContext.prototype = NativeAc.prototype;
  const NativePc = window.RTCPeerConnection;
  const wrapped = function (this: RTCPeerConnection, ...args: ConstructorParameters<typeof RTCPeerConnection>) {
    const pc = new NativePc(...args);
    mark('pc new');
    pc.addEventListener('connectionstatechange', () => mark(`pc ${pc.connectionState}`));
    pc.addEventListener('track', () => mark('pc track'));
    const sld = pc.setLocalDescription.bind(pc);
    pc.setLocalDescription = async (d?: RTCLocalSessionDescriptionInit) => {
      await sld(d);
      mark(`pc local ${pc.localDescription?.type}`);
    };
    const srd = pc.setRemoteDescription.bind(pc);
    pc.setRemoteDescription = async (d: RTCSessionDescriptionInit) => {
      await srd(d);
      mark(`pc remote ${d.type}`);
    };
    return pc;
  };
  // calls-helpers' recorder wraps RTCPeerConnection too; whichever runs last, both see each pc.
  window.RTCPeerConnection = wrapped as unknown as typeof RTCPeerConnection;
  window.RTCPeerConnection.prototype = NativePc.prototype;
};

/** The timeline marks of the page since `from` (ms since epoch), relative to `from`. */
const timeline = async (page: Page, who: string, from: number) =>
  (await page.evaluate(() => (window as unknown as { __tl?: { t: number; what: string }[] }).__tl?.splice(0) ?? []))
    .filter((m) => m.t >= from - 5)
    .map((m) => ({ ms: Math.round(m.t - from), who, what: m.what }));

/** An HS256 LiveKit access token, as the calls service makes them (no SDK in the floor). */
function liveKitToken(identity: string, room: string, grant: object = {}): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({
    iss: process.env.LIVEKIT_API_KEY,
    sub: identity,
    nbf: now - 5,
    exp: now + 600,
    video: { room, roomJoin: true, canPublish: true, canSubscribe: true, ...grant },
  })}`;
  return `${body}.${createHmac('sha256', process.env.LIVEKIT_API_SECRET!).update(body).digest('base64url')}`;
}

/** Rooms are made by the server's API before anyone joins (our config turns auto-create off). */
async function createLiveKitRoom(room: string): Promise<void> {
  const http = (process.env.LIVEKIT_URL ?? '').replace(/^ws/, 'http');
  const res = await fetch(`${http}/twirp/livekit.RoomService/CreateRoom`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${liveKitToken('bench', room, { roomCreate: true })}`,
    },
    body: JSON.stringify({ name: room, empty_timeout: 60 }),
  });
  if (!res.ok) throw new Error(`CreateRoom ${res.status}: ${await res.text()}`);
}

/** K fresh rooms, made, each with its pair's tokens. */
async function liveKitRooms(prefix: string, pairs: number): Promise<[string, string][]> {
  const tokens: [string, string][] = [];
  for (let k = 0; k < pairs; k++) {
    const room = `${prefix}-${k}-${Date.now()}`;
    await createLiveKitRoom(room);
    tokens.push([liveKitToken(`${room}-a`, room), liveKitToken(`${room}-b`, room)]);
  }
  return tokens;
}

const LIVEKIT_UMD = readFileSync(
  createRequire(path.join(import.meta.dirname, '..', '..', 'frontends', 'chat', 'package.json')).resolve(
    'livekit-client',
  ),
  'utf8',
);

/** A page on the app's origin (a secure context for the microphone) with livekit-client loaded. */
async function floorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  await page.goto('/api/v1/calls/config').catch(() => undefined);
  if (transport === 'livekit') await page.addScriptTag({ content: LIVEKIT_UMD });
  return page;
}

/** Floor, peer to peer: offer/answer between two connections in one page, to audio at both. */
const p2pFloor = (page: Page) =>
  page.evaluate(async () => {
    const t0 = performance.now();
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const a = new RTCPeerConnection();
    const b = new RTCPeerConnection();
    a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
    b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
    for (const t of stream.getTracks()) a.addTrack(t, stream);
    const back = stream.clone();
    for (const t of back.getTracks()) b.addTrack(t, back);
    await a.setLocalDescription(await a.createOffer());
    await b.setRemoteDescription(a.localDescription!);
    await b.setLocalDescription(await b.createAnswer());
    await a.setRemoteDescription(b.localDescription!);
    const bytes = async (pc: RTCPeerConnection) => {
      let n = 0;
      (await pc.getStats()).forEach((s: { type: string; bytesReceived?: number }) => {
        if (s.type === 'inbound-rtp') n += s.bytesReceived ?? 0;
      });
      return n;
    };
    while ((await bytes(a)) === 0 || (await bytes(b)) === 0) await new Promise((r) => setTimeout(r, 10));
    const ms = performance.now() - t0;
    a.close();
    b.close();
    for (const t of [...stream.getTracks(), ...back.getTracks()]) t.stop();
    return ms;
  });

type LiveKitGlobal = {
  Room: new () => {
    connect(url: string, token: string): Promise<void>;
    localParticipant: { setMicrophoneEnabled(on: boolean): Promise<unknown> };
    remoteParticipants: Map<string, { trackPublications: Map<string, { track?: { receiver?: RTCRtpReceiver } }> }>;
    disconnect(): Promise<void>;
  };
};

/**
 * K pairs of livekit-client participants in the page, each publishing the microphone; answers the
 * time until every participant receives audio and, after `holdMs`, inbound packets lost/received.
 */
const liveKitPairs = (page: Page, url: string, tokens: [string, string][], holdMs: number) =>
  page.evaluate(
    async ({ url, tokens, holdMs }) => {
      const { Room } = (window as unknown as { LivekitClient: LiveKitGlobal }).LivekitClient;
      const t0 = performance.now();
      const rooms = tokens.flat().map(() => new Room());
      await Promise.all(rooms.map((r, i) => r.connect(url, tokens.flat()[i]!)));
      await Promise.all(rooms.map((r) => r.localParticipant.setMicrophoneEnabled(true)));
      const stats = async () => {
        let received = 0;
        let lost = 0;
        let hearing = 0;
        for (const r of rooms) {
          let mine = 0;
          for (const p of r.remoteParticipants.values())
            for (const pub of p.trackPublications.values()) {
              const receiver = pub.track?.receiver;
              if (!receiver) continue;
              (await receiver.getStats()).forEach(
                (s: { type: string; bytesReceived?: number; packetsReceived?: number; packetsLost?: number }) => {
                  if (s.type !== 'inbound-rtp') return;
                  mine += s.bytesReceived ?? 0;
                  received += s.packetsReceived ?? 0;
                  lost += Math.max(0, s.packetsLost ?? 0);
                },
              );
            }
          if (mine > 0) hearing += 1;
        }
        return { received, lost, hearing };
      };
      while ((await stats()).hearing < rooms.length) {
        if (performance.now() - t0 > 60_000) throw new Error('not everyone hears within 60 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      const setupMs = performance.now() - t0;
      const before = await stats();
      await new Promise((r) => setTimeout(r, holdMs));
      const after = await stats();
      await Promise.all(rooms.map((r) => r.disconnect()));
      const received = after.received - before.received;
      const lost = after.lost - before.lost;
      return { setupMs, received, lost, lossPct: (100 * lost) / Math.max(1, received + lost) };
    },
    { url, tokens, holdMs },
  );

test(`call set-up over ${transport}: ours and the floor, ${CALLS} each${transport === 'livekit' ? '; LiveKit capacity' : ''}`, async ({
  browser,
  request,
}) => {
  const profile = (name: string, gender: number) => ({ user_name: name, gender, age_id: 3, area_id: 13 });
  const a = await userWithProfile(request, `bench-a-${transport}`, profile('かける', 1));
  const b = await userWithProfile(request, `bench-b-${transport}`, profile('うける', 2));
  await callableVoice(request, b, 'ベンチの声', [a]);
  const pa = await callPage(browser, a);
  const pb = await callPage(browser, b);
  if (process.env.BENCH_TIMELINE !== '0') for (const p of [pa, pb]) await p.context().addInitScript(RECORD_TIMELINE);
  await pb.goto('/friendlist');
  const timelines: { ms: number; who: string; what: string }[][] = [];
  const overlayA = pa.locator('.cl-layer');
  const overlayB = pb.locator('.cl-layer');

  const total: number[] = [];
  const afterAnswer: number[] = [];
  /** From the callee's press reaching its page (the timeline's click) to both hearing: the floor's span. */
  const fromPress: number[] = [];
  const placedTimes: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    // A caller starts at most 6 rings a minute (ADR 0019): the 7th waits for the first's minute to pass.
    const sixAgo = placedTimes.at(-6);
    if (sixAgo !== undefined) await pa.waitForTimeout(Math.max(0, sixAgo + 61_000 - Date.now()));
    for (const p of [pa, pb]) await p.evaluate(() => (window as unknown as { __pcs?: unknown[] }).__pcs?.splice(0));
    await pa.goto('/');
    await pa.locator('.tp-row', { hasText: 'ベンチの声' }).getByRole('button').first().click();
    await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
    await pa.getByRole('option', { name: 'ニックネームで話す' }).click();
    const recorder = pa.getByRole('dialog', { name: 'あいさつメッセージ' });
    if (i === 0) {
      await recorder.getByRole('button', { name: '録音する' }).click();
      await expect(recorder.getByText(/^1秒 \/ 20秒$/)).toBeVisible();
      await recorder.getByRole('button', { name: '録音を終了' }).click();
    }
    await expect(recorder.getByRole('button', { name: '再生' })).toBeVisible();
    let placedAt = 0;
    const placed = pa.waitForRequest((r) => {
      const hit = /\/api\/v1\/rooms\/[^/]+\/calling$/.test(r.url()) && r.method() === 'POST';
      if (hit) placedAt = Date.now();
      return hit;
    });
    await recorder.getByRole('button', { name: '相手に送る' }).click();
    await placed;
    placedTimes.push(placedAt);
    const answer = overlayB.getByRole('button', { name: 'トークを開始' });
    await answer.waitFor({ timeout: 30_000 });
    const answeredAt = Date.now();
    await answer.click();
    const [heardA, heardB] = await Promise.all([firstAudio(pa), firstAudio(pb)]);
    total.push(Math.max(heardA, heardB) - placedAt);
    afterAnswer.push(Math.max(heardA, heardB) - answeredAt);
    const steps = [
      ...(await timeline(pa, 'A', placedAt)),
      ...(await timeline(pb, 'B', placedAt)),
      { ms: answeredAt - placedAt, who: 'bench', what: 'answer button seen' },
      { ms: heardA - placedAt, who: 'A', what: 'first audio in' },
      { ms: heardB - placedAt, who: 'B', what: 'first audio in' },
    ].sort((x, y) => x.ms - y.ms);
    timelines.push(steps);
    const press = steps.find((m) => m.who === 'B' && m.what.startsWith('click') && m.what.includes('トークを開始'));
    if (press) fromPress.push(Math.max(heardA, heardB) - placedAt - press.ms);
    // Audio can flow before the server has heard both sides are up (LiveKit's webhooks): hang up
    // once both views say connected, so the call ends as a talk (and B is told with '…11').
    for (const o of [overlayA, overlayB]) await expect(o.getByRole('timer', { name: '通話時間' })).toBeVisible();
    await overlayA.getByRole('button', { name: 'トークを終了' }).click();
    await expect(overlayA).toBeHidden();
    await expect(overlayB).toBeHidden({ timeout: 15_000 });
    // B is told A cut the line in passing (walk #12: a note that goes by itself): nothing to dismiss.
  }

  const floorPageA = await floorPage(browser);
  const floor: number[] = [];
  const url = process.env.LIVEKIT_URL ?? '';
  for (let i = 0; i < CALLS; i++) {
    if (transport === 'p2p') floor.push(await p2pFloor(floorPageA));
    else {
      const run = await liveKitPairs(floorPageA, url, await liveKitRooms(`floor-${i}`, 1), 0);
      floor.push(run.setupMs);
    }
  }

  const capacity: { pairs: number; setupMs: number; received: number; lost: number; lossPct: number }[] = [];
  if (transport === 'livekit') {
    for (const pairs of CAPACITY_STEPS) {
      const run = await liveKitPairs(floorPageA, url, await liveKitRooms(`cap-${pairs}`, pairs), 10_000);
      capacity.push({ pairs, ...run });
      if (run.lossPct >= 1) break;
    }
  }

  const result = {
    transport,
    at: new Date().toISOString(),
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    ours: {
      total: summary(total),
      afterAnswer: summary(afterAnswer),
      ...(fromPress.length ? { fromPress: summary(fromPress) } : {}),
    },
    floor: summary(floor),
    capacity,
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, `calls-${transport}.json`), JSON.stringify(result, null, 2));
  if (timelines.length) {
    writeFileSync(path.join(out, `calls-${transport}-timelines.json`), JSON.stringify(timelines, null, 1));
    // The median call's steps, to read where the time goes.
    const median = timelines[total.indexOf(quantile(total, 0.5))] ?? timelines[0]!;
    console.log(
      `\n[bench] median call's timeline (ms from A's request)\n${median.map((m) => `${String(m.ms).padStart(6)}  ${m.who.padEnd(5)} ${m.what}`).join('\n')}\n`,
    );
  }
  console.log(`\n[bench] calls over ${transport}\n${JSON.stringify(result, null, 2)}\n`);
  expect(total).toHaveLength(CALLS);
});
