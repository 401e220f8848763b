// The text filter (packages/text-filter) at the size: 10,000 terms and 100 regular
// expressions loaded, over ordinary chat lines and evasions. Per message: p50/p99 of `check`, and the
// floor in the same run — one pass of a plain `includes` per term would be far slower, so the floor
// is the cheapest thing any filter must do: NFKC of the message (no matching at all).
import os from 'node:os';

import { DEFAULT_LIST, TextFilter, type ListEntry } from '@honne/text-filter';

const TERMS = 10_000;
const REGEXES = 100;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);

// A deterministic generator, so every run loads the same list.
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const KANA = [
  ...'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをんがぎぐげござじずぜぞだでどばびぶべぼ',
];
const KANJI = [...'死殺糞害毒罵狂呪鬼悪嘘盗獣魔闇'];
// Listed words are mostly three to six letters (a list of 10,000 two-letter kana words would hold a
// fifth of all such pairs and match every message).
const word = () =>
  Array.from({ length: 3 + Math.floor(rand() * 4) }, () => (rand() < 0.15 ? pick(KANJI) : pick(KANA))).join('');

const list: ListEntry[] = [...DEFAULT_LIST];
while (list.filter((e) => e.kind === 'term').length < TERMS)
  list.push({ kind: 'term', pattern: word(), action: 'mask' });
for (let i = 0; list.filter((e) => e.kind === 'regex').length < REGEXES; i++) {
  list.push({ kind: 'regex', pattern: `${word()}[0-9０-９]{2,}|(?:${word()}|${word()})+${i}`, action: 'flag' });
}

const lines = [
  'かすかに雨の音が聞こえる',
  '今日はいい天気ですね、散歩に行ってきました',
  '最近ちょっと疲れてて話を聞いてほしい',
  'お前ﾎﾞｹだな',
  'ぼ・け',
  '職場の先輩との距離感に悩んでいます。どうしたらいいと思いますか？',
  'ラーメン食べたい気分',
  'ピンボケした写真しかなかった',
  'マジでＫＡＳＵじゃん',
  'ありがとう、元気出た！また話そうね',
];

const t0 = performance.now();
const filter = TextFilter.compile(list);
const compileMs = performance.now() - t0;

function measure(run: (text: string) => unknown): { p50: number; p99: number; max: number } {
  const times: number[] = [];
  for (let i = 0; i < 1000; i++) run(lines[i % lines.length]!); // warm up
  for (let i = 0; i < MESSAGES; i++) {
    const text = `${lines[i % lines.length]!}${i % 7 === 0 ? word() : ''}`;
    const start = performance.now();
    run(text);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1]! };
}

const ours = measure((text) => filter.check(text));
const floor = measure((text) => text.normalize('NFKC'));
const fmt = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;
console.log(
  JSON.stringify({
    load: os.loadavg().map((l) => l.toFixed(2)),
    terms: filter.size.terms,
    regexes: filter.size.regexes,
    compile_ms: Math.round(compileMs),
    heap_mb: Math.round(process.memoryUsage().heapUsed / 1e6),
  }),
);
console.log(`filter.check   p50 ${fmt(ours.p50)}  p99 ${fmt(ours.p99)}  max ${fmt(ours.max)}`);
console.log(`floor (NFKC)   p50 ${fmt(floor.p50)}  p99 ${fmt(floor.p99)}  max ${fmt(floor.max)}`);
