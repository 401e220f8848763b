// Simulated users in pairs, in their own process: every user holds a real-time socket; senders
// post messages at a steady rate (open loop: each message has a scheduled time and its latency
// counts from then), receivers time each one when its frame arrives. Same clock on both ends.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { Pool } from 'undici';
import { WebSocket } from 'ws';

import { answerMeasurements, reply } from './lib/child.ts';

interface Setup {
  /** stack: honne's gateway and chat; floor: the same hops with none of our code; relay: one bare `ws` hop. */
  mode: 'stack' | 'floor' | 'relay';
  /** How the stack's senders send: a `command` frame on their open socket (as the chat screen does) or POST /messages. */
  send?: 'socket' | 'http';
  url: string;
  users: number;
  tokensFile?: string;
  rooms?: string[];
}

let setup: Setup;
let tokens: string[] = [];
const sockets: WebSocket[] = [];
let pool: Pool | undefined;
/** Scheduled send time by message number; received marks, for loss and duplicates. */
let scheduled = new Float64Array(0);
let received = new Uint8Array(0);
let latencies: number[] = [];
/** Each delivered message's number, beside its latency (BENCH_CHAT_SERIES: when in the run the slow ones were). */
let numbers: number[] = [];
let duplicates = 0;
let failures = 0;

function onFrame(raw: unknown): void {
  const frame = JSON.parse(String(raw)) as { type: string; data?: { data?: string; status?: number } };
  if (frame.type === 'command.result') {
    if (frame.data?.status !== 200) failures++;
    return;
  }
  if (frame.type !== 'message.created') return;
  const n = Number(frame.data?.data);
  if (!Number.isInteger(n) || n >= scheduled.length) return;
  if (received[n]) {
    duplicates++;
    return;
  }
  received[n] = 1;
  latencies.push(performance.now() - scheduled[n]!);
  numbers.push(n);
}

/** Per 100 ms of the run (by scheduled send time): messages, and their worst latency in ms. */
function writeSeries(dir: string, name: string, start: number): void {
  const buckets = new Map<number, { n: number; max: number }>();
  latencies.forEach((l, i) => {
    const b = Math.floor((scheduled[numbers[i]!]! - start) / 100);
    const x = buckets.get(b) ?? { n: 0, max: 0 };
    x.n++;
    x.max = Math.max(x.max, l);
    buckets.set(b, x);
  });
  const rows = [...buckets].sort((a, b) => a[0] - b[0]).map(([b, x]) => `${b * 100}\t${x.n}\t${x.max.toFixed(1)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.tsv`), `ms\tmessages\tworst_ms\n${rows.join('\n')}\n`);
}

async function open(s: Setup): Promise<{ open: number; failed: number }> {
  setup = s;
  tokens = s.tokensFile ? readFileSync(s.tokensFile, 'utf8').split('\n') : [];
  let failed = 0;
  // A comma-separated url: the sockets take turns (a pair's two sides on different gateways).
  const urls = s.url.split(',');
  const one = (i: number) =>
    new Promise<void>((resolve) => {
      const url = urls[i % urls.length]!;
      const target = s.mode === 'stack' ? `${url}/api/v1/realtime?token=${tokens[i]}` : `${url}/?user=user-${i}`;
      const ws = new WebSocket(target, { perMessageDeflate: false });
      ws.once('message', () => resolve());
      ws.on('message', onFrame);
      ws.once('error', () => {
        failed++;
        resolve();
      });
      sockets[i] = ws;
    });
  for (let i = 0; i < s.users; i += 250)
    await Promise.all(Array.from({ length: Math.min(250, s.users - i) }, (_, j) => one(i + j)));
  if (s.mode === 'stack') pool = new Pool(urls[0]!.replace(/^ws/, 'http'), { connections: 64, pipelining: 1 });
  return { open: sockets.filter((w) => w.readyState === WebSocket.OPEN).length, failed };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

/** One paced run: `rate` messages/s for `seconds`, senders taken round robin over the pairs. */
async function run(rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  scheduled = new Float64Array(total);
  received = new Uint8Array(total);
  latencies = [];
  numbers = [];
  duplicates = 0;
  failures = 0;
  const pairs = Math.floor(setup.users / 2);
  const interval = 1000 / rate;
  const start = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) {
        const n = sent++;
        const pair = n % pairs;
        // Alternate direction within a pair, so both sides send and receive.
        const from = 2 * pair + ((n / pairs) & 1);
        const to = from ^ 1;
        scheduled[n] = start + n * interval;
        const body = { room_id: setup.rooms?.[pair], message_type_id: 1, data: String(n) };
        if (setup.mode === 'relay') {
          sockets[from]!.send(JSON.stringify({ to: `user-${to}`, data: { data: String(n) } }));
        } else if (setup.mode === 'floor') {
          sockets[from]!.send(
            JSON.stringify({ type: 'command', ref: String(n), body: { to: `user-${to}`, data: String(n) } }),
          );
        } else if (setup.send !== 'http') {
          sockets[from]!.send(JSON.stringify({ type: 'command', ref: String(n), name: 'message.send', body }));
        } else {
          pool!
            .request({
              path: '/api/v1/messages',
              method: 'POST',
              headers: { authorization: `Bearer ${tokens[from]}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            })
            .then(async (res) => {
              await res.body.dump();
              if (res.statusCode !== 200) failures++;
            })
            .catch(() => failures++);
        }
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(interval, 4)));
      else resolve();
    };
    tick();
  });
  // Stragglers get 2 s after the last scheduled send.
  const deadline = performance.now() + 2000;
  while (latencies.length < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const elapsed = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  if (process.env.BENCH_CHAT_SERIES) writeSeries(process.env.BENCH_CHAT_SERIES, `${setup.mode}-${rate}`, start);
  return {
    rate,
    sent: total,
    delivered: latencies.length,
    lost: total - latencies.length,
    duplicates,
    failures,
    deliveredPerSecond: latencies.length / Math.max(seconds, elapsed - 2),
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
  };
}

process.on('message', (msg: { type: string } & Record<string, unknown>) => {
  if (msg.type === 'open') void open(msg as unknown as Setup).then((r) => reply({ type: 'open', ...r }));
  if (msg.type === 'run') void run(msg.rate as number, msg.seconds as number).then((r) => reply({ type: 'run', ...r }));
});
answerMeasurements();
reply({ type: 'ready' });
process.once('SIGTERM', () => {
  for (const s of sockets) s?.terminate();
  process.exit(0);
});
