import { isSendEnter, formatBadge, linkify as splitLinks, safeHref } from '@honne/ui';
import { describe, expect, it } from 'vitest';

import { dayLabel, groupByDay, shortWhen } from '../src/lib/days.ts';
import { fitSize, isAcceptedImage, JPEG_QUALITY } from '../src/lib/image.ts';
import { backPathFor } from '../src/lib/nav.ts';
import { SOUND_TABS } from '../src/lib/sounds.ts';
import { STAMP_IDS, stampSvg } from '../src/lib/stamps.ts';
import { nextStatus } from '../src/lib/status.ts';
import { growHeight, textToSend } from '../src/lib/text.ts';

describe('Enter and IME', () => {
  it('sends on a bare Enter only', () => {
    expect(isSendEnter({ key: 'Enter' })).toBe(true);
    expect(isSendEnter({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendEnter({ key: 'Enter', ctrlKey: true })).toBe(false);
    expect(isSendEnter({ key: 'a' })).toBe(false);
  });
  it('never sends while an IME is composing (isComposing or keyCode 229)', () => {
    expect(isSendEnter({ key: 'Enter', isComposing: true })).toBe(false);
    expect(isSendEnter({ key: 'Enter', nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendEnter({ key: 'Enter', keyCode: 229 })).toBe(false);
  });
});

describe('chat text', () => {
  it('is trimmed, empty is not sent, at most 255 characters', () => {
    expect(textToSend('  こんにちは \n')).toEqual({ text: 'こんにちは' });
    expect(textToSend('  \n ')).toEqual({ error: 'empty' });
    expect(textToSend('あ'.repeat(255))).toEqual({ text: 'あ'.repeat(255) });
    expect(textToSend('あ'.repeat(256))).toEqual({ error: 'tooLong' });
  });
  it('grows up to 70 px', () => {
    expect(growHeight(20)).toBe(40);
    expect(growHeight(55)).toBe(55);
    expect(growHeight(200)).toBe(70);
  });
});

describe('day grouping', () => {
  const now = new Date(2026, 4, 8, 12, 0); // Fri 8 May 2026
  it('labels today, yesterday, dates with Japanese weekdays and other years', () => {
    expect(dayLabel(new Date(2026, 4, 8, 1), now)).toBe('今日');
    expect(dayLabel(new Date(2026, 4, 7, 23), now)).toBe('昨日');
    expect(dayLabel(new Date(2026, 4, 3, 9), now)).toBe('5月3日(日)');
    expect(dayLabel(new Date(2025, 11, 31, 9), now)).toBe('2025年12月31日(水)');
  });
  it('groups consecutive messages of one local day', () => {
    const at = (d: number, h: number) => ({ created_at: new Date(2026, 4, d, h).toISOString() });
    const groups = groupByDay([at(6, 9), at(6, 22), at(7, 1), at(8, 10)], now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['5月6日(水)', 2],
      ['昨日', 1],
      ['今日', 1],
    ]);
  });
  it('shows the time today and the date otherwise in the call list', () => {
    expect(shortWhen(new Date(2026, 4, 8, 9, 5).toISOString(), now)).toBe('09:05');
    expect(shortWhen(new Date(2026, 3, 30, 9, 5).toISOString(), now)).toBe('4/30');
  });
});

describe('unread badge', () => {
  it('reads nothing for 0, the number to 99, 99+ from 100', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(2500)).toBe('99+');
  });
});

describe('image resize maths', () => {
  it('fits within 1080×1080 keeping the ratio, never enlarging', () => {
    expect(fitSize(4032, 3024)).toEqual({ width: 1080, height: 810 });
    expect(fitSize(1000, 3000)).toEqual({ width: 360, height: 1080 });
    expect(fitSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitSize(1080, 1080)).toEqual({ width: 1080, height: 1080 });
    expect(fitSize(0, 10)).toEqual({ width: 0, height: 0 });
    expect(JPEG_QUALITY).toBe(0.8);
  });
  it('accepts png, jpg and jpeg only', () => {
    expect(isAcceptedImage({ type: 'image/png', name: 'a.png' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/jpeg', name: 'a.jpg' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAcceptedImage({ type: 'image/webp', name: 'a.png' })).toBe(false);
    expect(isAcceptedImage({ type: '', name: 'photo.JPEG' })).toBe(true);
  });
});

describe('message status transitions', () => {
  it('sending → sent_success, refused or sent_fail; sent_fail → sending on resend', () => {
    expect(nextStatus('sending', { type: 'acked', status: 'sent_success' })).toBe('sent_success');
    expect(nextStatus('sending', { type: 'acked', status: 'refused' })).toBe('refused');
    expect(nextStatus('sending', { type: 'failed' })).toBe('sent_fail');
    expect(nextStatus('sent_fail', { type: 'send' })).toBe('sending');
  });
  it('sent_success → read; refused and read stay', () => {
    expect(nextStatus('sent_success', { type: 'read' })).toBe('read');
    expect(nextStatus('refused', { type: 'read' })).toBe('refused');
    expect(nextStatus('read', { type: 'failed' })).toBe('read');
    expect(nextStatus('sent_success', { type: 'failed' })).toBe('sent_success');
  });
});

describe('links', () => {
  it('makes http(s) links and leaves other schemes as text', () => {
    expect(splitLinks('見て https://example.com/a?b=1 です。')).toEqual([
      { kind: 'text', text: '見て ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' です。' },
    ]);
    expect(splitLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(splitLinks('http://a.jp.')[0]).toEqual({ kind: 'link', text: 'http://a.jp', href: 'http://a.jp/' });
  });
});

describe('shipped assets', () => {
  it('has ten 240×240 stamps and 3 tabs × 8 sounds', () => {
    expect(STAMP_IDS).toHaveLength(10);
    for (const id of STAMP_IDS) expect(stampSvg(id)).toContain('width="240" height="240"');
    expect(SOUND_TABS).toHaveLength(3);
    for (const tab of SOUND_TABS) expect(tab).toHaveLength(8);
  });
  it('goes back to the remembered tab', () => {
    expect(backPathFor('1')).toBe('/search');
    expect(backPathFor('2')).toBe('/');
    expect(backPathFor('3')).toBe('/history');
    expect(backPathFor('4')).toBe('/friendlist');
    expect(backPathFor(null)).toBe('/');
  });
});
