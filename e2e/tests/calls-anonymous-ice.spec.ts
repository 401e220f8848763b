import { expect, test, type Page } from '@playwright/test';

import { callableVoice, callPage, expectHearing, overlay } from './calls-helpers.ts';
import { userWithProfile } from './topics-helpers.ts';

const transport = process.env.HONNE_CALLS_TRANSPORT ?? 'p2p';
/**
 * The one address a page may learn on an anonymous call: the TURN server's peer to peer (on an
 * address of its own, support/calls-run.mjs), the SFU's through LiveKit (127.0.0.1 in the namespace).
 */
const RELAY = transport === 'p2p' ? (process.env.HONNE_CALLS_RELAY_IP ?? '10.77.1.1') : '127.0.0.1';
/** Addresses that say nothing: SDP's placeholders. */
const BLANK = new Set(['0.0.0.0', '::']);

/** Every remote description and ICE candidate a page's peer connections are handed, recorded as given. */
const RECORD_RECEIVED = `(() => {
  const got = (window.__received = []);
  const P = RTCPeerConnection.prototype;
  const setRemote = P.setRemoteDescription;
  P.setRemoteDescription = function (d) {
    if (d && d.sdp) got.push({ sdp: d.sdp });
    return setRemote.apply(this, arguments);
  };
  const addCandidate = P.addIceCandidate;
  P.addIceCandidate = function (c) {
    if (c && c.candidate) got.push({ candidate: c.candidate });
    return addCandidate.apply(this, arguments);
  };
})();`;

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { __received: { sdp?: string; candidate?: string }[] }).__received);

/**
 * Every address in what a page received that is not the relay's: candidate fields (address, and
 * raddr when present), SDP origin and connection lines, and any IPv4/IPv6 or mDNS name anywhere else.
 */
function foreignAddresses(items: { sdp?: string; candidate?: string }[]): string[] {
  const bad: string[] = [];
  const check = (where: string, address: string) => {
    if (address !== RELAY && !BLANK.has(address)) bad.push(`${where}: ${address}`);
  };
  const candidate = (line: string) => {
    const f = line.replace(/^a=/, '').split(' ');
    check(line, f[4] ?? '');
    for (let i = 8; i + 1 < f.length; i += 2) if (f[i] === 'raddr' || f[i] === 'rport') bad.push(`${line}: ${f[i]}`);
  };
  for (const item of items) {
    if (item.candidate) candidate(item.candidate);
    for (const line of (item.sdp ?? '').split(/\r\n|\n/)) {
      if (line.startsWith('a=candidate:')) candidate(line);
      else if (line.startsWith('o=')) check(line, line.split(' ')[5] ?? '');
      else if (line.startsWith('c=')) check(line, line.split(' ')[2] ?? '');
      else for (const m of line.matchAll(/\b(\d{1,3}(?:\.\d{1,3}){3})\b|([0-9a-f-]{36}\.local)/gi)) check(line, m[0]);
    }
  }
  return bad;
}

test(`an anonymous call over ${transport} hands neither page any address but the relay's`, async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const a = await userWithProfile(request, `ice-a-${transport}`, {
    user_name: 'かえで',
    gender: 2,
    age_id: 3,
    area_id: 13,
  });
  const b = await userWithProfile(request, `ice-b-${transport}`, {
    user_name: 'つばさ',
    gender: 1,
    age_id: 3,
    area_id: 13,
  });
  await callableVoice(request, b, 'つばさの相談室', [a]);

  const pb = await callPage(browser, b);
  await pb.context().addInitScript(RECORD_RECEIVED);
  await pb.goto('/friendlist');
  const pa = await callPage(browser, a);
  await pa.context().addInitScript(RECORD_RECEIVED);
  await pa.goto('/');
  await pa.locator('.tp-row', { hasText: 'つばさの相談室' }).getByRole('button').first().click();
  await pa.getByRole('dialog', { name: '声の詳細' }).getByRole('button', { name: '通話' }).click();
  await pa.getByRole('option', { name: '匿名で話す' }).click();
  await overlay(pb).getByRole('button', { name: 'トークを開始' }).click();
  for (const page of [pa, pb])
    await expect(page.getByRole('timer', { name: '通話時間' })).toBeVisible({ timeout: 30_000 });
  // Audio flows, so the addresses below are the ones the call really used.
  await expectHearing(pa, 1);
  await expectHearing(pb, 1);

  for (const [page, who] of [
    [pa, 'caller'],
    [pb, 'callee'],
  ] as const) {
    const got = await received(page);
    const candidates = got.flatMap((g) => [
      ...(g.candidate ? [g.candidate] : []),
      ...(g.sdp ?? '').split(/\r\n|\n/).filter((l) => l.startsWith('a=candidate:')),
    ]);
    expect(candidates.length, `${who} received candidates`).toBeGreaterThan(0);
    expect(foreignAddresses(got), `${who} received an address other than the relay's`).toEqual([]);
    if (transport === 'p2p') {
      for (const c of candidates) expect(c.split(' ')[7], c).toBe('relay');
    }
  }
  await overlay(pa).getByRole('button', { name: 'トークを終了' }).click();
});
