/** Every Japanese string of the chat remote. */
export const strings = {
  friendsTitle: 'ともだち',
  comingSoon: '準備中',
  friendsPending: 'ともだちの一覧とチャットは、現在準備中です。公開まで今しばらくお待ちください。',
} as const;
