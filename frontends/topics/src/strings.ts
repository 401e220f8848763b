import { messages } from '@honne/contracts/messages';
import { ANONYMOUS_NAME } from '@honne/contracts/topics';

/**
 * Every Japanese string of the topics remote. Titles and messages the spec quotes in Japanese are
 * kept exactly (topics-chat-calls §2, §5, §8); shared rule messages come from contracts `messages`;
 * where the spec only gives an English gloss, the Japanese is ours and the gloss is in the comment.
 */
export const strings = {
  // ---- titles of spec §2 ----
  postListTitle: '投稿リスト',
  latestTitle: '最新投稿',
  historyTitle: '履歴',
  repliesTitle: '返信一覧',
  filterTitle: '絞り込み',
  /** Theme search flow headers (spec §2, quoted). */
  flowHeaders: {
    welcome: 'テーマをさがす',
    area: '絞り込み一覧',
    category: 'カテゴリ一覧',
    subCategory: 'サブカテゴリ一覧',
    create: '新しくテーマをつくる',
    success: '新しくテーマをつくる',
    threads: '投稿一覧',
  },

  // ---- post list ----
  category: 'カテゴリ',
  subCategory: 'サブカテゴリ',
  area: 'エリア',
  allCategories: 'すべてのカテゴリ',
  allSubCategories: 'すべてのサブカテゴリ',
  allAreas: '全国',
  notChosen: '未選択',
  /** 'post my voice' */
  postMyVoice: '声を投稿する',
  anonymous: ANONYMOUS_NAME,
  clicks: '閲覧数',
  hearts: 'ハート数',
  callable: '通話できます',
  notCallable: '通話を受け付けていません',
  paid: '有料',
  remaining: '残り時間',
  ownerRow: 'テーマ作成者',
  mine: 'あなたの声',
  theme: 'テーマ',
  /** spec §8, quoted */
  emptyResults: '検索条件に該当する結果が見つかりませんでした。',
  emptyNext: '条件を変えるか、テーマをさがしてあなたの声を投稿してみましょう。',
  findTheme: 'テーマをさがす',
  openFilter: '絞り込み',
  loadingMore: 'さらに読み込み中',
  newVoices: (n: number) => `新しい声が${n}件届きました`,
  voiceRemoved: '表示時間が終了した声を一覧から外しました',
  listLabel: '声の一覧',

  // ---- posting (spec §4, §5) ----
  createTitle: '声を投稿する',
  titleLabel: 'タイトル',
  commentLabel: 'コメント',
  titlePlaceholder: 'いま話したいこと',
  commentPlaceholder: 'くわしく書いてみましょう（任意）',
  expireLabel: '声が消えるまでの時間',
  chatPrice: 'チャット料金（初回のみ）',
  callPrice: '通話料金（1分あたり）',
  priceHint: '0ポイントは無料です。',
  /** The voice detail's price lines (chat once, call per minute), before anything is started. */
  pricesLabel: '料金',
  points: (n: number) => `${n.toLocaleString('ja-JP')}ポイント`,
  purchaseOnStart: '最初から課金する',
  callableLabel: '通話を受け付ける',
  anonymousLabel: '匿名で投稿する',
  submit: '投稿する',
  cancel: 'キャンセル',
  pointsUnit: 'P',
  free: '無料',
  postAgainTitle: '確認',
  ok: 'OK',
  /** spec §4 'voice posted' (contracts) */
  voicePosted: messages.voicePosted,
  noRank: 'あなたのランクでは料金を設定できません。',

  // ---- latest posts ----
  welcomeTitle: 'ようこそ、本音へ',
  welcomeBody: 'ここには、みんなのいまの声が流れてきます。気になる声をタップして、話しかけてみましょう。',
  welcomeDismiss: 'タップして閉じる',
  pickCategory: 'カテゴリを選ぶ',
  categoryPickerTitle: 'カテゴリ',
  autoScrollOn: '自動スクロール中',
  bubblesLabel: 'みんなの最新の声',
  noLatest: 'まだ声がありません。',
  noLatestNext: 'テーマをさがして、最初の声を投稿してみましょう。',

  // ---- theme search flow ----
  welcomeSearchLead: 'テーマは「カテゴリ → サブカテゴリ → エリア」の順に選びます。',
  welcomeSearchBody: 'はじめに、話したいことに近いカテゴリを選びましょう。',
  start: 'はじめる',
  passwordTitle: 'パスワード',
  passwordLead: 'このサブカテゴリに入るにはパスワードが必要です。',
  passwordLabel: 'パスワード',
  enter: '入る',
  locked: '鍵付き',
  myTheme: 'あなたのテーマ',
  defaultTheme: 'おまかせテーマ',
  voicesCount: (n: number) => `声 ${n}件`,
  createTheme: '新しくテーマをつくる',
  themeName: 'テーマ名',
  create: 'つくる',
  createdTitle: 'テーマをつくりました',
  createdBody: (name: string) => `「${name}」ができました。さっそく声を投稿してみましょう。`,
  /** success-view buttons (spec §2) */
  goEveryonesVoices: 'みんなの声を見る',
  backToThemes: 'テーマ一覧にもどる',
  changeCategory: 'カテゴリを変える',
  changeArea: 'エリアを変える',
  noThemes: 'このエリアにはまだテーマがありません。',
  joinNewest: 'いちばん新しいテーマに参加する',

  // ---- filter ----
  gender: '性別',
  ageGroup: '年代',
  presence: 'オンライン状態',
  save: '保存する',
  all: 'すべて',
  /** The post list says when the saved filter hides people, with a way back to everyone. */
  filterActive: '絞り込み中',
  clearFilter: '解除',
  genders: { 0: 'すべて', 1: '男性', 2: '女性', 3: '未設定' } as Record<number, string>,
  presences: { 0: 'すべて', 1: 'オンライン', 2: 'オフライン' } as Record<number, string>,

  // ---- voice detail (friend-detail style panel) ----
  detailTitle: '声の詳細',
  age: '年代',
  bloodPersonality: (blood: string, personality: string) => `血液型 ${blood}・性格 ${personality}`,
  notSet: '未設定',
  forbiddenMatters: '禁止事項',
  selfPr: '自己PR',
  /** 'no data' */
  noData: 'データがありません',
  report: '通報する',
  sendHeart: 'この声にハートを送る',
  heartSent: 'ハートを送りました',
  reportTitle: '通報',
  reportTarget: (name: string) => `通報する相手：${name}`,
  reportLabel: '通報内容',
  reportSend: '通報する',
  reportDone: '通報を受け付けました。',
  reportRequired: messages.reportRequired,
  chat: 'チャット',
  call: '通話',
  chatSoon: 'チャットと通話は次の更新で使えるようになります。',
  anonymousProfile: '匿名の投稿者のプロフィールは表示されません。',
  close: '閉じる',

  // ---- history and replies ----
  historyTabs: { 0: 'すべて', 1: '自分の投稿', 2: '他の人の投稿' } as Record<number, string>,
  /** 'no history' (contracts) */
  noHistory: messages.noHistory,
  noHistoryNext: '声を投稿したり、誰かの声に話しかけると、ここに表示されます。',
  goHome: '投稿リストへ',
  repliesTabs: { '0': 'すべて', '1': '返信した人' } as Record<string, string>,
  /** 'nobody has replied yet' (contracts) */
  noReplies: messages.noReplies,
  allowTalks: 'トークの受付',
  replied: '返信あり',
  notReplied: '未返信',
  viewReplies: '返信を見る',
  noMessage: 'メッセージはまだありません',
  /** Screen-reader text of a row's unread badge. */
  unreadCount: (n: number) => `未読メッセージ${n}件`,
  /** Opens the conversation on a history row or a reply (the poster answers from here). */
  openConversation: (name: string) => `${name}さんとのトークを開く`,
  /** The owner's way from their voice to the people who wrote on it. */
  openReplies: '返信一覧を見る',

  // ---- expiry (spec accounts-profile-friends §4: 'the display time of the voice has run out,
  // so you will return to the previous screen') ----
  voiceExpired: '声の表示時間が終了したため、前の画面に戻ります。',

  unexpected: messages.unexpected,
} as const;
