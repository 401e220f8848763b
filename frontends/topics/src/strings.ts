/** Every Japanese string of the topics remote (titles quoted from spec topics-chat-calls §2). */
export const strings = {
  latestTitle: '最新投稿',
  historyTitle: '履歴',
  comingSoon: '準備中',
  latestPending: 'みんなの最新の声を泡で表示する画面は、現在準備中です。公開まで今しばらくお待ちください。',
  historyPending: 'あなたが見た声や投稿した声の履歴は、現在準備中です。公開まで今しばらくお待ちください。',
} as const;
