/**
 * Every Japanese string the shell shows. Spec wording is quoted where the spec gives Japanese;
 * shared validation/error messages come from @honne/contracts `messages`.
 */
export const strings = {
  appName: '本音',
  remoteLoadFailedTitle: '画面を読み込めませんでした',
  remoteLoadFailedBody: '通信状況を確認して、もう一度お試しください。',
  retry: '再読み込み',
  loading: '読み込み中',
  notFoundTitle: 'ページが見つかりません',
  notFoundBody: 'お探しのページは移動または削除された可能性があります。',
  goHome: 'ホームへ戻る',
  /** While the servers lost Redis or NATS, or the socket cannot come back (docs/strings.md). */
  degraded: 'ただいま接続が不安定です。送信したメッセージは復旧しだい自動で届きます。',
  /** The banner of a message arriving on another screen (walk #9; ours, docs/strings.md). */
  arrivalFrom: (from: string) => `${from}から新しいメッセージ`,
  anonymous: '匿名さん',
  // Installable app (issue 14): the web app manifest, the offline page, the update prompt.
  manifestName: '本音（honne）',
  manifestDescription: '心の声を届ける、本音のSNS',
  offlineTitle: 'オフラインです',
  offlineBody: 'ネットワークに接続されていません。接続を確認してから、もう一度お試しください。',
  updateAvailable: '新しいバージョンがあります',
  updateBody: '更新すると最新の本音が使えます。',
  updateNow: '更新する',
  updateLater: 'あとで',
  // Moderation notices (issue 27; ours, docs/strings.md): what, why, until when, and the appeal.
  noticeUntil: (at: string) => `期限: ${at}まで`,
  noticeAppeal: '異議を申し立てる',
  noticeAppealLabel: '異議申し立ての内容',
  noticeAppealHint: (at: string) => `異議申し立ては1回だけ、${at}まで受け付けます。`,
  noticeAppealSend: '送信する',
  noticeAppealSent: '異議申し立てを受け付けました。運営が確認します。',
  noticeAppealed: '異議申し立ては受付済みです。',
  noticeClose: '閉じる',
  noticeEmpty: '内容を入力してください。',
  restrictedTitle: 'アカウントの利用制限',
  restrictedNoNotices: 'お知らせはありません。',
  restrictedExpired: 'もう一度ログインすると、お知らせを確認できます。',
  restrictedToLogin: 'ログイン画面に戻る',
} as const;
