import type { ListEntry } from './filter.ts';

/**
 * The small list honne ships with; operators add the rest in the console. Threats and calls to
 * self-harm are refused; common insults are masked; innocent words that contain a listed one are
 * allowed (漫才's ボケ, a blurry ピンボケ photo, カステラ).
 */
export const DEFAULT_LIST: readonly ListEntry[] = [
  ...['死ね', 'しね', '殺す', 'ころす', '殺すぞ', '自殺しろ', '消えろ'].map((pattern): ListEntry => ({
    kind: 'term',
    pattern,
    action: 'refuse',
  })),
  ...['ボケ', 'カス', 'クズ', 'ゴミ', 'キモい', 'ブス', 'デブ', 'ハゲ', 'ガイジ', 'fuck', 'shit', 'bitch'].map(
    (pattern): ListEntry => ({ kind: 'term', pattern, action: 'mask' }),
  ),
  ...[
    'ピンボケ',
    'ボケとツッコミ',
    'ボケ役',
    '寝ボケ',
    '時差ボケ',
    'カステラ',
    'カスタム',
    'カスタマー',
    'カスタード',
    'ゴミ箱',
    'ゴミ出し',
    'ゴミ袋',
    'しねま',
    'ころすけ',
  ].map((pattern): ListEntry => ({ kind: 'allow', pattern })),
];
