import { toHiragana } from 'wanakana';

/**
 * The form banned words are matched in, with where each of its characters came from. Japanese has
 * no spaces between words, so matching works on this text without word boundaries; everything a
 * writer can vary without changing what a reader hears is folded away first:
 *
 * - NFKC (full/half width: ＢＯＫＥ → boke, ﾎﾞｹ → ボケ), with the voiced marks of every form
 *   (゛゜, ﾞﾟ, combining U+3099/U+309A) recomposed onto their kana, never stripped (ぼ stays ぼ);
 * - lower case; katakana → hiragana; small kana → full size; the small っ (a doubled consonant) and
 *   the long-vowel mark with its look-alike dashes dropped;
 * - separators between letters dropped: spaces, punctuation, symbols, zero-width and format
 *   characters, variation selectors (ぼ け, ぼ・け, ぼ\u200bけ → ぼけ);
 * - a run of Latin letters that reads wholly as romaji → hiragana (boke → ぼけ); other Latin stays;
 * - a letter repeated in a row kept once (ぼけけけ → ぼけ).
 *
 * `start[i]`/`end[i]` give the source span of `text[i]` (a repeated run ends at its last letter), so
 * a match can be masked in, or its word boundaries checked on, the text as written.
 */
export interface NormalizedView {
  text: string;
  /** `text` by code point: what the matcher walks (`start`/`end` are indexed the same way). */
  chars: string[];
  start: number[];
  end: number[];
}

export interface Normalized extends NormalizedView {
  source: string;
  /**
   * The same before repeated letters are kept once: a term's last letter and the next word's first
   * may be the same (ガイジ＋じゃん reads がいじゃん collapsed), so both forms are searched.
   */
  plain: NormalizedView;
  /**
   * The text after NFKC and lower case only (words are segmented in it), with the source offset of
   * each of its UTF-16 positions, one past the end included.
   */
  folded: { text: string; source: number[] };
}

interface Unit {
  ch: string;
  s: number;
  e: number;
}

const VOICED_MARKS = /[\u3099\u309a\u309b\u309c\uff9e\uff9f]/;
const COMBINING = /\p{M}/u;
// ゛゜ as separate characters, and the half-width ﾞﾟ: the combining marks NFKC composes with.
const TO_COMBINING: Record<string, string> = {
  '\u309b': '\u3099',
  '\u309c': '\u309a',
  '\uff9e': '\u3099',
  '\uff9f': '\u309a',
};

/** Base character plus the marks that follow it, NFKC'd together so ﾎ+ﾞ and ほ+゛ become ぼ. */
function fold(source: string): Unit[] {
  const out: Unit[] = [];
  const cps = [...source];
  let offset = 0;
  for (let i = 0; i < cps.length;) {
    const s = offset;
    let cluster = cps[i]!;
    offset += cps[i]!.length;
    i++;
    while (i < cps.length && (VOICED_MARKS.test(cps[i]!) || COMBINING.test(cps[i]!))) {
      cluster += TO_COMBINING[cps[i]!] ?? cps[i]!;
      offset += cps[i]!.length;
      i++;
    }
    for (const ch of cluster.normalize('NFKC').toLowerCase()) out.push({ ch, s, e: offset });
  }
  return out;
}

const SMALL_KANA: Record<string, string> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};
// The long-vowel mark and what writers use for it (NFKC has already made ｰ into ー).
const LONG_VOWEL = /[ー\u2010-\u2015\u2212\u301c\u3030\uff5e~]/;
// Anything that only separates letters: space, punctuation, symbols, format (zero-width), marks left over.
const SEPARATOR = /[\p{Z}\p{P}\p{S}\p{Cc}\p{Cf}\p{M}\s]/u;

function kana(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    let ch = u.ch;
    const code = ch.codePointAt(0)!;
    // Katakana ァ..ヶ → hiragana ぁ..ゖ (the same order, 0x60 apart); ヷ..ヺ have none and stay.
    if (code >= 0x30a1 && code <= 0x30f6) ch = String.fromCodePoint(code - 0x60);
    if (ch === 'っ' || LONG_VOWEL.test(ch) || SEPARATOR.test(ch)) continue;
    out.push({ ...u, ch: SMALL_KANA[ch] ?? ch });
  }
  return out;
}

const LATIN = /[a-z]/;
// wanakana reads l and x as the small-kana prefix of an IME (la → ぁ): English, not romaji.
const NOT_ROMAJI = /[lxqv]/;

/** Latin runs that read wholly as romaji become hiragana; the kana share the run's source span. */
function romaji(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < units.length;) {
    if (!LATIN.test(units[i]!.ch)) {
      out.push(units[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < units.length && LATIN.test(units[j]!.ch)) j++;
    const run = units.slice(i, j);
    const latin = run.map((u) => u.ch).join('');
    // A run longer than any word is no romaji word (and wanakana recurses per letter).
    const read = NOT_ROMAJI.test(latin) || latin.length > 40 ? null : toHiragana(latin);
    if (read && !/[a-z]/.test(read)) {
      const s = run[0]!.s;
      const e = run[run.length - 1]!.e;
      // Romaji's own small kana and っ (kka → っか) fold as kana do.
      for (const u of kana([...read].map((ch) => ({ ch, s, e })))) out.push(u);
    } else out.push(...run);
    i = j;
  }
  return out;
}

function collapseRepeats(units: Unit[]): Unit[] {
  const out: Unit[] = [];
  for (const u of units) {
    const last = out[out.length - 1];
    if (last && last.ch === u.ch) last.e = Math.max(last.e, u.e);
    else out.push({ ...u });
  }
  return out;
}

const viewOf = (units: Unit[]): NormalizedView => ({
  text: units.map((u) => u.ch).join(''),
  chars: units.map((u) => u.ch),
  start: units.map((u) => u.s),
  end: units.map((u) => u.e),
});

export function normalize(source: string): Normalized {
  const folded = fold(source);
  const plain = romaji(kana(folded));
  const units = collapseRepeats(plain);
  const offsets: number[] = [];
  for (const u of folded) for (let k = 0; k < u.ch.length; k++) offsets.push(u.s);
  offsets.push(source.length);
  return {
    source,
    folded: { text: folded.map((u) => u.ch).join(''), source: offsets },
    plain: viewOf(plain),
    ...viewOf(units),
  };
}

/** A list entry in the form it is matched in (the same folding as the text). */
export const normalizeTerm = (term: string): string => normalize(term).text;
