/**
 * A conversation under a fault: two users send `count` messages to each other on a schedule
 * (alternating, each sender one message at a time, retrying as the app does), while `fault` breaks
 * a part and brings it back. Then it counts what each side received live and what each history holds.
 */
import { afterAll, beforeAll, expect } from 'vitest';

import { conversation, User } from './client.ts';
import { Stack, type AnyStack } from './stack.ts';

export interface FaultFigures {
  fault: string;
  sent: number;
  delivered: number;
  lost: number;
  doubled: number;
  outOfOrder: number;
  /** Messages missing from, or twice in, either user's history. */
  historyWrong: number;
  /** Sends that needed more than one try. */
  retried: number;
  /** From the part being back until every message sent before then had reached its receiver. */
  recoveryMs: number;
}

export interface Fault {
  name: string;
  /** Breaks the part and brings it back; resolves with the moment it was back (performance.now()). */
  run(): Promise<number>;
}

/**
 * Registers a suite's own stack of one gateway per part: started before its tests; after them the
 * `figures` they wrote are printed (for bench/README.md) and everything stopped.
 */
export function stackForSuite(figures: string[]): { readonly stack: Stack } {
  const suite = {} as { stack: Stack };
  beforeAll(async () => {
    suite.stack = await Stack.start(1);
  });
  afterAll(async () => {
    if (figures.length) console.log(['', ...figures, ''].join('\n'));
    await suite.stack?.close();
  });
  return suite;
}

/** A suite's two people in one room on a stack of its own, and the figures its faults gave. */
export interface Talk<S extends AnyStack> {
  stack: S;
  a: User;
  b: User;
  room: string;
  figures: FaultFigures[];
}

/**
 * Registers a suite's set-up: the stack `start` gives, two people signed up with a room between
 * them, a's socket on the first gateway and b's on the second; after the suite, the figures are
 * printed and everything stopped.
 */
export function talkOn<S extends AnyStack>(start: () => Promise<S>): Talk<S> {
  const t = { figures: [] as FaultFigures[] } as Talk<S>;
  beforeAll(async () => {
    t.stack = await start();
    [t.a, t.b] = [await User.signUp(t.stack, 'owner'), await User.signUp(t.stack, 'replier')];
    t.room = await conversation(t.a, t.b);
    await t.a.connect(t.stack.gateways[0]!);
    await t.b.connect(t.stack.gateways[1]!);
  });
  afterAll(async () => {
    t.a?.stop();
    t.b?.stop();
    if (t.figures.length) printFigures(t.figures);
    await t.stack?.close();
  });
  return t;
}

/** Nothing lost, nothing doubled, in order, both histories whole; recovery within 5 s of the part's return. */
export function expectWhole(f: FaultFigures): void {
  expect(f).toMatchObject({ delivered: f.sent, lost: 0, doubled: 0, outOfOrder: 0, historyWrong: 0 });
  expect(f.recoveryMs).toBeLessThanOrEqual(5000);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function conversationUnder(
  a: User,
  b: User,
  roomId: string,
  fault: Fault,
  { count = 200, intervalMs = 40, faultAt = 50 } = {},
): Promise<FaultFigures> {
  const tag = `${fault.name}-${Date.now().toString(36)}`;
  const texts = Array.from({ length: count }, (_, n) => `${tag}:${n}`);
  const sentAt: number[] = [];
  const before = { a: a.received.length, b: b.received.length };
  let retried = 0;
  let backAt: number | undefined;
  let faultDone: Promise<void> | undefined;

  // Each user sends its half in order, one at a time; the two halves interleave on the schedule.
  const start = performance.now();
  const sender = async (user: User, parity: number) => {
    for (let n = parity; n < count; n += 2) {
      const due = start + n * intervalMs;
      const wait = due - performance.now();
      if (wait > 0) await pause(wait);
      if (n === faultAt) faultDone = fault.run().then((t) => void (backAt = t));
      sentAt[n] = performance.now();
      const { status, tries } = await user.send(roomId, texts[n]!);
      if (status !== 'sent_success') throw new Error(`message ${n} was ${status}`);
      if (tries > 1) retried++;
    }
  };
  await Promise.all([sender(a, 0), sender(b, 1)]);
  await faultDone;

  // b receives the even ones (a's), a the odd ones.
  const expected = { b: texts.filter((_, n) => n % 2 === 0), a: texts.filter((_, n) => n % 2 === 1) };
  const live = { a: () => a.received.slice(before.a), b: () => b.received.slice(before.b) };
  const deadline = performance.now() + 30_000;
  while ((live.a().length < expected.a.length || live.b().length < expected.b.length) && performance.now() < deadline)
    await pause(50);
  await pause(300); // anything doubled arrives now or never

  let delivered = 0;
  let doubled = 0;
  let outOfOrder = 0;
  let lastArrival = 0;
  for (const side of ['a', 'b'] as const) {
    const got = live[side]().filter((r) => r.data.startsWith(`${tag}:`));
    const unique = new Set(got.map((r) => r.data));
    delivered += unique.size;
    doubled += got.length - unique.size;
    const order = got.map((r) => Number(r.data.split(':')[1]));
    for (let i = 1; i < order.length; i++) if (order[i]! < order[i - 1]!) outOfOrder++;
    for (const r of got) {
      const n = Number(r.data.split(':')[1]);
      if (backAt !== undefined && sentAt[n]! <= backAt) lastArrival = Math.max(lastArrival, r.at);
    }
  }

  let historyWrong = 0;
  for (const user of [a, b]) {
    const history = (await user.history(roomId)).filter((m) => m.data.startsWith(`${tag}:`));
    const seen = new Map<string, number>();
    for (const m of history) seen.set(m.data, (seen.get(m.data) ?? 0) + 1);
    for (const text of texts) if (seen.get(text) !== 1) historyWrong++;
  }

  return {
    fault: fault.name,
    sent: count,
    delivered,
    lost: count - delivered,
    doubled,
    outOfOrder,
    historyWrong,
    retried,
    recoveryMs: backAt === undefined ? NaN : Math.max(0, Math.round(lastArrival - backAt)),
  };
}

/** Figures of every fault a file ran, printed as the table bench/README.md records. */
export function printFigures(rows: FaultFigures[]): void {
  const head =
    '| fault | sent | delivered | lost | doubled | out of order | history wrong | sends retried | recovery |';
  const lines = rows.map(
    (r) =>
      `| ${r.fault} | ${r.sent} | ${r.delivered} | ${r.lost} | ${r.doubled} | ${r.outOfOrder} | ${r.historyWrong} | ${r.retried} | ${r.recoveryMs} ms |`,
  );
  console.log(['', head, '|---|--:|--:|--:|--:|--:|--:|--:|--:|', ...lines, ''].join('\n'));
}
