import { CALL_MESSAGES } from '@honne/contracts/calls';
import { CHAT_MESSAGES, MESSAGE_PREVIEW } from '@honne/contracts/chat';
import { messages } from '@honne/contracts/messages';

/** What the payer holds, in a price confirmation (nothing when the balance could not be read). */
const held = (balance: number | null) =>
  balance === null ? '' : `（保有ポイント：${balance.toLocaleString('ja-JP')} P）`;

/**
 * The call overlay and the greeting recorder (spec topics-chat-calls §2, §4, §8). Japanese quotes
 * are the spec's; the English glosses' Japanese is ours (docs/strings.md).
 */
const callStrings = {
  /** §2 'talking' */
  talking: 'トーク中',
  calling: '呼び出し中…',
  incoming: '着信中',
  incomingFrom: (name: string) => `${name.endsWith('さん') ? name : `${name}さん`}から着信があります`,
  busyTitle: '話中',
  refusedTitle: '通話が拒否されました',
  startTalk: 'トークを開始',
  hangUp: '切る',
  endTalk: 'トークを終了',
  cancel: 'キャンセル',
  mute: 'ミュート',
  unmute: 'ミュート解除',
  speaker: 'スピーカー',
  chat: 'チャット',
  present: 'プレゼント',
  trumpet: '効果音',
  minimise: '小さくする',
  /** §2 'tap to return to the talk screen' */
  returnToTalk: 'タップしてトーク画面に戻る',
  elapsed: '通話時間',
  charging: (points: number) => `課金中：${points.toLocaleString('ja-JP')}ポイント`,
  balance: (points: number) => `${points.toLocaleString('ja-JP')}P`,
  connecting: '接続しています…',
  waitingConnect: '接続を待っています…',
  /** §8, quoted */
  alreadyTalking: 'トークできませんでした。すでにトーク中です。',
  partnerBusy: '相手が話中です。',
  unableToConnect: '通話できません。',
  cancelled: 'キャンセルされました。',
  disconnected: (cause: 11 | 22 | 33 | 44) => `切断されました。${cause}`,
  networkLost: 'ネットワークから切断されました。',
  startTalking: '通話を開始してください。',
  playingMessage: 'メッセージを再生しています。',
  refused: '通話が拒否されました。',
  insufficientPoints: 'ポイントが不足です。',
  /** Walk #3: a priced voice's call room is paid (the voice's talk price) when it first opens. */
  roomPriceConfirm: (price: number, balance: number | null) =>
    `この声とのトークは${price.toLocaleString('ja-JP')}ポイントです。${held(balance)}トークを始めて通話しますか？`,
  roomPriceOk: '支払って通話する',
  /** Walk #4: a voice that charges from the start; the caller says yes before the call is placed. */
  callPriceConfirm: (minutes: number, price: number, balance: number | null) =>
    `この通話は${minutes}分${price.toLocaleString('ja-JP')}ポイントです。${held(balance)}通話しますか？`,
  callPriceOk: '通話する',
  /** Both in one question (a new room on a voice that charges from the start): the caller is asked once. */
  roomAndCallPriceConfirm: (roomPrice: number, minutes: number, price: number, balance: number | null) =>
    `この声とのトークは${roomPrice.toLocaleString('ja-JP')}ポイント、通話は${minutes}分${price.toLocaleString('ja-JP')}ポイントです（つながった時から課金されます）。${held(balance)}トークを始めて通話しますか？`,
  friendAdded: 'ともだちを追加しました。',
  alreadyFriends: 'すでにともだちになっています',
  /** §2 'This feature is not supported on the web version.' */
  speakerUnsupported: 'この機能はWeb版ではご利用いただけません。',
  notCallable: '通話を受け付けていません',
  micInsecure:
    'このページはSSL（https）で接続されていないため、マイクを使えません。https:// で始まるアドレスから開き直してください。',
  micDenied:
    'マイクの使用が許可されていないため、通話できません。アドレスバーの鍵アイコン（サイトの設定）からマイクを「許可」にして、もう一度お試しください。',
  micAbsent: 'マイクが見つからないため、通話できません。マイクを接続してから、もう一度お試しください。',
  anonymousPrompt: '匿名でトークします。相手にはあなたの名前やプロフィールは表示されません。',
  // caller profile on the ring screen
  bloodType: '血液型',
  personality: '性格',
  characterWords: 'キャラクター',
  detail: '自己紹介',
  fee: (points: number) => `通話料金：1分 ${points.toLocaleString('ja-JP')}ポイント`,
  /** The owner's button (spec §2: 'start charging for 1 minute at the price', disabled once requested). */
  requestCharge: (points: number) => `課金をリクエスト（1分 ${points.toLocaleString('ja-JP')}ポイント）`,
  chargeRequested: CALL_MESSAGES.chargeRequested,
  chargeApproved: CALL_MESSAGES.chargeApproved,
  chargeRefused: CALL_MESSAGES.chargeRefused,
  /** The payer's prompt (spec §2: approve the per-minute charge, with approve and refuse buttons). */
  chargePrompt: (points: number) =>
    `お相手から課金のリクエストが届きました。1分 ${points.toLocaleString('ja-JP')}ポイントです。`,
  approveCharge: '承認する',
  refuseCharge: '拒否する',
  /** The payer may cap what this call can cost (ours; docs/strings.md). */
  spendCapLabel: 'この通話の上限',
  noSpendCap: '上限なし',
  spendCapOption: (points: number) => `${points.toLocaleString('ja-JP')}ポイントまで`,
  chargingCapped: (points: number, cap: number) =>
    `課金中：${points.toLocaleString('ja-JP')}ポイント（上限 ${cap.toLocaleString('ja-JP')}ポイント）`,
  outOfPoints: CALL_MESSAGES.outOfPoints,
  free: '通話料金：無料',
  /** A paid call's record in the room, the same for both sides (walk #45). */
  recordPaid: (talk: string, points: number) => `${talk}・通話料金 ${points.toLocaleString('ja-JP')}ポイント`,
  report: '通報する',
  reportTarget: '通報対象',
  reportContent: '通報内容',
  reportSend: '通報する',
  reportRequired: '通報内容を入力してください。',
  // One wording for every report (walk #50): the voice's report said this already.
  reportDone: '通報を受け付けました。',
  // The in-call report (issue 27): a reason, a confirmation, then the call ends and the partner is blocked.
  callReportTitle: '通話中の相手を通報',
  callReportReason: '通報の理由',
  callReportReasons: ['暴言・嫌がらせ', '性的な内容', '勧誘・宣伝・金銭の要求', '未成年と思われる', 'その他'],
  callReportConfirm: '通報すると通話が終了し、この相手をブロックします。通報しますか？',
  callReportSend: '通報して通話を終了',
  addFriend: 'ともだちに追加',
  anonymous: '匿名さん',
  noName: '名前なし',
  age: (name: string) => name,
  callRecord: '通話',
  // greeting recorder (spec §4)
  recorderTitle: 'あいさつメッセージ',
  recorderLead: '相手の着信画面で流れる、20秒までのあいさつを録音してください。',
  recorderSaved: '前回のあいさつが保存されています。そのまま送るか、録り直してください。',
  record: '録音する',
  pause: '一時停止',
  resume: '再開',
  stopRecording: '録音を終了',
  play: '再生',
  stopPlaying: '停止',
  redo: '録り直す',
  sendToPartner: '相手に送る',
  /** Walk #15: with nothing recorded the call goes without a greeting (ours; the spec is silent). */
  callWithoutGreeting: 'あいさつなしで発信する',
  recordingNow: '録音中',
  pausedNow: '一時停止中',
  /** Stop pressed, the recorder still closing its file (ours: the spec shows none). */
  finishingNow: '録音を保存しています…',
  /** A recording stopped before any sound was kept (ours). */
  recordingEmpty: '音声を録音できませんでした。もう一度「録音する」を押してください。',
  /** §5 / §8, quoted */
  recordingMissing: '録画を終了しなければします。',
  recordTime: (ms: number, max: number) => `${Math.floor(ms / 1000)}秒 / ${Math.floor(max / 1000)}秒`,
  uploading: '送信しています…',
  overlayLabel: '通話',
} as const;

/** Every Japanese string of the chat remote (the spec's wording where it gives one). */
export const strings = {
  friendsTitle: 'ともだち',
  friendsCallTitle: 'ともだち（通話）',
  addFriendTitle: 'ともだち追加',
  blockListTitle: 'ブロックリスト',
  trumpetTitle: '効果音',
  addFriend: 'ともだちを追加',
  chat: 'チャット',
  call: '通話',
  /** Friend detail (spec §2): 'forbidden matters', 'self PR', 'no data' (our wording, docs/strings.md). */
  forbiddenMatters: '禁止事項',
  selfPr: '自己PR',
  noData: 'データがありません',
  friendTopic: 'ともだちの声',
  views: '閲覧',
  hearts: 'ハート',
  remaining: '残り',
  block: 'ブロック',
  unblock: 'ブロック解除',
  deleteFriend: 'ともだちから削除',
  // The spec's question, then what a block does (walk #24; docs/strings.md): it ends the friendship
  // and its talk for both, unblocking brings neither back, and the other person is not told why.
  confirmBlock:
    'このともだちを本当にブロックしますか？\nブロックすると、ともだちから外れ、これまでのトークも消えます。ブロックを解除しても元には戻りません。お相手にブロックしたことは通知されません。',
  confirmDelete: 'このともだちを本当に削除しますか？',
  noFriends: 'ともだちはまだいません',
  noFriendsHint: '名前で検索して、ともだちを追加しましょう。',
  noBlocks: 'ブロックしているユーザーはいません',
  noMessage: 'まだメッセージはありません',
  filterHistory: '履歴',
  filterMine: '自分の投稿',
  filterAll: 'すべて',
  filterLabel: '表示するともだち',
  searchPlaceholder: 'ユーザー名で検索',
  search: '検索',
  searchRequired: 'キーワードを入力してください。',
  noResults: '該当する検索結果が見つかりませんでした',
  add: '追加',
  alreadyFriend: 'ともだち',
  alreadyFriends: messages.alreadyFriends,
  friendAddedNamed: (name: string) => `${name} さんをともだちに追加しました！`,
  // Ours (walk #21): friend requests.
  friendRequestedNamed: (name: string) =>
    `${name} さんにともだち申請を送りました。お相手が承認すると、ともだちになります。`,
  requested: '申請中',
  requestsTitle: 'ともだち申請',
  acceptRequest: (name: string) => `${name}さんの申請を承認`,
  declineRequest: (name: string) => `${name}さんの申請を削除`,
  accept: '承認',
  decline: '削除',
  requestAccepted: (name: string) => `${name} さんとともだちになりました！`,
  friendAdded: messages.friendAdded,
  unexpected: messages.unexpected,
  offline: messages.offline,
  voiceGone: '該当する声がありません。既に削除されている可能性があります。',
  // Ours (walk #30): a room that does not exist at all (a stale link); the spec says 'show the error'.
  roomNotFound: 'このトークは見つかりません。削除された可能性があります。',
  /** The app's words for a voice whose time ran out (topics says them too), walk #10. */
  voiceExpired: '声の表示時間が終了したため、前の画面に戻ります。',
  /** The voice bar's time left: h:mm:ss from an hour, m:ss below. */
  voiceLeft: (text: string) => `残り ${text}`,
  anonymous: '匿名さん',
  noName: '名前なし',
  // chat room
  /** The voice a room is about, under its header (walk #11; ours, the spec shows none). */
  roomVoice: (title: string) => `声：${title}`,
  gift: 'プレゼント',
  // the rating prompt (spec §4: back from a paid room whose prompt was not shown)
  rateTitle: 'このチャットを評価',
  rateQuestion: (name: string) => `${name}さんとのチャットはいかがでしたか？`,
  // …and after a paid call, its payer (spec §4 waiting_review)
  rateCallTitle: 'この通話を評価',
  rateCallQuestion: (name: string) => `${name}さんとの通話はいかがでしたか？`,
  rateStar: (n: number) => `${n}つ星`,
  rateSubmit: '評価する',
  rateSkip: 'スキップ',
  rateThanks: CHAT_MESSAGES.ratingThanks,
  // the money-request area of a paid chat (spec §4 bonus chat)
  bonus: {
    area: 'ボーナス',
    request: (points: number) => `ボーナスをリクエスト（${points.toLocaleString('ja-JP')}ポイント）`,
    waiting: 'ボーナスのお返事を待っています',
    requested: CHAT_MESSAGES.bonusRequested,
    asked: (points: number) =>
      `お相手からボーナス（${points.toLocaleString('ja-JP')}ポイント）のリクエストが届きました。`,
    held: (balance: number) => `保有ポイント：${balance.toLocaleString('ja-JP')} P`,
    pay: '支払う',
    decline: '見送る',
    paid: CHAT_MESSAGES.bonusPaid,
    declined: CHAT_MESSAGES.bonusDeclined,
    /** The owner, when the payer pays (the spec's '課金を承認されました。', with what came in) or declines. */
    ownerPaid: (points: number) =>
      `${CALL_MESSAGES.chargeApproved}ボーナス${points.toLocaleString('ja-JP')}ポイントを受け取りました。`,
    ownerDeclined: 'お相手はボーナスを見送りました。',
  },
  // /present/:roomId
  presentTitle: 'プレゼント',
  balance: '保有ポイント',
  pointsValue: (n: number) => `${n.toLocaleString('ja-JP')} P`,
  giftChoose: '贈るプレゼントを選んでください。',
  giftShort: 'ポイント不足',
  giftItem: (coin: number) => `${coin.toLocaleString('ja-JP')}ポイントのプレゼント`,
  giftTo: (name: string) => `${name}さんへ`,
  giftAfter: 'プレゼント後の保有ポイント',
  giftSend: 'プレゼントする',
  giftRechoose: '選びなおす',
  giftStamp: (coin: number) => `${coin.toLocaleString('ja-JP')}ポイントのプレゼント`,
  /** The words under a gift in the room (walk #43): from whom as the room names them, never a hidden name. */
  giftReceived: (coin: number, from: string | null) =>
    `${from === null ? '' : `${from}から`}${coin.toLocaleString('ja-JP')}ポイントのプレゼント${from === null ? 'が届きました' : ''}`,
  giftGiven: (coin: number) => `${coin.toLocaleString('ja-JP')}ポイントをプレゼントしました`,
  giftRule: '保有ポイントが0にならない範囲で贈れます。',
  notCallable: '通話を受け付けていません',
  more: 'メニュー',
  report: '通報する',
  reportTitle: '通報',
  reportPlaceholder: '通報内容',
  /** Blocking the room's partner from inside the room (ADR 0020; ours, docs/strings.md). */
  roomBlock: 'このお相手をブロック',
  roomBlockConfirm:
    'このトークのお相手をブロックしますか？このトークでのメッセージ・通話・プレゼントが届かなくなります。',
  roomBlocked: 'ブロックしました。',
  roomUnblock: 'ブロックを解除',
  roomUnblocked: 'ブロックを解除しました。',
  reportRequired: CHAT_MESSAGES.reportRequired,
  // One wording for every report (walk #50): the voice's report said this already.
  reportDone: '通報を受け付けました。',
  cancel: 'キャンセル',
  send: '送信',
  messagePlaceholder: 'メッセージを入力',
  messageLabel: 'メッセージ',
  pickImage: '画像を送る',
  pickStamp: 'スタンプを送る',
  soundEffects: '効果音を送る',
  stamps: 'スタンプ',
  stampN: (n: number) => `スタンプ ${n}`,
  imageType: CHAT_MESSAGES.imageType,
  imageSendFailed: CHAT_MESSAGES.imageSendFailed,
  textTooLong: CHAT_MESSAGES.textTooLong,
  uploading: (pct: number) => `画像を送信中 ${pct}%`,
  /** Ours (walk #55). */
  charCount: (n: number, max: number) => `${n} / ${max}文字`,
  resizing: '画像を準備中',
  sending: '送信中',
  sent: '送信済み',
  sendFailed: '送信できませんでした',
  resend: '再送信',
  read: '既読',
  image: '画像',
  openImage: '画像を拡大する',
  imageViewer: '画像',
  playSound: (name: string) => `効果音「${name}」を再生`,
  newMessage: (name: string, preview: string) => `${name}：${preview}`,
  messagesLabel: 'メッセージ一覧',
  today: '今日',
  yesterday: '昨日',
  emptyRoom: 'メッセージを送って、会話をはじめましょう。',
  anonChoiceTitle: 'どの名前で話しますか？',
  asMyName: (name: string) => `${name} で話す`,
  asAnonymous: '匿名で話す',
  partnerCard: 'プロフィール',
  blockedNote: 'ブロックしました',
  loading: '読み込み中',
  loadingOlder: '前のメッセージを読み込み中…',
  preview: MESSAGE_PREVIEW,
  tabs: ['効果音', '演奏', 'その他'] as const,
  soundSent: '効果音を送りました',
  calls: callStrings,
} as const;
