import { messages } from '@honne/contracts/messages';

/** Japanese strings of the kit itself (labels of its own buttons, for screen readers too). */
export const uiStrings = {
  back: '戻る',
  close: '閉じる',
  expert: 'エキスパート',
  ok: 'OK',
  cancel: 'キャンセル',
  yes: 'はい',
  no: 'いいえ',
  loading: '読み込み中',
  /** The banner while offline: the spec's own words (topics-chat-calls §5, §8). */
  offline: messages.disconnected,
  mainNavigation: 'メインメニュー',
  unreadSuffix: '件の未読',
  /** The way on from every "not enough points" message (buy-points.ts). */
  buyPoints: 'ポイントを追加する',
  /** Ours (walk #25): the heading over a named person's SNS links. */
  snsLinks: 'SNS',
} as const;
