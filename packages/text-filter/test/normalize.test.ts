import { describe, expect, it } from 'vitest';

import { normalize, normalizeTerm } from '../src/index.ts';

describe('normalisation for Japanese', () => {
  it.each([
    ['full and half width', ['ＢＯＫＥ', 'ﾎﾞｹ', 'ボケ', 'ぼけ'], 'ぼけ'],
    ['hiragana and katakana', ['バカ', 'ばか', 'ﾊﾞｶ'], 'ばか'],
    ['small kana', ['ボヶ', 'ぼゖ'], 'ぼけ'],
    ['the long-vowel mark and look-alike dashes', ['しーね', 'し～ね', 'し―ね', 'しｰね', 'し−ね'], 'しね'],
    [
      'separators and zero-width characters',
      ['ぼ け', 'ぼ・け', 'ぼ\u200bけ', 'ぼ\ufeffけ', 'ぼ　け', 'ぼ.け', 'ぼ/け'],
      'ぼけ',
    ],
    ['repeated letters', ['ぼけけけ', 'ぼぼぼけ', 'ボケェェェ'], 'ぼけ'],
    ['romaji', ['boke', 'BOKE', 'b o k e', 'ｂｏｋｅ'], 'ぼけ'],
  ])('%s', (_name, forms, expected) => {
    for (const form of forms) expect(normalize(form).text.startsWith(expected), form).toBe(true);
  });

  it('recomposes voiced marks instead of stripping them (ぼ never becomes ほ)', () => {
    for (const form of ['ほ゛け', 'ほ\u3099け', 'ぼけ'.normalize('NFD'), 'ﾎﾞｹ'])
      expect(normalize(form).text).toBe('ぼけ');
    expect(normalize('ほけ').text).toBe('ほけ');
    expect(normalize('ぽけ').text).toBe('ぽけ');
    expect(normalize('ﾎﾟｹ').text).toBe('ぽけ');
  });

  it('keeps English that is not romaji as it is', () => {
    expect(normalize('online').text).toBe('online');
    expect(normalize('F U C K').text).toBe('fuck');
  });

  it('maps every normalised letter back to where it was written', () => {
    const n = normalize('お前 ﾎﾞｹ だな');
    const at = n.text.indexOf('ぼけ');
    expect('お前 ﾎﾞｹ だな'.slice(n.start[at], n.end[at + 1])).toBe('ﾎﾞｹ');
    const r = normalize('ぼけけけ！');
    expect('ぼけけけ！'.slice(r.start[0], r.end[1])).toBe('ぼけけけ');
  });

  it('folds a term the same way as the text', () => {
    expect(normalizeTerm('ボケ')).toBe(normalize('ぼけ').text);
    expect(normalizeTerm('キモい')).toBe('きもい');
  });
});
