import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import {
  BottomNav,
  ConfirmDialog,
  TextAreaField,
  TextField,
  activeTabFor,
  formatBadge,
  isSendEnter,
  tokensToCss,
  cssVar,
  uiCss,
} from '../src/index.ts';

describe('formatBadge', () => {
  it('hides zero and shows numbers up to 99', () => {
    expect(formatBadge(0)).toBeNull();
    expect(formatBadge(undefined)).toBeNull();
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
  });
  it('caps at 99+ from 100 (spec §9)', () => {
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(2500)).toBe('99+');
  });
});

describe('activeTabFor', () => {
  it('matches home only exactly and nested paths to their tab', () => {
    expect(activeTabFor('/')).toBe('home');
    expect(activeTabFor('/history/abc/replies')).toBe('history');
    expect(activeTabFor('/friendlist')).toBe('friendlist');
    expect(activeTabFor('/settings')).toBeNull();
    expect(activeTabFor('/searchx')).toBeNull();
  });
});

describe('isSendEnter', () => {
  it('sends on a plain Enter', () => {
    expect(isSendEnter({ key: 'Enter' })).toBe(true);
  });
  it('never sends while an IME is composing', () => {
    expect(isSendEnter({ key: 'Enter', isComposing: true })).toBe(false);
    expect(isSendEnter({ key: 'Enter', nativeEvent: { isComposing: true } })).toBe(false);
    expect(isSendEnter({ key: 'Enter', keyCode: 229 })).toBe(false);
  });
  it('treats Shift/Ctrl+Enter as a newline', () => {
    expect(isSendEnter({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendEnter({ key: 'Enter', ctrlKey: true })).toBe(false);
    expect(isSendEnter({ key: 'a' })).toBe(false);
  });
});

describe('tokens', () => {
  it('become custom properties with kebab-case names', () => {
    const css = tokensToCss();
    expect(css).toContain('--hn-color-primary: #B4503C;');
    expect(css).toContain('--hn-size-target: 44px;');
    expect(cssVar('color', 'primarySoft')).toBe('var(--hn-color-primary-soft)');
  });
  it('the stylesheet only uses variables that exist', () => {
    const defined = new Set([...tokensToCss().matchAll(/(--hn-[a-z0-9-]+):/g)].map((m) => m[1]));
    const used = new Set([...uiCss.matchAll(/var\((--hn-[a-z0-9-]+)\)/g)].map((m) => m[1]));
    for (const name of used) expect(defined, name).toContain(name);
  });
});

describe('components', () => {
  it('BottomNav marks the active tab with aria-current and a badge text for readers', () => {
    const html = renderToStaticMarkup(
      <BottomNav pathname="/friendlist" onNavigate={() => {}} badges={{ friendlist: 120 }} />,
    );
    expect(html).toContain('aria-current="page"');
    expect(html.match(/aria-current/g)).toHaveLength(1);
    expect(html).toContain('99+');
    expect(html).toContain('99+件の未読');
    for (const label of ['マイページ', '最新投稿', 'ホーム', '履歴', 'ともだち']) expect(html).toContain(label);
  });
  it('TextField puts the error line under the field and marks the input invalid', () => {
    const html = renderToStaticMarkup(
      <TextField label="メールアドレス" value="" error="メールアドレスを入力してください。" onChange={() => {}} />,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html.indexOf('<input')).toBeLessThan(html.indexOf('メールアドレスを入力してください。'));
  });
  it('TextAreaField ties its label and error to the text area as TextField does', () => {
    const html = renderToStaticMarkup(
      <TextAreaField label="通報内容" value="" rows={5} error="通報内容を入力してください。" onChange={() => {}} />,
    );
    const id = /<textarea[^>]* id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`for="${id}"`);
    expect(html).toMatch(new RegExp(`<textarea[^>]*aria-describedby="${id}-error"`));
    expect(html).toContain('aria-invalid="true"');
    expect(html.indexOf('<textarea')).toBeLessThan(html.indexOf('通報内容を入力してください。'));
  });
  it('ConfirmDialog draws the safe choice as secondary and the destructive one as destructive', () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog
        message="本当に削除しますか？"
        confirmLabel="削除"
        cancelLabel="キャンセル"
        destructive
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(html).toMatch(/hn-button--secondary[^>]*>キャンセル/);
    expect(html).toMatch(/hn-button--destructive[^>]*>削除/);
  });
});
