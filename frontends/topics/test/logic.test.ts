import { EXPIRE_OPTIONS, defaultExpireMinutes, expireOptionsFor, initialPrice } from '@honne/contracts/topics';
import { describe, expect, it } from 'vitest';

import { linkify, safeHref } from '@honne/ui';

import { displayName, genderName, historyName, isPaid } from '../src/lib/format.ts';
import { appendPage, emptyPaged, nearBottom, prependItem, removeItem } from '../src/lib/pages.ts';

const row = (id: string) => ({ id });

describe('paging by last_doc_id', () => {
  it('appends pages without repeating rows and stops at an empty page', () => {
    let s = emptyPaged<{ id: string }>();
    s = appendPage(s, [row('a'), row('b')], 'c1');
    expect(s.done).toBe(false);
    s = prependItem(s, row('n'));
    s = appendPage(s, [row('n'), row('c')], 'c2');
    expect(s.items.map((i) => i.id)).toEqual(['n', 'a', 'b', 'c']);
    s = appendPage(s, [], null);
    expect(s.done).toBe(true);
  });

  it('prepends once and removes expired rows', () => {
    let s = appendPage(emptyPaged<{ id: string }>(), [row('a')], 'x');
    s = prependItem(s, row('b'));
    expect(prependItem(s, row('b'))).toBe(s);
    s = removeItem(s, 'a');
    expect(s.items.map((i) => i.id)).toEqual(['b']);
  });

  it('loads more within 50 px of the bottom', () => {
    expect(nearBottom(549, 400, 1000)).toBe(false);
    expect(nearBottom(550, 400, 1000)).toBe(true);
  });
});

describe('history names (spec §2)', () => {
  it('cuts after 6 characters only when longer than 7', () => {
    expect(historyName('1234567')).toBe('1234567');
    expect(historyName('12345678')).toBe('123456…');
    expect(historyName('やまだはなこさんです')).toBe('やまだはなこ…');
    expect(historyName('😀😀😀😀😀😀😀😀')).toBe('😀😀😀😀😀😀…');
  });
});

describe('price sliders (spec §5)', () => {
  it('start at half the maximum rounded up to 10', () => {
    expect(initialPrice(500)).toBe(250);
    expect(initialPrice(150)).toBe(80);
    expect(initialPrice(90)).toBe(50);
    expect(initialPrice(0)).toBe(0);
    expect(initialPrice(10)).toBe(10);
  });
});

describe('expiry choices (spec §4)', () => {
  it('offer the options not above the sub-category maximum, default 60 or the largest below it', () => {
    expect(expireOptionsFor(30).map((o) => o.minutes)).toEqual([5, 10, 20, 30]);
    expect(defaultExpireMinutes(30)).toBe(30);
    expect(defaultExpireMinutes(25)).toBe(20);
    expect(defaultExpireMinutes(4320)).toBe(60);
    expect(expireOptionsFor(4320)).toHaveLength(EXPIRE_OPTIONS.length);
  });
});

describe('links in titles and comments', () => {
  it('turns only http(s) URLs into links', () => {
    expect(linkify('見て https://example.jp/a?b=1。よろしく')).toEqual([
      { kind: 'text', text: '見て ' },
      { kind: 'link', text: 'https://example.jp/a?b=1', href: 'https://example.jp/a?b=1' },
      { kind: 'text', text: '。よろしく' },
    ]);
    expect(linkify('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(linkify('end http://a.jp.')).toEqual([
      { kind: 'text', text: 'end ' },
      { kind: 'link', text: 'http://a.jp', href: 'http://a.jp/' },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('labels', () => {
  it('gender M/F/X, anonymous name, paid', () => {
    expect(genderName('1')).toBe('男性');
    expect(genderName('2')).toBe('女性');
    expect(genderName(null)).toBe('未設定');
    expect(displayName({ user_name: null, is_anonymous: true })).toBe('匿名さん');
    expect(displayName({ user_name: 'たろう', is_anonymous: false })).toBe('たろう');
    expect(isPaid({ chat_price: 0, call_price: 10 })).toBe(true);
    expect(isPaid({ chat_price: 0, call_price: 0 })).toBe(false);
  });
});
