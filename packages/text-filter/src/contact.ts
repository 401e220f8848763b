/**
 * The contact-exchange guard: phone numbers, e-mail addresses, SNS handles and IDs, URLs, asks to
 * swap contacts, and proposals to meet at a place and time — the ways 1:1 strangers move off the
 * app, which is where minors meet harm (and what Japan's rules on meeting strangers online are
 * about). It finds them in every form people use: full-width and kanji digits, digits spelled in
 * kana, separators between digits, "at"/"dot" spelled out. What happens to a match is a policy the
 * caller applies (by the two people's age assurance); this only finds.
 */
export const CONTACT_KINDS = ['phone', 'email', 'url', 'handle', 'exchange', 'meeting'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export interface ContactMatch {
  kind: ContactKind;
  /** The span of the text as written (UTF-16 offsets). */
  from: number;
  to: number;
  written: string;
}

interface View {
  /** One character per source position group; astral characters are U+FFFD (no contact uses them). */
  text: string;
  start: number[];
  end: number[];
}

const KANJI_DIGITS: Record<string, string> = {
  〇: '0',
  零: '0',
  一: '1',
  壱: '1',
  二: '2',
  弐: '2',
  三: '3',
  参: '3',
  四: '4',
  五: '5',
  六: '6',
  七: '7',
  八: '8',
  九: '9',
};

/** NFKC per code point, lower case, katakana as hiragana, kanji digits as digits; one char per unit. */
function view(source: string): View {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let offset = 0;
  for (const cp of source) {
    const s = offset;
    offset += cp.length;
    for (let ch of cp.normalize('NFKC').toLowerCase()) {
      const code = ch.codePointAt(0)!;
      if (code > 0xffff) ch = '\ufffd';
      else if (code >= 0x30a1 && code <= 0x30f6) ch = String.fromCharCode(code - 0x60);
      ch = KANJI_DIGITS[ch] ?? ch;
      text += ch;
      start.push(s);
      end.push(offset);
    }
  }
  return { text, start, end };
}

/** Replaces each regex match in the view by `to` (one character), keeping the source span. */
function rewrite(v: View, re: RegExp, to: string | ((m: string) => string)): View {
  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let last = 0;
  for (const m of v.text.matchAll(re)) {
    const i = m.index;
    text += v.text.slice(last, i);
    start.push(...v.start.slice(last, i));
    end.push(...v.end.slice(last, i));
    const out = typeof to === 'string' ? to : to(m[0]);
    for (const ch of out) {
      text += ch;
      start.push(v.start[i]!);
      end.push(v.end[i + m[0].length - 1]!);
    }
    last = i + m[0].length;
  }
  text += v.text.slice(last);
  start.push(...v.start.slice(last));
  end.push(...v.end.slice(last));
  return { text, start, end };
}

// Digits spelled in kana, read only in runs long enough to be a number (ごご is "afternoon").
const KANA_DIGIT = 'ぜろ|れい|まる|いち|に|さん|よん|し|ご|ろく|なな|しち|はち|きゅう|きゅー|く';
const KANA_DIGIT_VALUE: Record<string, string> = {
  ぜろ: '0',
  れい: '0',
  まる: '0',
  いち: '1',
  に: '2',
  さん: '3',
  よん: '4',
  し: '4',
  ご: '5',
  ろく: '6',
  なな: '7',
  しち: '7',
  はち: '8',
  きゅう: '9',
  きゅー: '9',
  く: '9',
};
const SEP = `[\\s\\-‐‑‒–—―ー・.,/()、。]*`;
const KANA_NUMBER = new RegExp(`(?:(?:${KANA_DIGIT})${SEP}){9,}(?:${KANA_DIGIT})`, 'gu');
const KANA_DIGIT_ONE = new RegExp(KANA_DIGIT, 'gu');

const PATTERNS: [ContactKind, RegExp][] = [
  // Japanese numbers: 0 then 9–10 more digits (or +81 without the 0), separators between any digits.
  ['phone', /(?:\+?81|0)(?:[\s\-‐‑‒–—―ー・.()/]*\d){9,10}(?!\d)/gu],
  ['email', /[a-z0-9._%+-]+\s*@\s*[a-z0-9-]+(?:\s*\.\s*[a-z0-9-]+)+/gu],
  [
    'url',
    /(?:https?:\/\/|www\.)[^\s]+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|jp|me|io|app|ly|gl|link|to|tv|info|biz|xyz|cc|co)(?![a-z0-9])(?:\/[^\s]*)?/gu,
  ],
  // A service's name (or "ID") and, close after it, an ID-like token.
  [
    'handle',
    /(?:\b(?:line|insta(?:gram)?|twitter|kakao|discord|tiktok|skype|telegram|wechat|snap(?:chat)?|id)|らいん|いんすた(?:ぐらむ)?|ついったー|かかお|でぃすこ(?:ーど)?|てぃっくとっく|あいでぃー?)[^a-z0-9@\n]{0,8}@?[a-z0-9][a-z0-9._-]{3,}/gu,
  ],
  // @handle, not the middle of an e-mail address.
  ['handle', /(?<![a-z0-9._%+-])@[a-z0-9_][a-z0-9._]{2,}(?![a-z0-9@])/gu],
  [
    'exchange',
    /(?:\bline|らいん|いんすた|\binsta|かかお|でぃすこ|連絡先|電話番号|でんわばんごう|番号|めあど|めーるあど|あどれす|\bid|あいでぃ)(?:を|の)?\s*(?:教え|おしえ|交換|こうかん|送っ|おくっ|ちょうだい|知りたい|しりたい)/gu,
  ],
  [
    'meeting',
    /(?:会おう|あおう|会おっか|会いません|あいません|会える|あえる|会いたい|あいたい|会わない|あわない|会いに行|直接会|待ち合わせ|待ちあわせ|まちあわせ|おふ会|ほてる行|家に来|うちに来|泊まりに|飲みに行こう|遊びに行こう)/gu,
  ],
];
// A meeting needs a when or a where in the same message ("会いたいね" alone is not a plan).
const WHEN_OR_WHERE =
  /\d{1,2}\s*時|[一二三四五六七八九十]{1,3}時|明日|あした|今日|きょう|今夜|今晩|こんや|週末|土曜|日曜|来週|らいしゅう|駅|改札|かいさつ|前で|かふぇ|お店|ほてる|家|うち|住所|どこ住み|どこに住/u;
const ALWAYS_A_PLAN = /待ち合わせ|待ちあわせ|まちあわせ|おふ会|ほてる行|泊まりに/u;

export function findContacts(text: string): ContactMatch[] {
  let v = view(text);
  // "at" and "dot" spelled out (and their kana), then digits spelled in kana.
  v = rewrite(v, /\s*[([]\s*at\s*[)\]]\s*|\s+at\s+|あっと(?:まーく)?/gu, '@');
  v = rewrite(v, /\s*[([]\s*dot\s*[)\]]\s*|\s+dot\s+|どっと/gu, '.');
  v = rewrite(v, KANA_NUMBER, (m) =>
    m.replace(/[^ぁ-ゖー]/gu, '').replace(KANA_DIGIT_ONE, (d) => KANA_DIGIT_VALUE[d]!),
  );
  const found: ContactMatch[] = [];
  for (const [kind, re] of PATTERNS) {
    for (const m of v.text.matchAll(re)) {
      if (kind === 'meeting' && !ALWAYS_A_PLAN.test(m[0]) && !WHEN_OR_WHERE.test(v.text)) continue;
      const from = v.start[m.index]!;
      const to = v.end[m.index + m[0].length - 1]!;
      // One span, one finding: the stronger kind first in PATTERNS (an e-mail is no handle).
      if (found.some((f) => f.from < to && from < f.to)) continue;
      found.push({ kind, from, to, written: text.slice(from, to) });
    }
  }
  return found.sort((a, b) => a.from - b.from);
}
