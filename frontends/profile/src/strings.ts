/**
 * Every Japanese string of the profile remote. Quoted exactly where the spec gives Japanese
 * ('つぎへ', 想定しないエラーが発生しました。 via contracts); where the spec gives English
 * the Japanese is ours (the English gloss is in the comment). Validation and error messages come
 * from @honne/contracts `messages`, so client and server say the same words.
 */
export const strings = {
  // Splash
  /** 'delivers the voice of the heart, a genuine-voice social network' */
  tagline: '心の声を届ける、本音のSNS',
  start: 'はじめる',
  tutorialLink: 'はじめての方へ（使い方を見る）',
  splashAutoNote: 'まもなくログイン画面に移動します',

  // Tutorial
  tutorialTitle: '使い方',
  /** Spec §2, quoted. */
  next: 'つぎへ',
  /**
   * The last page's button. The spec quotes '行われ' ("be done"), which reads as a broken word;
   * the button leads to sign-up, so it says はじめる (docs/strings.md).
   */
  last: 'はじめる',
  skip: 'スキップ',
  tutorialPage: (n: number, total: number) => `${total}ページ中${n}ページ目`,
  tutorialPages: [
    {
      title: '3つのキャラクター',
      body: 'ひとつのアカウントで、最大3人の「なりたい自分」をつくれます。話したい相手や気分にあわせて、キャラクターを使い分けましょう。',
    },
    {
      title: '時間がたつと消えるメッセージ',
      body: 'メッセージや投稿、写真は、あなたが決めた時間がたつと自動で消えます。残らないから、本音を気軽に届けられます。',
    },
    {
      title: 'あいさつ通話',
      body: '気になる声を見つけたら、あいさつ通話ですぐに話しかけられます。文字だけでは伝わらない気持ちも、声なら届きます。',
    },
    {
      title: '3人はそれぞれ独立',
      body: '3人のキャラクターは、ともだちも履歴もそれぞれ別々。だれにも気をつかわず、安心して使い分けられます。',
    },
  ],

  // Login
  loginTitle: 'ログイン',
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: '8〜20文字',
  loginButton: 'ログイン',
  /** 'forgot password' link → /verify_email */
  forgotPassword: 'パスワードをお忘れの方',
  /** 'new account' link → /tutorial */
  newAccount: '新規アカウント作成',

  // Sign-up
  signUpTitle: 'アカウント作成',
  emailConfirm: 'メールアドレス（確認用）',
  passwordConfirm: 'パスワード（確認用）',
  termsLink: '利用規約',
  termsAgreeSuffix: 'に同意する',
  termsGateNote: '利用規約を開いて内容を確認すると、チェックできるようになります。',
  createButton: 'アカウントを作成する',
  haveAccount: 'アカウントをお持ちの方はこちら',

  // Verification step
  verifyTitle: '認証コードの入力',
  verifyLead: (email: string) =>
    `${email} に6桁の認証コードを送信しました。メールに記載されたコードを入力してください。`,
  verifyCode: '認証コード（6桁）',
  verifyButton: '認証する',
  resendCode: '認証コードを再送信する',
  resent: '認証コードを再送信しました。メールをご確認ください。',
  codeValidFor: (minutes: number) => `コードの有効期限は${minutes}分です。`,
  /** /code: the sign-up code for someone who left before entering it (our wording, docs/strings.md). */
  codePageLead: '登録したメールアドレスと、メールに届いた6桁の認証コードを入力してください。',
  codePageLink: '認証コードをお持ちの方はこちら',
  /** /setting-information (our wording, docs/strings.md) */
  settingInfoTitle: 'プロフィール設定',
  settingInfoHeading: 'はじめに、あなたのプロフィールを設定しましょう',
  settingInfoLead:
    'ユーザー名・アイコン・血液型や性格・趣味を選ぶと、本音で話せる相手が見つかりやすくなります。名前とアイコンはあとから変更できます。',
  settingInfoSteps: ['ユーザー名・性別・年代・エリア', 'アイコン画像', '血液型・性格', '趣味・関心'],
  settingInfoStart: 'プロフィールを設定する',
  settingInfoDone: 'プロフィールは設定済みです。',
  settingInfoEdit: 'プロフィールを変更する',

  // Terms
  termsTitle: '利用規約',
  termsClose: '閉じる',
  termsUpdated: '最終更新日：2022年1月10日',

  // Onboarding (spec §2 registration-information)
  registrationTitle: 'プロフィール登録',
  registrationHeading: 'ようこそ、本音へ',
  registrationLead: 'まずは、あなたの「なりたい自分」の基本情報を教えてください。',
  userName: 'ユーザー名',
  userNameHint: '10文字以内',
  gender: '性別',
  age: '年代',
  area: 'エリア',
  choose: '選択してください',
  decide: '決定',
  logout: 'ログアウト',
  /** Ours (walk #54). */
  logoutConfirm: 'ログアウトしますか？',
  avatarTitle: 'アイコン設定',
  /** 'Next, let's set your icon image' */
  avatarHeading: 'つぎに、アイコン画像を設定しましょう',
  takePhoto: '写真を撮る',
  chooseLibrary: 'ライブラリから選ぶ',
  chooseAvatar: 'アバターから選ぶ',
  avatarPreview: 'アイコンのプレビュー',
  avatarNone: 'まだ選ばれていません。選ばない場合は、デフォルトのアバターになります。',
  avatarListTitle: 'アバター一覧',
  avatarListLegend: (age: string, gender: string) => `${age}・${gender}のアバター`,
  avatarNumber: (n: number) => `アバター${n}`,
  avatarListEmpty: '先に性別と年代を選んでください。',
  cameraTitle: '写真を撮る',
  capture: '撮影する',
  cameraStarting: 'カメラを起動しています…',
  cameraErrorTitle: 'カメラを利用できません',
  cameraVideo: 'カメラの映像',
  cameraUnsupported: 'このブラウザはカメラに対応していません。',
  uploading: 'アップロード中',
  confirmTitle: '登録内容の確認',
  confirmLead: 'この内容でよろしいですか？',
  change: '変更',
  changeOf: (what: string) => `${what}を変更`,
  yes: 'はい',
  /** 'name and icon can be changed later' */
  confirmNote: 'ユーザー名とアイコンは、あとから変更できます。',
  icon: 'アイコン',
  soundTitle: 'ボイスチェンジャー設定',
  soundLead: '通話で使う声の雰囲気を調整できます。',
  soundLabels: ['声の高さ', '声の質', 'エフェクトの強さ'],
  voicePreview: '自分の声を試しに聞く',
  voicePreviewStop: '試聴をやめる',
  voicePreviewHint: '通話相手に届く声を、そのまま聞くことができます。ハウリングを防ぐため、イヤホンをお使いください。',
  voicePreviewProblem: {
    insecure: 'このページはSSL（https）で接続されていないため、マイクを使えません。',
    denied:
      'マイクの使用が許可されていません。アドレスバーの鍵アイコン（サイトの設定）からマイクを「許可」にしてください。',
    absent: 'マイクが見つかりません。マイクを接続してから、もう一度お試しください。',
  },
  save: '保存する',
  saved: '保存しました。',
  bloodTitle: '血液型・性格',
  bloodType: '血液型',
  bloodTypeName: (t: string) => `${t}型`,
  personality: '性格',
  ratingsHeading: 'あなたの傾向（1〜5）',
  ratingsNote: '1が低め、5が高めです。',
  characterTitle: '趣味・関心',
  characterLead: '当てはまるものを、いくつでも選んでください。',
  tagsLegend: '趣味・関心のタグ',
  resultTitle: '登録内容',
  /** 'decided your 1st self you want to be' */
  resultHeading: 'なりたい1人目の自分が決まりました',
  notSet: '未設定',
  noTags: '選択なし',
  missingBasics: 'ユーザー名・性別・年代・エリアを入力してください。',

  // My page (spec §2)
  myPageTitle: 'マイページ',
  changeAvatar: 'アイコンを変更',
  points: 'ポイント',
  pointsValue: (n: number) => `${n.toLocaleString('ja-JP')} P`,
  help: 'ヘルプ',
  helpTitle: 'ヘルプ',
  helpTerms: '利用規約を読む',
  editProfile: 'プロフィール編集',
  editBlood: '血液型・性格を編集',
  editSound: 'ボイスチェンジャー設定',
  characters: '3キャラクター',
  /** 'forbidden matters' */
  banList: '禁止事項',
  banPlaceholder: '話したくないこと、されたくないことなど',
  selfPr: '自己PR',
  prPlaceholder: 'あなたのことを自由に書いてください',
  settingsLink: '設定',
  deleteAccount: 'アカウントを削除',
  /** The deletion sheet (issue 33; docs/strings.md): the consequences and the password again. */
  deleteSheet: {
    title: 'アカウントを削除',
    subTitle: 'キャラクターを削除',
    lead: '本当に削除しますか？',
    irreversible: '削除すると元に戻せません。',
    subLead: (name: string) => `キャラクター「${name}」を削除します。`,
    pointsLost: (points: number) => `保有ポイント ${points.toLocaleString('ja-JP')} P は失われ、払い戻しもできません。`,
    pointsLostUnknown: '保有ポイントは失われ、払い戻しもできません。',
    chatsLost: 'チャット、ともだち、投稿した声はすべて削除されます。',
    allLost: 'ログインもできなくなります。',
    subOthersStay: 'アカウントとほかのキャラクターはそのまま残ります。',
    // Ours (walk #28): empty characters do not hold the parent back; they go with it.
    emptyCharactersGo: (n: number) => `プロフィール未登録のキャラクター（${n}人）も一緒に削除されます。`,
    password: 'パスワード（確認のため）',
    passwordRequired: 'パスワードを入力してください。',
    confirm: '削除する',
    deleted: 'アカウントを削除しました。ご利用ありがとうございました。',
    subDeleted: (name: string) => `キャラクター「${name}」を削除しました。もう一度ログインしてください。`,
  },
  cancel: 'キャンセル',
  profileLoadFailed: 'プロフィールを読み込めませんでした。',
  retry: '再読み込み',

  // 3-character switcher (spec §2 modal types)
  charactersTitle: '3キャラクター',
  charactersLead: 'ひとつのアカウントで、3人までのキャラクターを使い分けられます。',
  currentCharacter: '使用中',
  parentCharacter: 'メイン',
  unnamedCharacter: '（プロフィール未登録）',
  switchTo: (name: string) => `${name}に切り替える`,
  addCharacter: 'キャラクターを追加',
  charactersFull: 'キャラクターは3人までです。',

  // Points
  managePointTitle: 'ポイント管理',
  balance: '保有ポイント',
  pointHistory: 'ポイント履歴',
  historyEmpty: 'まだポイントの動きはありません。',
  historyMore: 'もっと見る',
  historyLoading: '読み込み中…',
  /** What a movement was, by its kind and direction (in: points came in). */
  historyKind: (kind: string, incoming: boolean): string =>
    ({
      grant: '運営からの付与',
      purchase: 'ポイント購入',
      gift: incoming ? 'プレゼントを受け取りました' : 'プレゼントを贈りました',
      chat_fee: incoming ? 'チャット料金の受け取り' : 'チャット料金',
      chat_bonus: incoming ? 'ボーナスの受け取り' : 'ボーナス',
      call_minute: incoming ? '通話料金の受け取り' : '通話料金',
      // A moderator's refund of a reported paid chat or call (ADR 0030): the payer gets it back, the receiver gives it back.
      refund: incoming ? '運営による返金' : '運営による返金（受け取ったポイントの取り消し）',
      adjustment: '調整',
      expiry: '有効期限切れ',
    })[kind] ?? kind,
  historyWith: (name: string) => `${name}さん`,
  historyNoName: '名前なし',
  pointRefund: 'ポイント払い戻し',
  pointTiles: ['ポイント購入', 'キャンペーン', '使い方'],
  addPoints: 'ポイントを追加する',
  pointsPending: 'この機能は現在準備中です。公開まで今しばらくお待ちください。',
  /** The expert request (spec §4 paid-request button; ours, docs/strings.md). */
  expertRequest: 'エキスパートを申請する',
  expertPending: '申請の承認待ち',
  expertConfirm:
    'エキスパート（有料サービスの提供者）として申請します。運営が確認して承認すると、あなたの声とプロフィールにエキスパートの印がつきます。',
  expertRequested: '申請を受け付けました。承認されるまでお待ちください。',
  expertRefused: '前回の申請は承認されませんでした。内容を見直して再度申請できます。',
  noCampaign: '現在開催中のキャンペーンはありません。',
  /** How points work; the purchased points' lifetime comes from the server's lot policy (null: no expiry). */
  pointsHowTo: (validDays: number | null | undefined) =>
    `ポイントは、有料のチャット・通話とプレゼントに使えます。ポイントを追加するから購入でき、${validDays ? `購入したポイントは購入日から${validDays}日間ご利用いただけます。` : ''}プレゼントや料金として受け取ったポイントも同じように使えます。`,
  refundSheet: {
    title: 'ポイント払い戻しのご依頼',
    about:
      '購入したポイントの払い戻しは、法令に定める場合に限り運営が個別に対応します。理由をお書きください。内容を確認し、登録のメールアドレスにご連絡します。',
    reason: '払い戻しを希望する理由',
    tooLong: '理由は1000文字以内で入力してください。',
    send: '依頼を送る',
  },
  /** The reminder before purchased points expire (資金決済法 expire policy; ours, docs/strings.md). */
  expiringNotice: (points: number, at: string) =>
    `${points.toLocaleString('ja-JP')}ポイントが${new Date(at).toLocaleDateString('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' })}に有効期限を迎えます。お早めにご利用ください。`,
  /** Monthly caps of users under 18 (ours, docs/strings.md). */
  monthlyCap: {
    title: '18歳未満の方のご利用上限',
    about:
      '18歳未満の方がプレゼント・有料チャット・有料通話に使えるポイントは、1か月あたり16歳未満 5,000ポイント、16〜17歳 20,000ポイントまでです。',
    usage: (spent: number, cap: number) =>
      `今月のご利用：${spent.toLocaleString('ja-JP')} / ${cap.toLocaleString('ja-JP')}ポイント`,
    bracket: '年齢の区分',
    brackets: { under16: '16歳未満', '16to17': '16〜17歳', '18plus': '18歳以上' } as Record<string, string>,
    choose: '選んでください',
    save: '保存する',
    saved: '年齢の区分を保存しました。',
  },
  addPointsSheet: {
    title: 'ポイントを追加する',
    how: 'ポイントはお支払いサービスの決済画面で購入します。決済が完了すると、保有ポイントにすぐ反映されます（1ポイント＝1円・税込）。',
    price: (yen: number) => `¥${yen.toLocaleString('ja-JP')}`,
    notes: (validDays: number | null | undefined) =>
      `${validDays ? `購入したポイントは購入日から${validDays}日間ご利用いただけます。` : ''}ポイントの現金への払い戻しはできません。`,
    buy: (points: number, yen: number) =>
      `${points.toLocaleString('ja-JP')}ポイントを¥${yen.toLocaleString('ja-JP')}で購入する`,
    opening: '決済画面を開いています…',
  },
  /** The return from the checkout to /manage-point (ours; docs/strings.md). */
  checkoutReturn: {
    waiting: 'お支払いを確認しています…',
    paid: (points: number) => `${points.toLocaleString('ja-JP')}ポイントを追加しました。`,
    slow: 'お支払いの確認に時間がかかっています。反映まで少しお待ちください。',
    cancelled: 'ポイントの購入を取りやめました。',
  },
  /** The app's own checkout where no payment provider is configured (never in production). */
  testCheckout: {
    title: 'テスト決済',
    banner: 'これはテスト用の決済画面です。実際のお金は支払われません。',
    item: (points: number) => `${points.toLocaleString('ja-JP')}ポイント`,
    price: (yen: number) => `¥${yen.toLocaleString('ja-JP')}（税込）`,
    pay: '支払う（テスト）',
    cancel: 'キャンセル',
    paid: 'このお支払いは完了しています。',
  },

  // Profile edits
  profileTitle: 'プロフィール',
  changeUserNameTitle: 'ユーザー名の変更',
  /** Spec §4: changing the user name resets all friends and removes chat rooms. */
  changeUserNameNote: 'ユーザー名を変更すると、ともだちがリセットされ、チャットルームが削除されます。',
  changeButton: '変更する',
  changed: '変更しました。',
  /** Before a real rename (spec §4 resets friendships): what it removes, asked first. */
  renameConfirm: (name: string, friends: number) =>
    friends > 0
      ? `ユーザー名を「${name}」に変更すると、ともだち${friends}人との関係がリセットされ、ともだちとのチャットルームが削除されます。変更しますか？`
      : `ユーザー名を「${name}」に変更しますか？`,
  /** The same name submitted again: nothing to do. */
  nameUnchanged: 'ユーザー名は変更されていません。',
  changeAvatarTitle: 'アイコンの変更',
  ok: 'OK',
  cropTitle: '画像を切り抜く',
  cropInstructions: 'ドラッグで位置を、スライダーで大きさを調整できます（矢印キーと＋／−キーでも操作できます）。',
  zoom: '拡大',
  defaultImagesTitle: 'アバターを選ぶ',
  changePasswordTitle: 'パスワード変更',
  currentPassword: '現在のパスワード',
  newPassword: '新しいパスワード',
  newPasswordConfirm: '新しいパスワード（確認用）',
  snsTitle: 'SNS情報',
  snsLead: 'Facebook・Instagram・Twitterのリンクを登録できます（任意）。',
  snsHint: 'URLまたはユーザー名',
  snsOpen: (name: string) => `${name}を開く`,
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',

  // Settings
  settingsTitle: '設定',
  comingSoon: '準備中',
  settingsRows: {
    profile: 'プロフィール',
    password: 'パスワード変更',
    sns: 'SNS情報',
    messageSound: 'メッセージ着信音',
    greetingCall: 'あいさつ通話設定',
    /** Ours (walk #41): what the toggle does. */
    greetingCallHint: 'オンにすると、着信のときに相手のあいさつメッセージが流れます。オフにすると流れません。',
    retention: 'チャットの最大保存時間',
    blocklist: 'ブロックリストの編集',
    terms: '利用規約',
    /** Web push on this device (issue 14; ours, docs/strings.md). */
    push: 'プッシュ通知',
    pushText: '通知にメッセージ本文を表示',
    /** Age assurance (ADR 0031; docs/strings.md). */
    age: '年齢確認',
  },
  /** Age assurance (ADR 0031; docs/strings.md): the 年齢確認 sheet in /settings. */
  ageAssurance: {
    state: {
      minor: '18歳未満',
      self_declared_adult: '未確認',
      verified_adult: '確認済み',
    },
    pending: '審査中',
    rejected: '却下',
    lead: '運転免許証・マイナンバーカード（表面）・パスポートなど、生年月日が分かる書類の写真を送ってください。運営者が18歳以上であることを確認します。画像は確認が終わるとすぐに削除されます。',
    why: '安全のため、連絡先（電話番号・メールアドレス・SNSのID など）の交換は、年齢確認済みの方同士でのみできます。',
    verified: '年齢確認が済んでいます。',
    waiting: '書類を確認しています。結果が出るまでお待ちください。',
    rejectedReason: (reason: string) => `却下されました：${reason}`,
    minor: '18歳未満の方は年齢確認の対象外です。',
    choose: '書類の写真を選ぶ',
    send: '送信する',
    sent: '書類を送信しました。確認をお待ちください。',
  },
  push: {
    hint: 'アプリを閉じているときも、新しいメッセージと着信をこの端末にお知らせします。',
    unsupported: 'このブラウザはプッシュ通知に対応していません。',
    denied: '通知がブロックされています。ブラウザの設定で通知を許可してください。',
    failed: 'プッシュ通知を設定できませんでした。もう一度お試しください。',
  },

  // Password reset
  resetTitle: 'パスワード再設定',
  verifyEmailLead: '登録したメールアドレスを入力してください。パスワード再設定用の認証コードをお送りします。',
  send: '送信する',
  verifyCodeLead: (email: string) => `${email} に送信した6桁の認証コードを入力してください。`,
  newPasswordTitle: '新しいパスワードの設定',
  setPassword: '設定する',

  // Prototype phone sign-in
  otpTitle: '電話番号で登録',
  otpLead: '電話番号を入力してください。SMSで6桁の認証コードをお送りします。',
  phone: '電話番号',
  phonePrefix: '+81',
  phoneHint: '例：090-1234-5678',
  sendCode: '認証コードを送信',
  otpConfirmTitle: '認証コードの入力',
  otpConfirmLead: (phone: string) => `${phone} に送信した6桁の認証コードを入力してください。`,
  otpResultTitle: 'ようこそ',
  otpResultHeading: '電話番号の確認ができました',
  /** 'welcomes the user to create a first character' */
  otpResultBody: 'さっそく、1人目のキャラクターをつくりましょう。',
  otpResultButton: 'キャラクターをつくる',
} as const;
