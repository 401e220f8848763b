import { RE2JS } from 're2js';

import { AhoCorasick } from './aho-corasick.ts';
import { normalize } from './normalize.ts';
import { endsInsideWord, wordsOf, type Words } from './words.ts';

/**
 * What a listed term does to a text that contains it, strongest first: refuse it (the writer sees
 * why), hold it for review (not delivered; queued for moderators), mask it with ＊ (delivered), or
 * flag it only (delivered and queued).
 */
export const FILTER_ACTIONS = ['refuse', 'hold', 'mask', 'flag'] as const;
export type FilterAction = (typeof FILTER_ACTIONS)[number];

export interface ListEntry {
  /** A term (matched in the normalised form), a regular expression (RE2 syntax, on the normalised
   * form), or an innocent word that contains a listed one (ピンボケ holds ぼけ). */
  kind: 'term' | 'regex' | 'allow';
  pattern: string;
  /** For terms and expressions; refuse by default. */
  action?: FilterAction;
  /** Unset: the global list; else the id of the one theme whose voices and rooms it applies to. */
  theme?: string | undefined;
  /**
   * Only where the text's own words begin and end (カス, not the かす of かすかに). Default: on for
   * terms of up to three kana, whose letters turn up inside ordinary words; off otherwise.
   */
  wholeWord?: boolean;
}

export interface FilterMatch {
  kind: 'term' | 'regex';
  /** The list entry as written. */
  entry: string;
  action: FilterAction;
  /** The span of the text as written (UTF-16 offsets), and what stands there. */
  from: number;
  to: number;
  written: string;
  /** The normalised form that matched: what the text "says" once evasions are folded away. */
  normalised: string;
}

export interface FilterResult {
  /** The strongest action among the matches; 'pass' when nothing matched. */
  action: FilterAction | 'pass';
  matches: FilterMatch[];
  /** The text with every matched span of a mask entry replaced by ＊ (one per character). */
  masked: string;
  /** Matches the allow list (or a word boundary) let through, for the console's "try this text". */
  spared: { entry: string; written: string; because: 'allow' | 'inside-a-word' }[];
}

/** How many regular expressions a filter may hold, and how long each may be (RE2: linear time). */
export const FILTER_LIMITS = { regexes: 100, regexLength: 300, termLength: 100 } as const;

export class FilterListError extends Error {
  override name = 'FilterListError';
}

interface TermValue {
  allow: boolean;
  entry: ListEntry;
  wholeWord: boolean;
}

const KANA_ONLY = /^[\u3041-\u3096]+$/u;
const rank = (a: FilterAction) => FILTER_ACTIONS.indexOf(a);

function validate(entries: readonly ListEntry[]): void {
  const regexes = entries.filter((e) => e.kind === 'regex');
  if (regexes.length > FILTER_LIMITS.regexes) {
    throw new FilterListError(`at most ${FILTER_LIMITS.regexes} regular expressions (${regexes.length} given)`);
  }
  for (const e of entries) {
    const max = e.kind === 'regex' ? FILTER_LIMITS.regexLength : FILTER_LIMITS.termLength;
    if (e.pattern.length > max) throw new FilterListError(`an entry longer than ${max}: ${e.pattern.slice(0, 40)}…`);
  }
}

/**
 * A compiled set of lists (global and per theme). Compile once per list change; `check` is cheap
 * and allocation-light: one normalisation, one Aho–Corasick pass, the expressions, and a word
 * segmentation only when a whole-word term matched.
 */
export class TextFilter {
  /** The terms as folded with repeated letters kept once, and as folded without that step. */
  private readonly collapsed: AhoCorasick<TermValue>;
  private readonly plain: AhoCorasick<TermValue>;
  private readonly regexes: { entry: ListEntry; re: RE2JS }[];
  readonly size: { terms: number; allow: number; regexes: number };

  private constructor(entries: readonly ListEntry[]) {
    validate(entries);
    const collapsed: [string, TermValue][] = [];
    const plain: [string, TermValue][] = [];
    for (const entry of entries) {
      if (entry.kind === 'regex') continue;
      const n = normalize(entry.pattern);
      if (!n.text) continue;
      const wholeWord = entry.wholeWord ?? (KANA_ONLY.test(n.text) && n.chars.length <= 3);
      const value = { allow: entry.kind === 'allow', entry, wholeWord };
      collapsed.push([n.text, value]);
      plain.push([n.plain.text, value]);
    }
    this.collapsed = new AhoCorasick(collapsed);
    this.plain = new AhoCorasick(plain);
    // Each on its own: an alternation of all of them measured slower in re2js (bench/text-filter.ts),
    // and one theme's expression must never shadow a global one's match.
    this.regexes = entries
      .filter((e) => e.kind === 'regex')
      .map((entry) => {
        try {
          return { entry, re: RE2JS.compile(entry.pattern) };
        } catch (err) {
          throw new FilterListError(`not a safe regular expression: ${entry.pattern} (${(err as Error).message})`);
        }
      });
    this.size = {
      terms: entries.filter((e) => e.kind === 'term').length,
      allow: entries.filter((e) => e.kind === 'allow').length,
      regexes: this.regexes.length,
    };
  }

  static compile(entries: readonly ListEntry[]): TextFilter {
    return new TextFilter(entries);
  }

  /** The text checked against the global list and, when given, one theme's. */
  check(text: string, context: { theme?: string | undefined } = {}): FilterResult {
    const inScope = (e: ListEntry) => e.theme === undefined || e.theme === context.theme;
    const n = normalize(text);
    // Every hit in source offsets, from both forms, once per entry and span.
    const seen = new Set<string>();
    const hits: { value: TermValue; from: number; to: number; normalised: string }[] = [];
    for (const [automaton, view] of [
      [this.collapsed, n],
      [this.plain, n.plain],
    ] as const) {
      for (const hit of automaton.search(view.chars)) {
        if (!inScope(hit.value.entry)) continue;
        const from = view.start[hit.from]!;
        const to = view.end[hit.to - 1]!;
        const key = `${hit.value.entry.kind}\u0000${hit.value.entry.pattern}\u0000${from}\u0000${to}`;
        if (seen.has(key)) continue;
        seen.add(key);
        hits.push({ value: hit.value, from, to, normalised: view.chars.slice(hit.from, hit.to).join('') });
      }
    }
    const allowed = hits.filter((h) => h.value.allow);
    const spared: FilterResult['spared'] = [];
    const matches: FilterMatch[] = [];
    let words: Words | undefined;
    for (const hit of hits) {
      if (hit.value.allow) continue;
      const { entry } = hit.value;
      const written = text.slice(hit.from, hit.to);
      if (allowed.some((a) => a.from <= hit.from && hit.to <= a.to)) {
        spared.push({ entry: entry.pattern, written, because: 'allow' });
        continue;
      }
      if (hit.value.wholeWord) {
        // Words are found in the folded text (ﾎﾞｹ and ほ゛け read as ボケ there), then mapped back.
        words ??= wordsOf(n.folded.text).map(([s, e]) => [n.folded.source[s]!, n.folded.source[e]!]);
        if (endsInsideWord(words, hit.to)) {
          spared.push({ entry: entry.pattern, written, because: 'inside-a-word' });
          continue;
        }
      }
      matches.push(matchOf('term', entry, text, hit.from, hit.to, hit.normalised));
    }
    for (const { entry, re } of this.regexes) {
      if (!inScope(entry)) continue;
      const found = re.matcher(n.text);
      while (found.find()) {
        const [from, to] = codePointSpan(n.text, found.start(), found.end());
        if (to <= from) continue;
        const normalised = n.chars.slice(from, to).join('');
        matches.push(matchOf('regex', entry, text, n.start[from]!, n.end[to - 1]!, normalised));
      }
    }
    const action = matches.reduce<FilterAction | 'pass'>(
      (best, m) => (best === 'pass' || rank(m.action) < rank(best) ? m.action : best),
      'pass',
    );
    return { action, matches, masked: mask(text, matches), spared };
  }
}

function matchOf(
  kind: FilterMatch['kind'],
  entry: ListEntry,
  text: string,
  from: number,
  to: number,
  normalised: string,
): FilterMatch {
  return {
    kind,
    entry: entry.pattern,
    action: entry.action ?? 'refuse',
    from,
    to,
    written: text.slice(from, to),
    normalised,
  };
}

/** UTF-16 offsets of the normalised text (what RE2JS reports) → its code-point indexes. */
function codePointSpan(text: string, from: number, to: number): [number, number] {
  return [[...text.slice(0, from)].length, [...text.slice(0, to)].length];
}

function mask(text: string, matches: readonly FilterMatch[]): string {
  const spans = matches.filter((m) => m.action === 'mask');
  if (spans.length === 0) return text;
  const units = [...text];
  // Code-point positions of the UTF-16 offsets, so a surrogate pair becomes one ＊.
  const offsets: number[] = [];
  let o = 0;
  for (const u of units) {
    offsets.push(o);
    o += u.length;
  }
  return units
    .map((u, i) => (spans.some((m) => m.from <= offsets[i]! && offsets[i]! < m.to) && !/\s/.test(u) ? '＊' : u))
    .join('');
}
