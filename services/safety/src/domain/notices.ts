import type { ActionName } from '@honne/contracts/safety';

/**
 * The Japanese notices an actioned user sees (what, why, until when). `{reason}` and `{until}`
 * are filled in; `until` is shown in Japan time.
 */
const TEMPLATES: Partial<Record<ActionName, { title: string; body: string }>> = {
  warn: {
    title: '運営からの警告',
    body: '利用規約に反する行為が確認されました。理由：{reason}\n今後同様の行為が続く場合、利用を制限することがあります。',
  },
  mute: {
    title: '投稿・チャット・通話の一時制限',
    body: '利用規約に反する行為のため、{until}まで投稿・チャット・通話ができません。理由：{reason}',
  },
  suspend: {
    title: 'アカウントの一時停止',
    body: '利用規約に反する行為のため、{until}までアカウントを停止しました（すべてのキャラクターが対象です）。理由：{reason}',
  },
  ban: {
    title: 'アカウントの利用停止',
    body: '重大な利用規約違反のため、アカウントの利用を停止しました（すべてのキャラクターが対象です）。理由：{reason}',
  },
  hide_voice: {
    title: 'ボイスの非表示',
    body: 'あなたのボイスは利用規約に反するため非表示にしました。理由：{reason}',
  },
  freeze_points: {
    title: 'ポイントの利用制限',
    body: '確認が必要なため、ポイントの利用（ギフト・有料チャット・有料通話）を制限しました{until_clause}。制限中に受け取ったギフトは保留され、制限の解除後に使えるようになります。理由：{reason}',
  },
  unfreeze_points: {
    title: 'ポイントの利用制限の解除',
    body: 'ポイントの利用制限を解除しました。保留されていたギフトも使えるようになりました。',
  },
  lift: {
    title: '制限の解除',
    body: 'アカウントへの制限を解除しました。',
  },
};

export const APPEALABLE: ReadonlySet<ActionName> = new Set([
  'warn',
  'mute',
  'suspend',
  'ban',
  'hide_voice',
  'freeze_points',
]);

const JST = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The notice for an action, or undefined when the action tells the user nothing (acknowledge...). */
export function noticeFor(
  action: ActionName,
  vars: { reason: string; until: Date | null },
): { title: string; body: string } | undefined {
  const t = TEMPLATES[action];
  if (!t) return undefined;
  const until = vars.until ? JST.format(vars.until) : '';
  const fill = (s: string) =>
    s
      .replaceAll('{reason}', vars.reason)
      .replaceAll('{until_clause}', until ? `（${until}まで）` : '')
      .replaceAll('{until}', until);
  return { title: fill(t.title), body: fill(t.body) };
}
