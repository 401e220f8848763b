import { describe, expect, it } from 'vitest';

import { DEFAULT_LIST, FILTER_LIMITS, FilterListError, TextFilter, type ListEntry } from '../src/index.ts';

const term = (pattern: string, extra: Partial<ListEntry> = {}): ListEntry => ({ kind: 'term', pattern, ...extra });

describe('the filter', () => {
  it('finds a listed term whatever way it is written, and says where', () => {
    const f = TextFilter.compile([term('ボケ')]);
    for (const text of ['ﾎﾞｹ', 'ＢＯＫＥ', 'ぼ け', 'ぼ・け', 'ぼ\u200bけ', 'ぼけけけ', 'boke', 'ほ゛け']) {
      const r = f.check(`お前${text}だな`);
      expect(r.action, text).toBe('refuse');
      expect(r.matches[0]!.written).toBe(text);
      expect(r.matches[0]!.normalised).toBe('ぼけ');
    }
  });

  it('stays quiet on innocent words: the allow list, and a term inside a longer word', () => {
    const f = TextFilter.compile([term('ボケ'), term('カス'), { kind: 'allow', pattern: 'ピンボケ' }]);
    const blurry = f.check('ピンボケした写真');
    expect(blurry.action).toBe('pass');
    expect(blurry.spared).toEqual([{ entry: 'ボケ', written: 'ボケ', because: 'allow' }]);
    const faint = f.check('かすかに聞こえる');
    expect(faint.action).toBe('pass');
    expect(faint.spared[0]!.because).toBe('inside-a-word');
    // The same letters as a word of their own are caught.
    expect(f.check('この人カスだな').action).toBe('refuse');
  });

  it('masks with ＊ per character, and the strongest action wins', () => {
    const f = TextFilter.compile([term('クズ', { action: 'mask' }), term('しね', { action: 'hold' })]);
    const masked = f.check('あいつクズだよ');
    expect(masked.action).toBe('mask');
    expect(masked.masked).toBe('あいつ＊＊だよ');
    expect(f.check('クズ、しね').action).toBe('hold');
    expect(f.check('こんにちは').masked).toBe('こんにちは');
  });

  it('applies a theme’s list only to that theme', () => {
    const f = TextFilter.compile([term('ネタバレ', { theme: 'movies', action: 'mask' })]);
    expect(f.check('ネタバレ注意', { theme: 'movies' }).action).toBe('mask');
    expect(f.check('ネタバレ注意', { theme: 'cooking' }).action).toBe('pass');
    expect(f.check('ネタバレ注意').action).toBe('pass');
  });

  it('runs regular expressions in linear time and refuses those that could run away or too many', () => {
    const f = TextFilter.compile([{ kind: 'regex', pattern: '(a+)+b', action: 'flag' }]);
    const started = process.hrtime.bigint();
    const result = f.check(`${'a'.repeat(5000)}c`);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(result.action).toBe('pass');
    // A backtracking engine takes longer than the age of the universe here; RE2 is linear.
    expect(ms).toBeLessThan(2000);
    expect(() => TextFilter.compile([{ kind: 'regex', pattern: '(a)\\1' }])).toThrow(FilterListError);
    expect(() => TextFilter.compile([{ kind: 'regex', pattern: '(?=x)' }])).toThrow(FilterListError);
    const many = Array.from({ length: FILTER_LIMITS.regexes + 1 }, (_, i): ListEntry => ({
      kind: 'regex',
      pattern: `x${i}`,
    }));
    expect(() => TextFilter.compile(many)).toThrow(/at most 100/);
  });

  it('matches regular expressions on the normalised text', () => {
    const f = TextFilter.compile([{ kind: 'regex', pattern: 'ら[いぃ]ん(こうかん|交換)', action: 'hold' }]);
    const r = f.check('ﾗｲﾝ交換しよ');
    expect(r.action).toBe('hold');
    expect(r.matches[0]!.written).toBe('ﾗｲﾝ交換');
  });

  it('ships a small default list', () => {
    const f = TextFilter.compile(DEFAULT_LIST);
    expect(f.check('死ね').action).toBe('refuse');
    expect(f.check('あいつボケだな').masked).toBe('あいつ＊＊だな');
    expect(f.check('漫才のボケとツッコミ').action).toBe('pass');
    expect(f.size.terms).toBeGreaterThan(10);
  });
});
