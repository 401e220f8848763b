import { describe, expect, it } from 'vitest';

import { TERMS, TERMS_UPDATED_AT } from '../src/features/terms/terms.ts';

const text = TERMS.map((a) => [a.title, ...a.paragraphs].join('\n')).join('\n');

describe('terms of use (spec §2)', () => {
  it('has 20 numbered articles dated 10 January 2022', () => {
    expect(TERMS).toHaveLength(20);
    TERMS.forEach((a, i) => expect(a.title.startsWith(`第${i + 1}条`)).toBe(true));
    expect(TERMS_UPDATED_AT).toBe('2022年1月10日');
  });

  it.each([
    ['agreement on installation', 'インストール'],
    ['minors under 18 need consent', '18歳未満'],
    ['deletion at any time', 'いつでも'],
    ['idle 90 days', '90日'],
    ['no emergency reporting', '緊急通報'],
    ['message history auto-deleted', 'メッセージの履歴'],
    ['friend removal for both sides', '双方'],
    ['free except point purchase', 'ポイントの購入は有料'],
    ['points not transferable', '譲渡'],
    ['points not exchangeable for cash', '現金'],
    ['points generally non-refundable', '払い戻しできません'],
    ['prohibited acts', '禁止事項'],
  ])('covers %s', (_, phrase) => {
    expect(text).toContain(phrase);
  });
});
